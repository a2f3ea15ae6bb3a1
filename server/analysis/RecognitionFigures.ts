import { sql, type RawBuilder } from 'kysely';
import type { RecognitionKind } from '../../contracts/recognition';
import type { PerceptionAlarmDimension } from '../../contracts/api/perceptionRoutes';
import type { CategoryData, SeriesData } from '../../contracts/panels';
import type { Db } from '../db/Database';
import type { AnalysisWindow } from './analysisWindow';
import { shanghaiHourOf } from './analysisWindow';
import { numberOf } from './sqlFigures';
import { FACE_ATTRIBUTES } from '../../contracts/recognition';
import { splitRange, type CodedDimension, type CountedDimension, type TimeRange } from '../recognition/RecognitionRollup';

/** What an alarm without a device counts as in the by-camera figures. */
export const NO_CAMERA = '未关联设备';

/** What the counts of `counts` are keyed by besides kind and value: nothing, the window's bucket, or the hour of day. */
export type CountKey = 'total' | 'bucket' | 'hourOfDay';
/** Records of a kind counted under a key and a dimension's value. */
export interface Count {
  key: number;
  kind: string;
  value: string;
  n: number;
}
/** The people counts of a key: how many, their sum and the largest. */
export interface PeopleCount {
  key: number;
  n: number;
  sum: number;
  max: number | null;
}
/** A camera's records in a window: how many and the last one's time. */
export interface CameraCount {
  n: number;
  last: number;
  /** Of the records, those with a people count, and the counts' sum. */
  people: number;
  peopleSum: number;
}

/** The records' own expression of a dimension of recognition_hourly (null: the record is not counted under it). */
const valueOf = (dimension: CountedDimension): RawBuilder<string | null> =>
  dimension === ''
    ? sql<string>`''`
    : dimension === 'demographic'
      ? sql<
          string | null
        >`case when r.age_band is null and r.gender is null then null else coalesce(r.age_band, '') || '/' || coalesce(r.gender, '') end`
      : sql<string | null>`${sql.ref(`r.${dimension}`)}`;

/** A face's attributes are stored as ",GLASSES,MASK,": one attribute is a LIKE of its code between commas. */
export const wearing = (attribute: string) =>
  sql<number>`coalesce(sum(case when r.attributes like ${`%,${attribute},%`} then 1 else 0 end), 0)`;

/**
 * The SQL the perception pages share. A window's counts come from the rollups (RecognitionRollup.ts):
 * its whole hours from recognition_hourly and its whole Shanghai days from recognition_camera_daily, and
 * its partial first and last hour (day) from the records themselves, through the index that leads with
 * tenant + time; so every figure is exactly what the records say, whatever the window's edges.
 */
export class RecognitionFigures {
  constructor(private readonly db: Db) {}

  /** The tenant's records of a range, of one kind or several (on recognition_records_time). */
  records(tenantId: number, range: TimeRange, kinds?: readonly RecognitionKind[]) {
    let query = this.db
      .selectFrom('recognition_records as r')
      .where('r.tenant_id', '=', tenantId)
      .where('r.at', '>=', range.start)
      .where('r.at', '<', range.end);
    if (kinds) query = query.where('r.kind', 'in', kinds);
    return query;
  }

  /** The index of the window's bucket an epoch-ms column falls in (integer division on both databases). */
  bucketOf(window: AnalysisWindow, column: string): RawBuilder<number> {
    const first = window.buckets[0] ?? window.start;
    return sql<number>`((${sql.ref(column)} - ${sql.lit(first)}) / ${sql.lit(window.step)})`;
  }

  private keyOf(window: AnalysisWindow, key: CountKey, column: string): RawBuilder<number> {
    if (key === 'bucket') return this.bucketOf(window, column);
    return key === 'hourOfDay' ? shanghaiHourOf(column) : sql<number>`0`;
  }

  /** The rollup's rows of the whole hours of a range. */
  private hourly(tenantId: number, hours: TimeRange, kinds: readonly RecognitionKind[], dimension: string) {
    return this.db
      .selectFrom('recognition_hourly as h')
      .where('h.tenant_id', '=', tenantId)
      .where('h.hour_at', '>=', hours.start)
      .where('h.hour_at', '<', hours.end)
      .where('h.kind', 'in', kinds)
      .where('h.dimension', '=', dimension);
  }

  /**
   * The window's records of some kinds counted by key, kind and the dimension's value ('' for the
   * kind's total; 'attribute': each attribute worn): the whole hours' rollup rows plus the edges' records.
   */
  async counts(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    dimension: CountedDimension | 'attribute',
    key: CountKey,
  ): Promise<Count[]> {
    const { whole, edges } = splitRange(window, 'hour');
    const parts: Promise<Count[]>[] = edges.map(async (edge) => {
      const records = this.records(tenantId, edge, kinds);
      const keyed = this.keyOf(window, key, 'r.at');
      if (dimension === 'attribute') {
        const rows = await records
          .select([keyed.as('k'), 'r.kind', ...FACE_ATTRIBUTES.map((attribute) => wearing(attribute).as(attribute))])
          .groupBy([sql.ref('k'), 'r.kind'])
          .execute();
        return rows.flatMap((row) => {
          const worn: Record<string, unknown> = { ...row };
          return FACE_ATTRIBUTES.map((attribute) => ({
            key: numberOf(row.k),
            kind: row.kind,
            value: attribute,
            n: numberOf(worn[attribute]),
          }));
        });
      }
      const value = valueOf(dimension);
      const rows = await records
        .select([keyed.as('k'), 'r.kind', value.as('v'), (eb) => eb.fn.countAll<number>().as('n')])
        .where(value, 'is not', null)
        .groupBy([sql.ref('k'), 'r.kind', sql.ref('v')])
        .execute();
      return rows.map((row) => ({ key: numberOf(row.k), kind: row.kind, value: String(row.v), n: numberOf(row.n) }));
    });
    if (whole)
      parts.push(
        this.hourly(tenantId, whole, kinds, dimension)
          .select([this.keyOf(window, key, 'h.hour_at').as('k'), 'h.kind', 'h.value', (eb) => eb.fn.sum<number>('h.n').as('n')])
          .groupBy([sql.ref('k'), 'h.kind', 'h.value'])
          .execute()
          .then((rows) => rows.map((row) => ({ key: numberOf(row.k), kind: row.kind, value: row.value, n: numberOf(row.n) }))),
      );
    return (await Promise.all(parts)).flat();
  }

  /** The window's people counts (records of kind peopleCount with a count) by key: how many, their sum and the largest. */
  async people(tenantId: number, window: AnalysisWindow, key: CountKey): Promise<PeopleCount[]> {
    const { whole, edges } = splitRange(window, 'hour');
    const parts = edges.map((edge) =>
      this.records(tenantId, edge, ['peopleCount'])
        .where('r.people_count', 'is not', null)
        .select([
          this.keyOf(window, key, 'r.at').as('k'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('r.people_count').as('total'),
          (eb) => eb.fn.max('r.people_count').as('largest'),
        ])
        .groupBy(sql.ref('k'))
        .execute(),
    );
    if (whole)
      parts.push(
        this.hourly(tenantId, whole, ['peopleCount'], 'people')
          .select([
            this.keyOf(window, key, 'h.hour_at').as('k'),
            (eb) => eb.fn.sum<number>('h.n').as('n'),
            (eb) => eb.fn.sum<number>('h.people_sum').as('total'),
            (eb) => eb.fn.max('h.people_max').as('largest'),
          ])
          .groupBy(sql.ref('k'))
          .execute(),
      );
    const byKey = new Map<number, PeopleCount>();
    for (const row of (await Promise.all(parts)).flat()) {
      const at = numberOf(row.k);
      const held = byKey.get(at) ?? { key: at, n: 0, sum: 0, max: null };
      held.n += numberOf(row.n);
      held.sum += numberOf(row.total);
      if (row.largest !== null && row.largest !== undefined) held.max = Math.max(held.max ?? 0, numberOf(row.largest));
      byKey.set(at, held);
    }
    return [...byKey.values()];
  }

  /**
   * The window's records of some kinds (every kind when none are named) per camera: how many, the
   * last one's time, and those with a people count with their sum; the whole Shanghai days from recognition_camera_daily, the partial ones from the records.
   */
  async perCamera(tenantId: number, window: AnalysisWindow, kinds?: readonly RecognitionKind[]): Promise<Map<number, CameraCount>> {
    const { whole, edges } = splitRange(window, 'day');
    // Grouped by `device_id + 0`, not the column: SQLite would otherwise walk the tenant's whole
    // tenant + camera + time index (every record it has) to save the sort, instead of the edge's time range.
    const deviceId = sql<number>`r.device_id + 0`;
    const parts = edges.map((edge) =>
      this.records(tenantId, edge, kinds)
        .select([
          deviceId.as('device_id'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.max('r.at').as('last'),
          (eb) => eb.fn.count<number>('r.people_count').as('people'),
          sql<number>`coalesce(sum(r.people_count), 0)`.as('people_sum'),
        ])
        .groupBy(deviceId)
        .execute(),
    );
    if (whole) {
      let daily = this.db
        .selectFrom('recognition_camera_daily as c')
        .where('c.tenant_id', '=', tenantId)
        .where('c.day_at', '>=', whole.start)
        .where('c.day_at', '<', whole.end);
      if (kinds) daily = daily.where('c.kind', 'in', kinds);
      parts.push(
        daily
          .select([
            'c.device_id',
            (eb) => eb.fn.sum<number>('c.n').as('n'),
            (eb) => eb.fn.max('c.last_at').as('last'),
            (eb) => eb.fn.sum<number>('c.people_n').as('people'),
            (eb) => eb.fn.sum<number>('c.people_sum').as('people_sum'),
          ])
          .groupBy('c.device_id')
          .execute(),
      );
    }
    const cameras = new Map<number, CameraCount>();
    for (const row of (await Promise.all(parts)).flat()) {
      const [device, n, last] = [numberOf(row.device_id), numberOf(row.n), numberOf(row.last)];
      const [people, peopleSum] = [numberOf(row.people), numberOf(row.people_sum)];
      const held = cameras.get(device);
      cameras.set(
        device,
        held
          ? { n: held.n + n, last: Math.max(held.last, last), people: held.people + people, peopleSum: held.peopleSum + peopleSum }
          : { n, last, people, peopleSum },
      );
    }
    return cameras;
  }

  /**
   * Records per bucket of the window, one series per kind (`seriesBy` 'kind') or per value of a coded
   * column (the series is named by the value, a code the panel labels). `order` puts the series in a
   * fixed order; values outside it follow, sorted.
   */
  async flow(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    seriesBy: 'kind' | CodedDimension,
    order: readonly string[],
    unit: string,
  ): Promise<SeriesData> {
    const counts = await this.counts(tenantId, window, kinds, seriesBy === 'kind' ? '' : seriesBy, 'bucket');
    const totals = new Map<string, Map<number, number>>();
    for (const count of counts) {
      const name = seriesBy === 'kind' ? count.kind : count.value;
      const series = totals.get(name) ?? new Map<number, number>();
      series.set(count.key, (series.get(count.key) ?? 0) + count.n);
      totals.set(name, series);
    }
    const names = [...order, ...[...totals.keys()].filter((name) => !order.includes(name)).sort()];
    const series = names.map((name) => {
      const perBucket = totals.get(name);
      return { name, points: window.buckets.map((at, index): [number, number] => [at, perBucket?.get(index) ?? 0]) };
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
    const counts = new Map<number, number>();
    for (const count of await this.counts(tenantId, window, kinds, '', 'hourOfDay'))
      counts.set(count.key, (counts.get(count.key) ?? 0) + count.n);
    const points = Array.from({ length: 24 }, (_, hour): [string, number] => [`${hour}时`, counts.get(hour) ?? 0]);
    return { axis: 'category', unit, series: [{ name, points }] };
  }

  /** Records of some kinds per value of a coded column, most first (nulls left out); key and name are the code. */
  async countByCode(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    dimension: CodedDimension,
    unit: string,
  ): Promise<CategoryData> {
    const counts = new Map<string, number>();
    for (const count of await this.counts(tenantId, window, kinds, dimension, 'total'))
      counts.set(count.value, (counts.get(count.value) ?? 0) + count.n);
    const items = [...counts.entries()]
      .sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0))
      .map(([value, n]) => ({ key: value, name: value, value: n }));
    return { unit, items };
  }

  /** Records of some kinds per value of any column, most first (nulls left out), read from the records: the plates. */
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
    const top = [...(await this.perCamera(tenantId, window, kinds)).entries()].sort(([a, m], [b, n]) => n.n - m.n || a - b).slice(0, limit);
    const names = top.length
      ? await this.db
          .selectFrom('devices')
          .select(['device_id', 'name'])
          .where('tenant_id', '=', tenantId)
          .where(
            'device_id',
            'in',
            top.map(([deviceId]) => deviceId),
          )
          .execute()
      : [];
    const nameOf = new Map(names.map((row) => [row.device_id, row.name]));
    return {
      unit,
      items: top.map(([deviceId, { n }]) => ({ key: String(deviceId), name: nameOf.get(deviceId) ?? `#${deviceId}`, value: n })),
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
