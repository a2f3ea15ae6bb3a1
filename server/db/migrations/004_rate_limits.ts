import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Attempts counted per address or per credential (authorization-code guesses, SMS sends …): in the
// database, so limits hold across a restart and, later, across instances.
export const migration004RateLimits: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('id', autoIdType, autoId)
      .addColumn('bucket', 'varchar(32)', (c) => c.notNull())
      .addColumn('subject', 'varchar(128)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_hits_subject').on('rate_limit_hits').columns(['bucket', 'subject', 'at']).execute();
  },
});
