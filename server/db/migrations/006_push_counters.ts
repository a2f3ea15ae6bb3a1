import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// The next push sequence id of a tenant is taken from a counter row, incremented in the transaction that
// stores the message (PushHub.publish): `max(seq) + 1` would let two instances on one database hand out
// the same id. Counters start from what push_log already holds.
export const migration006PushCounters: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_counters')
      .addColumn('tenant_id', 'integer', (c) => c.primaryKey())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .execute();
    await sql`insert into push_counters (tenant_id, seq) select tenant_id, max(seq) from push_log group by tenant_id`.execute(db);
  },
});
