import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * 低空管理 (server/lowAltitude/): the UAVs' flights, the tenants' geofences (no-fly areas) and each
 * flight's entries into and exits from a fence. A UAV's positions are not stored here: they are the
 * tracks' `positions` rows of subject kind 'uav'; the geofence check takes each position as its input.
 * - flights by tenant + status (the live ones) and by tenant + device + time (a UAV's flights);
 * - fences by tenant + active (a tenant's few fences are read whole per position);
 * - fence events by tenant + time (the latest) and by flight + fence with at most one open (exited_at
 *   null) per pair: the partial unique index makes an entry raised exactly once even under racing updates.
 */
export const migration026LowAltitude: MigrationFactory = ({ autoId, autoIdType }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('low_altitude_flights')
      .addColumn('flight_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      // 'river_inspection' or 'patrol'.
      .addColumn('task_kind', 'varchar(24)', (c) => c.notNull())
      // The planned route as JSON [[lng, lat, alt], …] (read whole with the flight).
      .addColumn('route', 'text', (c) => c.notNull())
      // 'planned', 'flying' or 'landed'.
      .addColumn('status', 'varchar(8)', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('result', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('low_altitude_flights_status').on('low_altitude_flights').columns(['tenant_id', 'status']).execute();
    await db.schema
      .createIndex('low_altitude_flights_device')
      .on('low_altitude_flights')
      .columns(['tenant_id', 'device_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('low_altitude_geofences')
      .addColumn('fence_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      // The polygon as JSON [[lng, lat], …] (3 to 200 corners, not closed).
      .addColumn('polygon', 'text', (c) => c.notNull())
      .addColumn('floor_m', 'double precision', (c) => c.notNull())
      .addColumn('ceiling_m', 'double precision', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('low_altitude_geofences_tenant').on('low_altitude_geofences').columns(['tenant_id', 'active']).execute();
    await db.schema
      .createTable('low_altitude_fence_events')
      .addColumn('event_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('flight_id', autoIdType, (c) => c.notNull())
      .addColumn('fence_id', autoIdType, (c) => c.notNull())
      .addColumn('entered_at', 'bigint', (c) => c.notNull())
      .addColumn('exited_at', 'bigint')
      .addColumn('alarm_id', autoIdType)
      .execute();
    await db.schema
      .createIndex('low_altitude_fence_events_time')
      .on('low_altitude_fence_events')
      .columns(['tenant_id', 'entered_at'])
      .execute();
    await sql`create unique index low_altitude_fence_events_open on low_altitude_fence_events (flight_id, fence_id) where exited_at is null`.execute(
      db,
    );
  },
});
