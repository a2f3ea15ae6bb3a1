import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// A work order's detail shows the fault it was raised from (关联故障): faults found by their order.
export const migration016FaultWorkOrderIndex: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('operation_faults_work_order').on('operation_faults').columns(['work_order_id']).execute();
  },
});
