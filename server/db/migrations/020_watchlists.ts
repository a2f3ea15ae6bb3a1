import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * 人脸布防 and 车辆布防 (server/watchlists/): deployments, their targets (plates, plate patterns, people),
 * people's photos and the hits. Every table carries the tenant and every read names it. A recognition
 * record gains the person a simulated face is (`person_id`: a person target's id; null for anyone else).
 * - hits by tenant + time (the latest hits) and by deployment + target + time (the alarm interval's check);
 * - targets by deployment (a deployment's list) — deployments are few per tenant, read whole.
 */
export const migration020Watchlists: MigrationFactory = ({ autoId, autoIdType }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('watchlist_deployments')
      .addColumn('deployment_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('event_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('alarm_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('grade', 'varchar(32)', (c) => c.notNull())
      // The cameras as ",1,2,3," (a deployment names at most 200; read whole with the deployment).
      .addColumn('device_ids', 'text', (c) => c.notNull())
      .addColumn('valid_from', 'bigint', (c) => c.notNull())
      .addColumn('valid_until', 'bigint', (c) => c.notNull())
      .addColumn('interval_minutes', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(8)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('watchlist_deployments_tenant').on('watchlist_deployments').columns(['tenant_id', 'status']).execute();
    await db.schema
      .createTable('watchlist_photos')
      .addColumn('photo_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('file', 'varchar(80)', (c) => c.notNull())
      .addColumn('mime', 'varchar(16)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('watchlist_targets')
      .addColumn('target_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('deployment_id', autoIdType, (c) => c.notNull())
      // 'plate' (a whole plate), 'pattern' (浙A*) or 'person'.
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('value', 'varchar(40)', (c) => c.notNull())
      .addColumn('photo_id', autoIdType)
      .execute();
    await db.schema.createIndex('watchlist_targets_deployment').on('watchlist_targets').columns(['tenant_id', 'deployment_id']).execute();
    await db.schema
      .createTable('watchlist_hits')
      .addColumn('hit_id', 'integer', autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('deployment_id', autoIdType, (c) => c.notNull())
      .addColumn('target_id', autoIdType, (c) => c.notNull())
      .addColumn('record_id', autoIdType, (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('label', 'varchar(40)', (c) => c.notNull())
      .addColumn('alarm_id', autoIdType)
      .execute();
    await db.schema.createIndex('watchlist_hits_time').on('watchlist_hits').columns(['tenant_id', 'at']).execute();
    await db.schema.createIndex('watchlist_hits_target').on('watchlist_hits').columns(['deployment_id', 'target_id', 'at']).execute();
    await db.schema.alterTable('recognition_records').addColumn('person_id', autoIdType).execute();
  },
});
