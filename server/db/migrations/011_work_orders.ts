import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Work orders (server/workOrders/): orders with their audit trail and photos (files under
// DATA_DIR/workorders), the tenants' teams they are dispatched to, and gap-free numbering: one counter
// row per tenant, type and day, incremented in the statement that reads it (order numbers and
// GET /system/order/deviceNo).
export const migration011WorkOrders: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('teams')
      .addColumn('team_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('duty', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('teams_tenant').on('teams').columns(['tenant_id', 'team_id']).execute();
    await db.schema
      .createTable('order_counters')
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('type', 'varchar(100)', (c) => c.notNull())
      // yyyymmdd (Asia/Shanghai) for numbers that start again each day; '' for one sequence.
      .addColumn('day', 'varchar(8)', (c) => c.notNull())
      .addColumn('last', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_counters_pk', ['tenant_id', 'type', 'day'])
      .execute();
    await db.schema
      .createTable('work_orders')
      .addColumn('order_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      .addColumn('priority', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('alarm_id', autoIdType)
      .addColumn('device_id', 'integer')
      .addColumn('assignee_user_id', 'integer')
      .addColumn('assignee_team_id', autoIdType)
      .addColumn('created_by', 'integer')
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('escalated_at', 'bigint')
      .addColumn('closed_at', 'bigint')
      .addColumn('result', 'varchar(1000)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The list's filters, each with the list's order (newest first) after it.
    await db.schema.createIndex('work_orders_no').on('work_orders').columns(['tenant_id', 'order_no']).unique().execute();
    await db.schema.createIndex('work_orders_tenant_time').on('work_orders').columns(['tenant_id', 'created_at', 'order_id']).execute();
    for (const column of ['status', 'priority', 'source', 'assignee_user_id', 'assignee_team_id']) {
      await db.schema
        .createIndex(`work_orders_tenant_${column}`)
        .on('work_orders')
        .columns(['tenant_id', column, 'created_at', 'order_id'])
        .execute();
    }
    await db.schema.createIndex('work_orders_tenant_due').on('work_orders').columns(['tenant_id', 'due_at']).execute();
    // Chart statistics read these without the table: counts by status and priority, SLA and completions per day (closed_at is set while 已完成 only).
    await db.schema
      .createIndex('work_orders_tenant_status_priority')
      .on('work_orders')
      .columns(['tenant_id', 'status', 'priority'])
      .execute();
    await db.schema.createIndex('work_orders_tenant_closed').on('work_orders').columns(['tenant_id', 'closed_at', 'due_at']).execute();
    await db.schema.createIndex('work_orders_tenant_escalated').on('work_orders').columns(['tenant_id', 'escalated_at']).execute();
    // Text search counts its matches over this index alone (title and number), not over the rows.
    await db.schema.createIndex('work_orders_tenant_text').on('work_orders').columns(['tenant_id', 'title', 'order_no']).execute();
    await db.schema.createIndex('work_orders_alarm').on('work_orders').columns(['alarm_id']).execute();
    // The escalation sweep: open orders past their due time, every tenant.
    await db.schema.createIndex('work_orders_due').on('work_orders').columns(['status', 'due_at']).execute();
    await db.schema
      .createTable('work_order_events')
      .addColumn('id', autoIdType, autoId)
      .addColumn('order_id', autoIdType, (c) => c.notNull().references('work_orders.order_id'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_status', 'varchar(16)')
      .addColumn('to_status', 'varchar(16)')
      .addColumn('note', 'varchar(1000)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('work_order_events_order').on('work_order_events').columns(['order_id', 'id']).execute();
    await db.schema
      .createTable('work_order_photos')
      .addColumn('photo_id', autoIdType, autoId)
      .addColumn('order_id', autoIdType, (c) => c.notNull().references('work_orders.order_id'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      // The progress note or closing the photo was attached to; null until then.
      .addColumn('event_id', autoIdType)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      // Relative to DATA_DIR/workorders.
      .addColumn('file', 'varchar(255)', (c) => c.notNull())
      .addColumn('mime', 'varchar(16)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('work_order_photos_order').on('work_order_photos').columns(['order_id', 'photo_id']).execute();
  },
});
