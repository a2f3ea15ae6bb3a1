import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Panel layouts operators arrange, per tenant, user and panel page (server/panels/): the items as JSON text.
export const migration009PanelLayouts: MigrationFactory = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('panel_layouts')
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('page', 'varchar(64)', (c) => c.notNull())
      .addColumn('items', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('panel_layouts_pk', ['tenant_id', 'user_id', 'page'])
      .execute();
  },
});
