import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Who is done with a temporary intercom call (refused it, hung up, or all members when its caller hung
// up): a product socket that opens within the ringing window rings only for the others.
export const migration017IntercomCallEnds: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('intercom_call_ends')
      .addColumn('gid', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('intercom_call_ends_pk', ['gid', 'user_id'])
      .execute();
  },
});
