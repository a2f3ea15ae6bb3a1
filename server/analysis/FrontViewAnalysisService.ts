import { sql } from 'kysely';
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../../contracts/panels';
import { RECOGNITION_KINDS } from '../../contracts/recognition';
import type { Db } from '../db/Database';
import type { AvailabilityService } from '../operations/AvailabilityService';
import type { AnalysisWindow } from './analysisWindow';
import { percentOf, type RecognitionFigures } from './RecognitionFigures';
import { numberOf } from './sqlFigures';

/** Availability rows of the operations' service: per bucket (-1: the whole window) and device kind. */
type AvailabilityRows = Awaited<ReturnType<AvailabilityService['byBucket']>>;

/**
 * 前端感知: the recognition cameras (the device kinds with live video) — how many are online now, their
 * uptime over the window (the operations' availability from device_status_changes, the kinds' means
 * weighted by their devices), the records each produced, and those that produced none.
 */
export class FrontViewAnalysisService {
  constructor(
    private readonly db: Db,
    private readonly figures: RecognitionFigures,
    private readonly availability: AvailabilityService,
    private readonly cameraKinds: readonly string[],
  ) {}

  /** The tenant's cameras with their records in the window (a left join on the per-camera counts). */
  private camerasWithRecords(tenantId: number, window: AnalysisWindow) {
    const perCamera = this.figures
      .records(tenantId, window)
      .select(['r.device_id', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('r.at').as('last')])
      .groupBy('r.device_id');
    return this.db
      .selectFrom('devices as d')
      .leftJoin(perCamera.as('g'), 'g.device_id', 'd.device_id')
      .where('d.tenant_id', '=', tenantId)
      .where('d.kind', 'in', this.cameraKinds.length ? this.cameraKinds : ['']);
  }

  private uptimeRows(tenantId: number, window: AnalysisWindow): Promise<AvailabilityRows> {
    const first = window.buckets[0] ?? window.start;
    return this.availability.byBucket(tenantId, first, window.step, window.buckets.length, window.until);
  }

  /** The cameras' mean availability in bucket `i` (-1: the whole window), in per cent; null when none was observed. */
  private uptimeOf(rows: AvailabilityRows, i: number): number | null {
    let devices = 0;
    let weighted = 0;
    for (const row of rows) {
      if (Number(row.i) !== i || !this.cameraKinds.includes(row.kind) || row.availability === null) continue;
      devices += Number(row.devices);
      weighted += Number(row.availability) * Number(row.devices);
    }
    return devices === 0 ? null : Math.round((weighted / devices) * 1000) / 10;
  }

  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const [cameras, records, uptime] = await Promise.all([
      this.camerasWithRecords(tenantId, window)
        .select([
          (eb) => eb.fn.countAll<number>().as('total'),
          sql<number>`coalesce(sum(d.online), 0)`.as('online'),
          sql<number>`coalesce(sum(case when g.n is null then 1 else 0 end), 0)`.as('silent'),
        ])
        .executeTakeFirst(),
      this.figures
        .records(tenantId, window)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      this.uptimeRows(tenantId, window),
    ]);
    const total = numberOf(cameras?.total);
    return {
      items: [
        { name: '识别相机', value: total, unit: '台' },
        { name: '当前在线', value: numberOf(cameras?.online), unit: '台' },
        { name: '当前在线率', value: percentOf(numberOf(cameras?.online), total), unit: '%' },
        { name: '时段在线率', value: this.uptimeOf(uptime, -1) ?? 0, unit: '%' },
        { name: '识别记录', value: numberOf(records?.n), unit: '条' },
        { name: '无记录相机', value: numberOf(cameras?.silent), unit: '台' },
      ],
    };
  }

  /** Records by kind, every kind in the dictionary's order (codes). */
  async byKind(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const rows = await this.figures
      .records(tenantId, window)
      .select(['r.kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('r.kind')
      .execute();
    const counts = new Map(rows.map((row) => [row.kind, numberOf(row.n)]));
    return { unit: '条', items: RECOGNITION_KINDS.map((kind) => ({ key: kind, name: kind, value: counts.get(kind) ?? 0 })) };
  }

  async uptime(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const rows = await this.uptimeRows(tenantId, window);
    const points = window.buckets.flatMap((at, index): [number, number][] => {
      const value = this.uptimeOf(rows, index);
      return value === null ? [] : [[at, value]];
    });
    return { axis: 'time', unit: '%', series: [{ name: '在线率', points }] };
  }

  /** Every recognition camera: those without records in the window first, then the fewest records. */
  async cameras(tenantId: number, window: AnalysisWindow): Promise<TableData> {
    const rows = await this.camerasWithRecords(tenantId, window)
      .select(['d.device_id', 'd.name', 'd.online', 'g.n', 'g.last'])
      .orderBy(sql`coalesce(g.n, 0)`)
      .orderBy('d.device_id')
      .execute();
    return {
      columns: [
        { key: 'name', title: '相机', format: 'text' },
        { key: 'status', title: '当前状态', format: 'text' },
        { key: 'records', title: '识别记录', format: 'number' },
        { key: 'lastAt', title: '最近识别', format: 'dateTime' },
      ],
      rows: rows.map((row) => ({
        key: String(row.device_id),
        name: row.name,
        status: row.online ? '在线' : '离线',
        records: numberOf(row.n),
        lastAt: row.last === null || row.last === undefined ? null : numberOf(row.last),
      })),
      total: rows.length,
    };
  }
}
