import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

export const migration003AlarmsPush: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('alarms')
      .addColumn('alarm_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('alarm_type', 'varchar(40)', (c) => c.notNull())
      .addColumn('grade', 'varchar(24)', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('device_id', 'integer')
      .addColumn('device_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('longitude', 'double precision')
      .addColumn('latitude', 'double precision')
      .addColumn('content', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull())
      .addColumn('assignee_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('alarms_tenant_time').on('alarms').columns(['tenant_id', 'created_at']).execute();
    await db.schema
      .createTable('alarm_history')
      .addColumn('id', autoIdType, autoId)
      .addColumn('alarm_id', autoIdType, (c) => c.notNull().references('alarms.alarm_id'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'varchar(32)')
      .addColumn('to_status', 'varchar(32)')
      .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('alarm_history_alarm').on('alarm_history').column('alarm_id').execute();
    await db.schema
      .createTable('push_log')
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('push_log_pk', ['tenant_id', 'seq'])
      .execute();
    await db.schema
      .createTable('push_tickets')
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
  },
});
