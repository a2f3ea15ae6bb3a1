import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Asia/Shanghai is UTC+08:00 all year: a Shanghai day starts at 16:00 UTC. */
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;
/** The face attributes a record may wear (contracts/recognition.ts FACE_ATTRIBUTES at this version). */
const ATTRIBUTES = ['GLASSES', 'SUNGLASSES', 'MASK', 'HAT', 'BACKPACK'];
/** The coded columns counted per value (the dimension is the column's name). */
const CODED_COLUMNS = ['vehicle_type', 'power_type', 'plate_color', 'vehicle_color', 'non_motor_type', 'target_type'];

/**
 * Rollups of the recognition records (server/recognition/RecognitionRollup.ts), so the 数据分析 pages'
 * counts read a few rows per hour or per camera-day instead of every record of the window:
 * - `recognition_hourly`: per tenant, hour, kind, dimension and value, the records counted (`n`); the
 *   dimension is '' for the kind's total, a coded column's name (its value the code), 'demographic'
 *   (age band/gender), 'attribute' (one row per attribute worn) or 'people' (the people counts: n, sum, max);
 * - `recognition_camera_daily`: per tenant, Shanghai day, camera and kind, the records and the last one's time,
 *   and of those with a people count how many and their sum (游客分析's heat: a camera's mean people in view).
 * Both are filled here from the records already stored, then kept by RecognitionService.insert (the one
 * writer) in the same transaction as the records.
 */
export const migration021RecognitionRollup: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('recognition_hourly')
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('hour_at', 'bigint', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('dimension', 'varchar(16)', (c) => c.notNull())
      .addColumn('value', 'varchar(40)', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addColumn('people_sum', 'bigint')
      .addColumn('people_max', 'integer')
      .addPrimaryKeyConstraint('recognition_hourly_key', ['tenant_id', 'hour_at', 'kind', 'dimension', 'value'])
      .execute();
    await db.schema
      .createTable('recognition_camera_daily')
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('day_at', 'bigint', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addColumn('people_n', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('people_sum', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('recognition_camera_daily_key', ['tenant_id', 'day_at', 'device_id', 'kind'])
      .execute();
    await fillRecognitionRollups(db);
  },
});

/**
 * Counts the stored records into the rollups with `insert … select … group by` (of one tenant, or of
 * every tenant): the migration's fill, and what the tests hold the incremental upserts to. The rollups
 * must hold none of those records yet.
 */
export async function fillRecognitionRollups<T>(db: Kysely<T>, tenantId?: number): Promise<void> {
  const tenant = tenantId === undefined ? sql`1 = 1` : sql`tenant_id = ${tenantId}`;
  const hour = sql.raw(`(at / ${HOUR_MS}) * ${HOUR_MS}`);
  // A constant value (the total's '', an attribute's code) is not grouped by: PostgreSQL refuses a constant in GROUP BY.
  const counted = (dimension: string, value: ReturnType<typeof sql.raw>, where = sql`1 = 1`, constant = false) => sql`
    select tenant_id, ${hour}, kind, ${sql.lit(dimension)}, ${value}, count(*), cast(null as bigint), cast(null as integer)
    from recognition_records where ${tenant} and ${where} group by tenant_id, ${hour}, kind${constant ? sql`` : sql`, ${value}`}`;
  const parts = [
    counted('', sql.raw(`''`), sql`1 = 1`, true),
    ...CODED_COLUMNS.map((column) => counted(column, sql.raw(column), sql.raw(`${column} is not null`))),
    counted(
      'demographic',
      sql.raw(`coalesce(age_band, '') || '/' || coalesce(gender, '')`),
      sql.raw('(age_band is not null or gender is not null)'),
    ),
    ...ATTRIBUTES.map((attribute) => counted('attribute', sql.raw(`'${attribute}'`), sql.raw(`attributes like '%,${attribute},%'`), true)),
    sql`select tenant_id, ${hour}, kind, 'people', '', count(*), sum(people_count), max(people_count)
      from recognition_records where ${tenant} and people_count is not null group by tenant_id, ${hour}, kind`,
  ];
  for (const part of parts)
    await sql`insert into recognition_hourly (tenant_id, hour_at, kind, dimension, value, n, people_sum, people_max) ${part}`.execute(db);
  const day = sql.raw(`((at + ${SHANGHAI_OFFSET_MS}) / ${DAY_MS}) * ${DAY_MS} - ${SHANGHAI_OFFSET_MS}`);
  await sql`insert into recognition_camera_daily (tenant_id, day_at, device_id, kind, n, last_at, people_n, people_sum)
    select tenant_id, ${day}, device_id, kind, count(*), max(at), count(people_count), coalesce(sum(people_count), 0)
    from recognition_records where ${tenant}
    group by tenant_id, ${day}, device_id, kind`.execute(db);
}
