import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * The AI cameras' recognition records (server/recognition/): one row per face, vehicle, non-motor
 * vehicle, people count or target, with the kind's coded attributes (their labels are dictionaries).
 * Every search is bounded by a time range (at most 31 days), so every index leads with the tenant and
 * ends with the time:
 * - tenant + time: the search without a camera or an exact plate, the CSV export, the history's check;
 * - tenant + camera + time: a search naming cameras;
 * - tenant + plate + time: a whole plate (equality) or a plate's beginning (浙A1…: a range on the
 *   index). A fragment from the middle or the end (…345) is a LIKE over the range's rows, read through
 *   the time index: no trigram index, which SQLite lacks and which costs every insert on PostgreSQL.
 * No index per kind or attribute: within a range the time index leaves few rows to filter, and each
 * index costs every insert (four indexes made a fresh start's month of history twice as slow as two).
 */
export const migration019Recognition: MigrationFactory = ({ autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('recognition_records')
      .addColumn('record_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('age_band', 'varchar(16)')
      .addColumn('gender', 'varchar(4)')
      // A face's attributes as ",GLASSES,MASK," (a filter is LIKE '%,MASK,%'); '' for other kinds.
      .addColumn('attributes', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('plate', 'varchar(16)')
      .addColumn('plate_color', 'varchar(16)')
      .addColumn('vehicle_type', 'varchar(16)')
      .addColumn('vehicle_color', 'varchar(16)')
      .addColumn('power_type', 'varchar(8)')
      .addColumn('non_motor_type', 'varchar(16)')
      .addColumn('people_count', 'integer')
      .addColumn('target_type', 'varchar(16)')
      // The snapshot's file under DATA_DIR/snapshots/<tenant>/ (null: none was taken).
      .addColumn('snapshot', 'varchar(80)')
      .addColumn('origin', 'varchar(8)', (c) => c.notNull().defaultTo('live'))
      .execute();
    await db.schema.createIndex('recognition_records_time').on('recognition_records').columns(['tenant_id', 'at']).execute();
    await db.schema.createIndex('recognition_records_camera').on('recognition_records').columns(['tenant_id', 'device_id', 'at']).execute();
    await db.schema.createIndex('recognition_records_plate').on('recognition_records').columns(['tenant_id', 'plate', 'at']).execute();
  },
});
