import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Emergency dispatch (server/emergency/): events opened from alarms or by hand, the alarms linked to
// them, tasks dispatched to teams, the history of both (who, when, what), and each tenant's shelters
// and evacuation routes (paths as JSON text of [lon, lat] points), seeded like the teams.
export const migration012Emergency: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('emergency_events')
      .addColumn('event_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull())
      .addColumn('level', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('radius', 'integer', (c) => c.notNull())
      .addColumn('alarm_id', autoIdType)
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_by', 'integer')
      .addColumn('closed_at', 'bigint')
      .addColumn('result', 'varchar(1000)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('emergency_events_tenant_time')
      .on('emergency_events')
      .columns(['tenant_id', 'created_at', 'event_id'])
      .execute();
    // Active events of a kind: where a new alarm looks for one to join.
    await db.schema
      .createIndex('emergency_events_tenant_status_kind')
      .on('emergency_events')
      .columns(['tenant_id', 'status', 'kind'])
      .execute();
    await db.schema
      .createTable('emergency_event_alarms')
      .addColumn('event_id', autoIdType, (c) => c.notNull().references('emergency_events.event_id'))
      .addColumn('alarm_id', autoIdType, (c) => c.notNull())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('emergency_event_alarms_pk', ['event_id', 'alarm_id'])
      .execute();
    // An alarm belongs to one event at most.
    await db.schema.createIndex('emergency_event_alarms_alarm').on('emergency_event_alarms').columns(['alarm_id']).unique().execute();
    await db.schema
      .createTable('emergency_tasks')
      .addColumn('task_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('event_id', autoIdType, (c) => c.notNull().references('emergency_events.event_id'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull())
      .addColumn('team_id', autoIdType, (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('percent', 'integer', (c) => c.notNull())
      .addColumn('last_note', 'varchar(500)', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('emergency_tasks_event').on('emergency_tasks').columns(['event_id', 'task_id']).execute();
    await db.schema.createIndex('emergency_tasks_tenant_team').on('emergency_tasks').columns(['tenant_id', 'team_id', 'status']).execute();
    // The field-work simulator's sweep: tasks waiting or in progress, every tenant.
    await db.schema.createIndex('emergency_tasks_status').on('emergency_tasks').columns(['status', 'updated_at']).execute();
    await db.schema
      .createTable('emergency_history')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('event_id', autoIdType, (c) => c.notNull().references('emergency_events.event_id'))
      .addColumn('task_id', autoIdType)
      .addColumn('team_id', autoIdType)
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('actor', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'varchar(16)')
      .addColumn('to_status', 'varchar(16)')
      .addColumn('percent', 'integer')
      .addColumn('note', 'varchar(1000)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emergency_history_event').on('emergency_history').columns(['event_id', 'id']).execute();
    await db.schema.createIndex('emergency_history_tenant').on('emergency_history').columns(['tenant_id', 'id']).execute();
    await db.schema
      .createTable('emergency_shelters')
      .addColumn('shelter_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .addColumn('address', 'varchar(200)', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emergency_shelters_tenant').on('emergency_shelters').columns(['tenant_id', 'shelter_id']).execute();
    await db.schema
      .createTable('emergency_routes')
      .addColumn('route_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('from_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('to_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('shelter_id', autoIdType)
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('length', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('emergency_routes_tenant').on('emergency_routes').columns(['tenant_id', 'route_id']).execute();
  },
});
