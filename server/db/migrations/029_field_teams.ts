import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * 班组 (server/field/):
 * - `field_teams`: each tenant's A, B and C teams and the work-order team (`teams`) each is dispatched
 *   through, so a member's tasks are the work orders assigned to that team (null: none bound);
 * - `field_member_events`: the audit trail of the members — on-duty changes and calls over their
 *   walkie-talkie: who (user id), when, what, from and to. Read by member, newest first.
 */
export const migration029FieldTeams: MigrationFactory = ({ autoId, autoIdType }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('field_teams')
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      // 'A' | 'B' | 'C'.
      .addColumn('team', 'varchar(1)', (c) => c.notNull())
      .addColumn('work_team_id', 'integer')
      .addPrimaryKeyConstraint('field_teams_pk', ['tenant_id', 'team'])
      .execute();
    await db.schema
      .createTable('field_member_events')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      // 'duty' (on-duty change), 'call' or 'hangup' (the member's walkie-talkie).
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('from_value', 'varchar(64)')
      .addColumn('to_value', 'varchar(64)')
      .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('field_member_events_member').on('field_member_events').columns(['tenant_id', 'member_id', 'at']).execute();
  },
});
