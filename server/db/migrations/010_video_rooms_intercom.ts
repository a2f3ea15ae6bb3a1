import type { Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

// Video rooms, quick intercom groups and voice recordings (server/videoRooms/, server/intercom/).
export const migration010VideoRoomsIntercom: MigrationFactory = ({ autoIdType, autoId }) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('video_rooms')
      // Janus's room number: unique over the whole Janus, so over every tenant (drawn at random, retried on a clash).
      .addColumn('room_id', 'bigint', (c) => c.primaryKey())
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.user_id'))
      // Kick and destroy need the secret, joining needs the pin: the server keeps both.
      .addColumn('secret', 'varchar(64)', (c) => c.notNull())
      .addColumn('pin', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('closed_at', 'bigint')
      .execute();
    await db.schema.createIndex('video_rooms_tenant').on('video_rooms').columns(['tenant_id', 'closed_at']).execute();
    await db.schema
      .createTable('intercom_groups')
      .addColumn('gid', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.user_id'))
      // Member user ids as a JSON array (the creator included).
      .addColumn('uids', 'text', (c) => c.notNull())
      // The audio room the members talk in (a video_rooms row of kind 'audio').
      .addColumn('room_id', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('intercom_groups_tenant').on('intercom_groups').columns(['tenant_id', 'creator_id']).execute();
    await db.schema
      .createTable('voice_recordings')
      .addColumn('id', autoIdType, autoId)
      .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      // Relative to DATA_DIR/voice.
      .addColumn('file', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('voice_recordings_tenant').on('voice_recordings').columns(['tenant_id', 'created_at']).execute();
    // Why a session ended (logout, expired, replaced by a second login, admin): its next request's 401 says so.
    await db.schema.alterTable('sessions').addColumn('revoked_reason', 'varchar(16)').execute();
  },
});
