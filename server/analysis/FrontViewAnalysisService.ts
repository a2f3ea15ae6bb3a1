import type { CategoryData, SeriesData, StatGroupData, TableData } from '../../contracts/panels';
import { RECOGNITION_KINDS } from '../../contracts/recognition';
import type { Db } from '../db/Database';
import type { AvailabilityService } from '../operations/AvailabilityService';
import type { AnalysisWindow } from './analysisWindow';
import { percentOf, type RecognitionFigures } from './RecognitionFigures';

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

  /** The tenant's recognition cameras, each with its records in the window (n 0 and last null when it has none). */
  private async camerasWithRecords(tenantId: number, window: AnalysisWindow) {
    const [devices, counts] = await Promise.all([
      this.db
        .selectFrom('devices')
        .select(['device_id', 'name', 'online'])
        .where('tenant_id', '=', tenantId)
        .where('kind', 'in', this.cameraKinds.length ? this.cameraKinds : [''])
        .execute(),
      this.figures.perCamera(tenantId, window),
    ]);
    return devices.map((device) => ({
      ...device,
      n: counts.get(device.device_id)?.n ?? 0,
      last: counts.get(device.device_id)?.last ?? null,
    }));
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
      this.camerasWithRecords(tenantId, window),
      this.figures.counts(tenantId, window, RECOGNITION_KINDS, '', 'total'),
      this.uptimeRows(tenantId, window),
    ]);
    const total = cameras.length;
    const online = cameras.reduce((sum, camera) => sum + camera.online, 0);
    return {
      items: [
        { name: '识别相机', value: total, unit: '台' },
        { name: '当前在线', value: online, unit: '台' },
        { name: '当前在线率', value: percentOf(online, total), unit: '%' },
        { name: '时段在线率', value: this.uptimeOf(uptime, -1) ?? 0, unit: '%' },
        { name: '识别记录', value: records.reduce((sum, count) => sum + count.n, 0), unit: '条' },
        { name: '无记录相机', value: cameras.filter((camera) => camera.n === 0).length, unit: '台' },
      ],
    };
  }

  /** Records by kind, every kind in the dictionary's order (codes). */
  async byKind(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const counts = new Map<string, number>();
    for (const count of await this.figures.counts(tenantId, window, RECOGNITION_KINDS, '', 'total'))
      counts.set(count.kind, (counts.get(count.kind) ?? 0) + count.n);
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
    const rows = (await this.camerasWithRecords(tenantId, window)).sort((a, b) => a.n - b.n || a.device_id - b.device_id);
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
        records: row.n,
        lastAt: row.last,
      })),
      total: rows.length,
    };
  }
}
