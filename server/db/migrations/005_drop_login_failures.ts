import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Wrong passwords per user name are counted by the shared rate limiter now (bucket password_user).
export const migration005DropLoginFailures: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('login_failures').execute();
  },
});
