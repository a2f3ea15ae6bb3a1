import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Water levels and hydrant pressures over time (server/sensors/): one row per sensor and sample; the
// trends read one metric of a tenant's sensors over a window, the retention deletes by time.
export const migration015SensorReadings: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sensor_readings')
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('metric', 'varchar(20)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sensor_readings_series')
      .on('sensor_readings')
      .columns(['tenant_id', 'metric', 'device_id', 'at'])
      .execute();
    await db.schema.createIndex('sensor_readings_at').on('sensor_readings').column('at').execute();
  },
});
