import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Device operation and video diagnosis (server/operations/): every on/offline change of a device and
// every command result per device (availability and success rates are computed from them), faults
// (one open per device and cause), maintenance plans and their inspections, their audit trail, and
// the camera checks of the video diagnosis.
export const migration013Operations: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('device_status_changes')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('online', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      // baseline (first seen), simulator, mqtt, dev.
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_status_changes_device').on('device_status_changes').columns(['device_id', 'at']).execute();
    await db.schema.createIndex('device_status_changes_tenant').on('device_status_changes').columns(['tenant_id', 'at']).execute();
    await db.schema
      .createTable('device_command_results')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('success', 'integer', (c) => c.notNull())
      .addColumn('message', 'varchar(500)', (c) => c.notNull())
      // 1 once the fault job has looked at a failure (or at once for a success).
      .addColumn('fault_checked', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_command_results_tenant').on('device_command_results').columns(['tenant_id', 'at']).execute();
    await db.schema.createIndex('device_command_results_device').on('device_command_results').columns(['device_id', 'at']).execute();
    await db.schema.createIndex('device_command_results_unchecked').on('device_command_results').columns(['fault_checked', 'id']).execute();
    await db.schema
      .createTable('operation_faults')
      .addColumn('fault_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('cause', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('detail', 'varchar(500)', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('close_note', 'varchar(500)', (c) => c.notNull())
      .addColumn('work_order_id', autoIdType)
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // One open fault per device and cause: a second raise does nothing (on conflict do nothing).
    await sql`create unique index operation_faults_open on operation_faults (tenant_id, device_id, cause) where closed_at is null`.execute(
      db,
    );
    await db.schema.createIndex('operation_faults_tenant').on('operation_faults').columns(['tenant_id', 'status', 'opened_at']).execute();
    await db.schema
      .createTable('operation_events')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      // fault, plan, inspection.
      .addColumn('entity', 'varchar(16)', (c) => c.notNull())
      .addColumn('entity_id', autoIdType, (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'varchar(16)')
      .addColumn('to_status', 'varchar(16)')
      .addColumn('note', 'varchar(1000)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('operation_events_entity')
      .on('operation_events')
      .columns(['tenant_id', 'entity', 'entity_id', 'id'])
      .execute();
    await db.schema
      .createTable('maintenance_plans')
      .addColumn('plan_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      // JSON array of device ids; [] for every device of the kind.
      .addColumn('device_ids', 'text', (c) => c.notNull())
      .addColumn('interval_days', 'integer', (c) => c.notNull())
      .addColumn('team_id', autoIdType)
      .addColumn('next_due_at', 'bigint', (c) => c.notNull())
      .addColumn('create_work_order', 'integer', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      // The operator who made it: the work orders of its rounds are raised in their name.
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('maintenance_plans_tenant').on('maintenance_plans').columns(['tenant_id', 'plan_id']).execute();
    await db.schema.createIndex('maintenance_plans_due').on('maintenance_plans').columns(['enabled', 'next_due_at']).execute();
    await db.schema
      .createTable('inspections')
      .addColumn('inspection_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('plan_id', autoIdType, (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('team_id', autoIdType)
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('result', 'varchar(16)')
      .addColumn('note', 'varchar(500)', (c) => c.notNull())
      .addColumn('device_id', 'integer')
      .addColumn('fault_id', autoIdType)
      .addColumn('work_order_id', autoIdType)
      .addColumn('done_at', 'bigint')
      .addColumn('done_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // A plan's round is created once, whichever instance's job gets there.
    await db.schema.createIndex('inspections_plan_due').on('inspections').columns(['plan_id', 'due_at']).unique().execute();
    await db.schema.createIndex('inspections_tenant').on('inspections').columns(['tenant_id', 'status', 'due_at']).execute();
    await db.schema
      .createTable('video_diagnosis_checks')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('online', 'integer', (c) => c.notNull())
      .addColumn('stream_ok', 'integer', (c) => c.notNull())
      .addColumn('picture', 'varchar(16)')
      .addColumn('healthy', 'integer', (c) => c.notNull())
      // Comma-separated DIAGNOSIS_REASONS; '' when healthy.
      .addColumn('reasons', 'varchar(100)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('video_diagnosis_checks_tenant').on('video_diagnosis_checks').columns(['tenant_id', 'at']).execute();
    await db.schema.createIndex('video_diagnosis_checks_device').on('video_diagnosis_checks').columns(['device_id', 'at']).execute();
  },
});
