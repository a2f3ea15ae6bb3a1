import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * Field work's people and tracks (issue 23; server/field/):
 * - `field_members`: the members of a tenant's A, B and C teams with role, shift and on-duty state, and
 *   the walkie-talkie and law-enforcement recorder bound to each (device ids; one person per device and
 *   tenant, several nulls allowed on both databases);
 * - `positions`: every position of a person or a UAV (subject kind + id). Its key (tenant, kind, subject,
 *   time) is the only index: one subject's track is a range of it, and the situation at time T is one
 *   backwards seek per subject (the newest at or before T). A duplicate (same subject and millisecond,
 *   a resent fix) is ignored. SQLite stores the table without rowid, clustered on that key: no second
 *   b-tree to write per row, and a track is read from adjacent pages;
 * - `last_positions`: each subject's newest position, upserted with every ingested batch (an older fix
 *   arriving late does not replace it). Everyone's last position is a range of its key instead of a
 *   max(at) per subject over the week of positions, and it lists the subjects the situation seeks for.
 */
export const migration025FieldPeople: MigrationFactory = ({ postgres, autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('field_members')
      .addColumn('member_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      // 'A' | 'B' | 'C': the spec's aTeam, bTeam and cTeam.
      .addColumn('team', 'varchar(1)', (c) => c.notNull())
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('role', 'varchar(16)', (c) => c.notNull())
      .addColumn('shift', 'varchar(16)', (c) => c.notNull())
      .addColumn('on_duty', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('walkie_device_id', 'integer')
      .addColumn('recorder_device_id', 'integer')
      .execute();
    await db.schema.createIndex('field_members_team').on('field_members').columns(['tenant_id', 'team', 'member_id']).execute();
    await db.schema.createIndex('field_members_walkie').on('field_members').columns(['tenant_id', 'walkie_device_id']).unique().execute();
    await db.schema
      .createIndex('field_members_recorder')
      .on('field_members')
      .columns(['tenant_id', 'recorder_device_id'])
      .unique()
      .execute();
    for (const table of ['positions', 'last_positions']) {
      const subject = ['tenant_id', 'subject_kind', 'subject_id'] as const;
      await db.schema
        .createTable(table)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        // 'person' (a field member's id) | 'uav' (the drone's device id).
        .addColumn('subject_kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        // Metres above sea level, metres per second and degrees clockwise from north; null when the fix lacks them.
        .addColumn('altitude', 'double precision')
        .addColumn('speed', 'double precision')
        .addColumn('heading', 'double precision')
        .addPrimaryKeyConstraint(`${table}_pk`, table === 'positions' ? [...subject, 'at'] : [...subject])
        .modifyEnd(postgres ? sql`` : sql`without rowid`)
        .execute();
    }
  },
});
