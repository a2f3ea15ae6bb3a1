import { sql } from 'kysely';
import { FACE_ATTRIBUTES } from '../../contracts/recognition';
import type { Database, Db, DialectName } from '../db/Database';
import { columnNames, unnestRows } from '../db/rowsExpression';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';
import type { RecognitionRow } from './recognitionModel';

type HourlyRow = Database['recognition_hourly'];
type CameraDailyRow = Database['recognition_camera_daily'];

/** The coded columns recognition_hourly counts per value (the dimension is the column's name). */
export const CODED_DIMENSIONS = ['vehicle_type', 'power_type', 'plate_color', 'vehicle_color', 'non_motor_type', 'target_type'] as const;
export type CodedDimension = (typeof CODED_DIMENSIONS)[number];
/** A dimension of recognition_hourly counted one value per record ('' the kind's total). */
export type CountedDimension = '' | CodedDimension | 'demographic';

/** The value a face's age band and gender are counted under (dimension 'demographic'): "ADULT/0". */
export const demographicOf = (ageBand: string | null, gender: string | null) => `${ageBand ?? ''}/${gender ?? ''}`;

/** Rows an upsert statement writes at once on SQLite (8 parameters each; PostgreSQL takes them all as arrays). */
const UPSERT_BATCH = 500;

/** The rollups' columns as PostgreSQL's arrays carry them (unnestRows: one parameter per column, the same text for any batch). */
const HOURLY_COLUMNS = {
  tenant_id: 'integer',
  hour_at: 'bigint',
  kind: 'text',
  dimension: 'text',
  value: 'text',
  n: 'bigint',
  people_sum: 'bigint',
  people_max: 'integer',
} as const;
const CAMERA_DAILY_COLUMNS = {
  tenant_id: 'integer',
  day_at: 'bigint',
  device_id: 'integer',
  kind: 'text',
  n: 'bigint',
  last_at: 'bigint',
  people_n: 'bigint',
  people_sum: 'bigint',
} as const;

/** The hour (its start) and the Shanghai day (its start) a record's time falls in. */
export const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
export const shanghaiDayOf = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;

/**
 * The rollups' rows of a batch of records, grouped in JavaScript (one row per key), sorted by key so
 * that concurrent writers lock rows in the same order.
 */
export function rollupRowsOf(rows: readonly RecognitionRow[]): { hourly: HourlyRow[]; cameras: CameraDailyRow[] } {
  const hourly = new Map<string, HourlyRow>();
  const cameras = new Map<string, CameraDailyRow>();
  let prefix = '';
  const count = (row: RecognitionRow, hour: number, dimension: string, value: string, people?: number) => {
    const key = `${prefix}${dimension}\u0000${value}`;
    const held = hourly.get(key);
    if (!held) {
      const first = people === undefined ? { people_sum: null, people_max: null } : { people_sum: people, people_max: people };
      hourly.set(key, { tenant_id: row.tenant_id, hour_at: hour, kind: row.kind, dimension, value, n: 1, ...first });
      return;
    }
    held.n += 1;
    if (people !== undefined) {
      held.people_sum = (held.people_sum ?? 0) + people;
      held.people_max = Math.max(held.people_max ?? people, people);
    }
  };
  for (const row of rows) {
    const hour = hourOf(row.at);
    // The tenant, hour (zero-padded: keys sort by time) and kind every key of the record starts with.
    prefix = `${row.tenant_id}\u0000${String(hour).padStart(15, '0')}\u0000${row.kind}\u0000`;
    count(row, hour, '', '');
    for (const dimension of CODED_DIMENSIONS) {
      const value = row[dimension];
      if (value !== null) count(row, hour, dimension, value);
    }
    if (row.age_band !== null || row.gender !== null) count(row, hour, 'demographic', demographicOf(row.age_band, row.gender));
    if (row.attributes)
      for (const attribute of FACE_ATTRIBUTES) if (row.attributes.includes(`,${attribute},`)) count(row, hour, 'attribute', attribute);
    if (row.people_count !== null) count(row, hour, 'people', '', row.people_count);
    const day = shanghaiDayOf(row.at);
    const key = `${row.tenant_id}\u0000${String(day).padStart(15, '0')}\u0000${row.device_id}\u0000${row.kind}`;
    const camera = cameras.get(key);
    const [peopleN, peopleSum] = row.people_count === null ? [0, 0] : [1, row.people_count];
    if (camera) {
      camera.n += 1;
      camera.last_at = Math.max(camera.last_at, row.at);
      camera.people_n += peopleN;
      camera.people_sum += peopleSum;
    } else
      cameras.set(key, {
        tenant_id: row.tenant_id,
        day_at: day,
        device_id: row.device_id,
        kind: row.kind,
        n: 1,
        last_at: row.at,
        people_n: peopleN,
        people_sum: peopleSum,
      });
  }
  const sorted = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  return { hourly: sorted(hourly), cameras: sorted(cameras) };
}

/**
 * Adds a batch of records to the rollups: `insert … on conflict do update` adding the counts (and the
 * larger maximum), the same statement on SQLite and PostgreSQL but for the two-argument maximum. Call it
 * in the transaction that writes the records, so the rollups never disagree with them (`dialect`: the
 * database's, as a transaction does not tell it).
 */
export async function addToRollups(db: Db, dialect: DialectName, rows: readonly RecognitionRow[]): Promise<void> {
  if (!rows.length) return;
  const { hourly, cameras } = rollupRowsOf(rows);
  const postgres = dialect === 'postgres';
  const larger = postgres ? 'greatest' : 'max';
  // PostgreSQL: every row in one statement of one text (prepared once); SQLite: VALUES lists, whose variables it limits.
  const batches = <T>(all: T[]) =>
    postgres
      ? [all]
      : Array.from({ length: Math.ceil(all.length / UPSERT_BATCH) }, (_, index) =>
          all.slice(index * UPSERT_BATCH, (index + 1) * UPSERT_BATCH),
        );
  for (const batch of batches(hourly)) {
    const insert = db.insertInto('recognition_hourly');
    await (postgres ? insert.columns(columnNames(HOURLY_COLUMNS)).expression(unnestRows(HOURLY_COLUMNS, batch)) : insert.values(batch))
      .onConflict((conflict) =>
        conflict.columns(['tenant_id', 'hour_at', 'kind', 'dimension', 'value']).doUpdateSet({
          n: sql`recognition_hourly.n + excluded.n`,
          // Only 'people' rows carry these, and always both: never a null on one side only.
          people_sum: sql`recognition_hourly.people_sum + excluded.people_sum`,
          people_max: sql`${sql.raw(larger)}(recognition_hourly.people_max, excluded.people_max)`,
        }),
      )
      .execute();
  }
  for (const batch of batches(cameras)) {
    const insert = db.insertInto('recognition_camera_daily');
    await (
      postgres
        ? insert.columns(columnNames(CAMERA_DAILY_COLUMNS)).expression(unnestRows(CAMERA_DAILY_COLUMNS, batch))
        : insert.values(batch)
    )
      .onConflict((conflict) =>
        conflict.columns(['tenant_id', 'day_at', 'device_id', 'kind']).doUpdateSet({
          n: sql`recognition_camera_daily.n + excluded.n`,
          last_at: sql`${sql.raw(larger)}(recognition_camera_daily.last_at, excluded.last_at)`,
          people_n: sql`recognition_camera_daily.people_n + excluded.people_n`,
          people_sum: sql`recognition_camera_daily.people_sum + excluded.people_sum`,
        }),
      )
      .execute();
  }
}

/** A half-open range of epoch ms: start ≤ t < end. */
export interface TimeRange {
  start: number;
  end: number;
}

/**
 * A range cut for the rollups: `whole`, the whole units (hours, or Shanghai days) it covers, read from a
 * rollup, and `edges`, the partial units before and after them (or the whole range when it covers no
 * whole unit), read from the records themselves: short ranges on the tenant + time index.
 */
export interface SplitRange {
  whole: TimeRange | null;
  edges: TimeRange[];
}

export function splitRange(range: TimeRange, unit: 'hour' | 'day'): SplitRange {
  const [step, offset] = unit === 'hour' ? [HOUR_MS, 0] : [DAY_MS, SHANGHAI_OFFSET_MS];
  const first = Math.ceil((range.start + offset) / step) * step - offset;
  const last = Math.floor((range.end + offset) / step) * step - offset;
  if (first >= last) return { whole: null, edges: range.start < range.end ? [range] : [] };
  const edges: TimeRange[] = [];
  if (range.start < first) edges.push({ start: range.start, end: first });
  if (last < range.end) edges.push({ start: last, end: range.end });
  return { whole: { start: first, end: last }, edges };
}

/**
 * How many records a tenant has in a range, of one kind or any: the whole hours' totals from
 * recognition_hourly, the partial first and last hour from the records (the search's unfiltered total).
 */
export async function countRecords(db: Db, tenantId: number, range: TimeRange, kind?: string): Promise<number> {
  const { whole, edges } = splitRange(range, 'hour');
  const parts = edges.map((edge) => {
    let records = db
      .selectFrom('recognition_records')
      .where('tenant_id', '=', tenantId)
      .where('at', '>=', edge.start)
      .where('at', '<', edge.end);
    if (kind) records = records.where('kind', '=', kind);
    return records.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  });
  if (whole) {
    let hourly = db
      .selectFrom('recognition_hourly')
      .where('tenant_id', '=', tenantId)
      .where('hour_at', '>=', whole.start)
      .where('hour_at', '<', whole.end)
      .where('dimension', '=', '');
    if (kind) hourly = hourly.where('kind', '=', kind);
    parts.push(hourly.select((eb) => eb.fn.sum<number>('n').as('n')).executeTakeFirst());
  }
  return (await Promise.all(parts)).reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
}
