import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Work-order list at 100,000 orders per tenant (bench/workOrders.ts): 已超时 counts and sorts its open
// orders past due from one index; an order-number keyword (GD-…) is a prefix of the number, read as a
// byte-order range (PostgreSQL: the C collation, as the comparison it serves).
export const migration014WorkOrderIndexes: MigrationFactory = ({ postgres }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('work_orders_tenant_status_due')
      .on('work_orders')
      .columns(['tenant_id', 'status', 'due_at', 'created_at', 'order_id'])
      .execute();
    if (postgres) await sql`create index work_orders_tenant_no_bytes on work_orders (tenant_id, order_no collate "C")`.execute(db);
  },
});
