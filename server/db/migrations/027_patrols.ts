import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

/**
 * 巡查与打卡 (issue 23; server/patrols/):
 * - `patrol_routes`: a tenant's planned routes (kind, team, the member assigned), by tenant + kind;
 * - `patrol_checkpoints`: each route's ordered checkpoints, with the radius a check-in must be within and
 *   the window of the day (minutes, Asia/Shanghai) it is due in;
 * - `patrol_check_ins`: the check-ins, one per checkpoint and day (unique: a second one is refused even
 *   when two race), by tenant + time (the lists) and tenant + day (the day's figures);
 * - `patrol_missed`: each checkpoint missed on a day (key checkpoint + day, inserted before its alarm is
 *   raised, ON CONFLICT DO NOTHING), so a second run of the job or another instance never raises it twice.
 */
export const migration027Patrols: MigrationFactory = ({ autoId, autoIdType }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('patrol_routes')
      .addColumn('route_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      // 'cityPatrol' | 'lawPatrol' | 'greening' | 'sanitation'.
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('team', 'varchar(1)', (c) => c.notNull())
      .addColumn('member_id', autoIdType, (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('patrol_routes_kind').on('patrol_routes').columns(['tenant_id', 'kind', 'route_id']).execute();
    await db.schema.createIndex('patrol_routes_member').on('patrol_routes').columns(['tenant_id', 'member_id']).execute();
    await db.schema
      .createTable('patrol_checkpoints')
      .addColumn('checkpoint_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('route_id', autoIdType, (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('radius_m', 'double precision', (c) => c.notNull())
      .addColumn('due_from_minute', 'integer', (c) => c.notNull())
      .addColumn('due_to_minute', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('patrol_checkpoints_route').on('patrol_checkpoints').columns(['tenant_id', 'route_id', 'seq']).execute();
    await db.schema.createIndex('patrol_checkpoints_due').on('patrol_checkpoints').columns(['due_to_minute']).execute();
    await db.schema
      .createTable('patrol_check_ins')
      .addColumn('check_in_id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('route_id', autoIdType, (c) => c.notNull())
      .addColumn('checkpoint_id', autoIdType, (c) => c.notNull())
      .addColumn('member_id', autoIdType, (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      // The Asia/Shanghai day's midnight (epoch ms) of `at`.
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('longitude', 'double precision', (c) => c.notNull())
      .addColumn('latitude', 'double precision', (c) => c.notNull())
      .addColumn('distance_m', 'double precision', (c) => c.notNull())
      .addColumn('note', 'varchar(200)', (c) => c.notNull())
      // The photo's file under DATA_DIR/patrols/ and its type; null until one is uploaded.
      .addColumn('photo_file', 'varchar(80)')
      .addColumn('photo_mime', 'varchar(16)')
      .execute();
    await db.schema.createIndex('patrol_check_ins_once').on('patrol_check_ins').columns(['checkpoint_id', 'day']).unique().execute();
    await db.schema.createIndex('patrol_check_ins_time').on('patrol_check_ins').columns(['tenant_id', 'at']).execute();
    await db.schema.createIndex('patrol_check_ins_day').on('patrol_check_ins').columns(['tenant_id', 'day', 'route_id']).execute();
    await db.schema
      .createTable('patrol_missed')
      .addColumn('checkpoint_id', autoIdType, (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      .addColumn('tenant_id', 'integer', (c) => c.notNull())
      .addColumn('route_id', autoIdType, (c) => c.notNull())
      .addColumn('raised_at', 'bigint', (c) => c.notNull())
      .addColumn('alarm_id', autoIdType)
      .addPrimaryKeyConstraint('patrol_missed_pk', ['checkpoint_id', 'day'])
      .execute();
    await db.schema.createIndex('patrol_missed_time').on('patrol_missed').columns(['tenant_id', 'day', 'raised_at']).execute();
    await db.schema.createIndex('patrol_missed_alarm').on('patrol_missed').columns(['tenant_id', 'alarm_id']).execute();
  },
});
