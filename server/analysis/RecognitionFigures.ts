import { sql, type RawBuilder } from 'kysely';
import type { RecognitionKind } from '../../contracts/recognition';
import type { PerceptionAlarmDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData } from '../../contracts/panels';
import type { Db } from '../db/Database';
import type { AnalysisWindow } from './analysisWindow';
import { shanghaiHourOf } from './analysisWindow';
import { numberOf } from './sqlFigures';

/** What an alarm without a device counts as in the by-camera figures. */
export const NO_CAMERA = '未关联设备';

/**
 * The SQL the perception pages share: every query reads the tenant's recognition records (or alarms)
 * within the window through the index that leads with tenant + time, and groups in the database.
 */
export class RecognitionFigures {
  constructor(private readonly db: Db) {}

  /** The tenant's records of the window, of one kind or several (on recognition_records_time). */
  records(tenantId: number, window: AnalysisWindow, kinds?: readonly RecognitionKind[]) {
    let query = this.db
      .selectFrom('recognition_records as r')
      .where('r.tenant_id', '=', tenantId)
      .where('r.at', '>=', window.start)
      .where('r.at', '<', window.end);
    if (kinds) query = query.where('r.kind', 'in', kinds);
    return query;
  }

  /** The index of the window's bucket an epoch-ms column falls in (integer division on both databases). */
  bucketOf(window: AnalysisWindow, column: string): RawBuilder<number> {
    const first = window.buckets[0] ?? window.start;
    return sql<number>`((${sql.ref(column)} - ${sql.lit(first)}) / ${sql.lit(window.step)})`;
  }

  /**
   * Records per bucket of the window, one series per value of `seriesKey` (an SQL expression: the kind,
   * the target type…; the series is named by the value, a code the panel labels). `order` puts the
   * series in a fixed order; values outside it follow, sorted.
   */
  async flow(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    seriesKey: RawBuilder<unknown>,
    order: readonly string[],
    unit: string,
  ): Promise<SeriesData> {
    const rows = await this.records(tenantId, window, kinds)
      .select([this.bucketOf(window, 'r.at').as('i'), seriesKey.as('s'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy([sql.ref('i'), sql.ref('s')])
      .execute();
    const present = new Set(rows.map((row) => String(row.s)));
    const names = [...order, ...[...present].filter((name) => !order.includes(name)).sort()];
    const series = names.map((name) => {
      const counts = new Map(rows.filter((row) => String(row.s) === name).map((row) => [numberOf(row.i), numberOf(row.n)]));
      return { name, points: window.buckets.map((at, index): [number, number] => [at, counts.get(index) ?? 0]) };
    });
    return { axis: 'time', unit, series };
  }

  /** Records of some kinds by hour of day (Asia/Shanghai), 0时 to 23时, as one series named `name`. */
  async byHourOfDay(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    name: string,
    unit: string,
  ): Promise<SeriesData> {
    const rows = await this.records(tenantId, window, kinds)
      .select([shanghaiHourOf('r.at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql.ref('hour'))
      .execute();
    const counts = new Map(rows.map((row) => [numberOf(row.hour), numberOf(row.n)]));
    const points = Array.from({ length: 24 }, (_, hour): [string, number] => [`${hour}时`, counts.get(hour) ?? 0]);
    return { axis: 'category', unit, series: [{ name, points }] };
  }

  /** Records of some kinds per value of a coded column, most first (nulls left out); key and name are the code. */
  async countBy(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    column: string,
    unit: string,
    limit?: number,
  ): Promise<CategoryData> {
    let query = this.records(tenantId, window, kinds)
      .select([sql.ref(column).as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .where(sql.ref(column), 'is not', null)
      .groupBy(sql.ref(column))
      .orderBy('n', 'desc')
      .orderBy(sql.ref(column));
    if (limit) query = query.limit(limit);
    const rows = await query.execute();
    return { unit, items: rows.map((row) => ({ key: String(row.key), name: String(row.key), value: numberOf(row.n) })) };
  }

  /** Records of some kinds per camera (the device's name), most first; key is the device id. */
  async countByCamera(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    unit: string,
    limit: number,
  ): Promise<CategoryData> {
    const grouped = this.records(tenantId, window, kinds)
      .select(['r.device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('r.device_id');
    const rows = await this.db
      .selectFrom(grouped.as('g'))
      .leftJoin('devices as d', (join) => join.onRef('d.device_id', '=', 'g.device_id').on('d.tenant_id', '=', tenantId))
      .select(['g.device_id', 'g.n', 'd.name'])
      .orderBy('g.n', 'desc')
      .orderBy('g.device_id')
      .limit(limit)
      .execute();
    return {
      unit,
      items: rows.map((row) => ({ key: String(row.device_id), name: row.name ?? `#${row.device_id}`, value: numberOf(row.n) })),
    };
  }

  /** The tenant's alarms of the window of some types. */
  alarms(tenantId: number, window: AnalysisWindow, types: readonly string[]) {
    return this.db
      .selectFrom('alarms as a')
      .where('a.tenant_id', '=', tenantId)
      .where('a.created_at', '>=', window.start)
      .where('a.created_at', '<', window.end)
      .where('a.alarm_type', 'in', types.length ? types : ['']);
  }

  async alarmCount(tenantId: number, window: AnalysisWindow, types: readonly string[]): Promise<number> {
    const row = await this.alarms(tenantId, window, types)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return numberOf(row?.n);
  }

  /** Alarms of some types by type (named by `typeName`) or by camera (the alarm's device name), most first. */
  async alarmsBy(
    tenantId: number,
    window: AnalysisWindow,
    types: readonly string[],
    by: PerceptionAlarmDimension,
    typeName: (code: string) => string,
  ): Promise<CategoryData> {
    const key = by === 'type' ? sql.ref('a.alarm_type') : sql.ref('a.device_name');
    const rows = await this.alarms(tenantId, window, types)
      .select([key.as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(key)
      .orderBy('n', 'desc')
      .orderBy(key)
      .limit(15)
      .execute();
    const nameOf = (value: string) => (by === 'type' ? typeName(value) : value || NO_CAMERA);
    return { unit: '条', items: rows.map((row) => ({ key: String(row.key), name: nameOf(String(row.key)), value: numberOf(row.n) })) };
  }
}

/** A share in per cent to one decimal (0 when there is nothing to share). */
export const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
