import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// What a scenic area produces (server/business/): gates and their visitors per hour, ticket orders,
// parking lots and their sessions, merchants and their sales per hour; the business simulator's
// watermark per tenant; the current weather per tenant (server/weather/). Money in fen (integers, so
// sums are exact and equal on both databases); hours as the epoch ms of the hour's start.
export const migration008BusinessWeather: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('business_gates')
      .addColumn('gate_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('business_gates_tenant').on('business_gates').columns(['tenant_id', 'gate_id']).execute();
    await db.schema
      .createTable('gate_traffic')
      .addColumn('gate_id', autoIdType, (c) => c.notNull().references('business_gates.gate_id'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('hour_at', 'bigint', (c) => c.notNull())
      .addColumn('in_count', 'integer', (c) => c.notNull())
      .addColumn('out_count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('gate_traffic_pk', ['gate_id', 'hour_at'])
      .execute();
    await db.schema.createIndex('gate_traffic_tenant_hour').on('gate_traffic').columns(['tenant_id', 'hour_at']).execute();
    await db.schema
      .createTable('ticket_orders')
      .addColumn('order_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('ticket_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('ticket_count', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('paid_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('ticket_orders_no').on('ticket_orders').columns(['tenant_id', 'order_no']).unique().execute();
    await db.schema.createIndex('ticket_orders_tenant_paid').on('ticket_orders').columns(['tenant_id', 'paid_at']).execute();
    await db.schema
      .createTable('parking_lots')
      .addColumn('lot_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('parking_lots_tenant').on('parking_lots').columns(['tenant_id', 'lot_id']).execute();
    await db.schema
      .createTable('parking_sessions')
      .addColumn('session_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('lot_id', autoIdType, (c) => c.notNull().references('parking_lots.lot_id'))
      .addColumn('plate', 'varchar(16)', (c) => c.notNull())
      .addColumn('in_at', 'bigint', (c) => c.notNull())
      .addColumn('out_at', 'bigint')
      .addColumn('fee', 'bigint')
      .execute();
    // Open sessions (out_at null) and the ones that ended in a period, per tenant.
    await db.schema.createIndex('parking_sessions_tenant_out').on('parking_sessions').columns(['tenant_id', 'out_at']).execute();
    await db.schema.createIndex('parking_sessions_lot').on('parking_sessions').columns(['lot_id', 'out_at']).execute();
    await db.schema
      .createTable('merchants')
      .addColumn('merchant_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('merchants_tenant').on('merchants').columns(['tenant_id', 'merchant_id']).execute();
    await db.schema
      .createTable('merchant_sales')
      .addColumn('merchant_id', autoIdType, (c) => c.notNull().references('merchants.merchant_id'))
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('hour_at', 'bigint', (c) => c.notNull())
      .addColumn('sales_count', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('merchant_sales_pk', ['merchant_id', 'hour_at'])
      .execute();
    await db.schema.createIndex('merchant_sales_tenant_hour').on('merchant_sales').columns(['tenant_id', 'hour_at']).execute();
    await db.schema
      .createTable('business_simulation')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id'))
      .addColumn('produced_until', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('weather')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id'))
      .addColumn('city', 'varchar(32)', (c) => c.notNull())
      .addColumn('text', 'varchar(16)', (c) => c.notNull())
      .addColumn('temperature', 'integer', (c) => c.notNull())
      .addColumn('humidity', 'integer', (c) => c.notNull())
      .addColumn('wind', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Alarm handling statistics read transitions by time (server/stats/).
    await db.schema.createIndex('alarm_history_at').on('alarm_history').columns(['at']).execute();
  },
});
