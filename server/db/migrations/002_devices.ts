import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

export const migration002Devices: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('devices')
      .addColumn('device_id', 'integer', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('device_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('code', 'varchar(40)', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('height', 'double precision', (c) => c.notNull().defaultTo(10))
      .addColumn('online', 'integer', (c) => c.notNull())
      .addColumn('telemetry', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('devices_tenant_kind').on('devices').columns(['tenant_id', 'kind', 'device_id']).execute();
    await db.schema.createIndex('devices_code').on('devices').columns(['tenant_id', 'code']).unique().execute();
    await db.schema
      .createTable('device_groups')
      .addColumn('group_id', 'integer', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('kind', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('device_group_members')
      .addColumn('group_id', 'integer', (c) => c.notNull().references('device_groups.group_id'))
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.device_id'))
      .addPrimaryKeyConstraint('device_group_members_pk', ['group_id', 'device_id'])
      .execute();
    await db.schema.createIndex('device_group_members_device').on('device_group_members').column('device_id').execute();
    await db.schema
      .createTable('command_log')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('device_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('command', 'integer')
      .addColumn('command_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
      .addColumn('message', 'varchar(500)', (c) => c.notNull())
      .addColumn('results', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('command_log_tenant').on('command_log').columns(['tenant_id', 'at']).execute();
  },
});
