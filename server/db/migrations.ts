import { Migrator, sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { dialectOf, type Db, type DialectName } from './Database';

/** Kysely's table of the migrations a database has run (its default name). */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The migrations, versioned and forward-only (no `down`), for one database. The DDL is the same on both
 * except where the databases differ: a key the database numbers itself is SQLite's rowid alias
 * (`integer primary key autoincrement`, 64-bit) and a bigint identity column on PostgreSQL (where an
 * `integer` is 32-bit and has no autoincrement); columns referring to such a key are bigint there too.
 * What runs on SQLite is unchanged from the first SQLite-only version, so existing files keep working.
 * Times are epoch ms in bigint columns on both.
 */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  const postgres = dialect === 'postgres';
  const autoIdType = postgres ? 'bigint' : 'integer';
  const autoId = (column: ColumnDefinitionBuilder) =>
    postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
  const migrations: Record<string, Migration> = {
    '001_platform': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('tenants')
          .addColumn('tenant_id', 'integer', (c) => c.primaryKey())
          .addColumn('tenant_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('tenant_type', 'varchar(20)', (c) => c.notNull())
          .addColumn('twin_platform_config', 'text', (c) => c.notNull())
          .addColumn('tenant_alarm_mp3', 'varchar(255)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('users')
          .addColumn('user_id', 'integer', (c) => c.primaryKey())
          .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('phonenumber', 'varchar(11)', (c) => c.notNull().unique())
          .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
          .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
          .execute();
        await db.schema
          .createTable('roles')
          .addColumn('role_id', 'integer', (c) => c.primaryKey())
          .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
          .addColumn('role_key', 'varchar(64)', (c) => c.notNull())
          .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('user_tenants')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
          .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
          .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.role_id'))
          .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('user_tenants_pk', ['user_id', 'tenant_id'])
          .execute();
        await db.schema
          .createTable('menus')
          .addColumn('menu_id', 'integer', (c) => c.primaryKey())
          .addColumn('parent_id', 'integer', (c) => c.references('menus.menu_id'))
          .addColumn('name', 'varchar(64)', (c) => c.notNull())
          .addColumn('path', 'varchar(128)', (c) => c.notNull())
          .addColumn('component', 'varchar(128)', (c) => c.notNull())
          .addColumn('perms', 'varchar(128)', (c) => c.notNull().unique())
          .addColumn('title', 'varchar(64)', (c) => c.notNull())
          .addColumn('icon', 'varchar(64)', (c) => c.notNull())
          .addColumn('order_num', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('role_menus')
          .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.role_id'))
          .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.menu_id'))
          .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
          .execute();
        await db.schema
          .createTable('auth_codes')
          .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
          .addColumn('tenant_id', 'integer', (c) => c.references('tenants.tenant_id'))
          .addColumn('expires_at', 'bigint')
          .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
          .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('revoked_at', 'bigint')
          .execute();
        await db.schema
          .createTable('sms_codes')
          .addColumn('id', autoIdType, autoId)
          .addColumn('phone', 'varchar(11)', (c) => c.notNull())
          .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('salt', 'varchar(32)', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('used_at', 'bigint')
          .execute();
        await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'created_at']).execute();
        await db.schema
          .createTable('captchas')
          .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('answer_hash', 'varchar(64)', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .addColumn('used_at', 'bigint')
          .execute();
        await db.schema
          .createTable('login_failures')
          .addColumn('id', autoIdType, autoId)
          .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('dict_data')
          .addColumn('dict_code', 'integer', (c) => c.primaryKey())
          .addColumn('dict_type', 'varchar(64)', (c) => c.notNull())
          .addColumn('dict_sort', 'integer', (c) => c.notNull())
          .addColumn('dict_label', 'varchar(64)', (c) => c.notNull())
          .addColumn('dict_value', 'varchar(64)', (c) => c.notNull())
          .addColumn('css_class', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('list_class', 'varchar(64)', (c) => c.notNull().defaultTo(''))
          .addColumn('is_default', 'varchar(1)', (c) => c.notNull().defaultTo('N'))
          .execute();
        await db.schema.createIndex('dict_data_type').on('dict_data').column('dict_type').execute();
        await sql`select 1`.execute(db);
      },
    },
  };

  migrations['002_devices'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('devices')
        .addColumn('device_id', 'integer', (c) => c.primaryKey())
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('device_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('code', 'varchar(40)', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('height', 'double precision', (c) => c.notNull().defaultTo(10))
        .addColumn('online', 'integer', (c) => c.notNull())
        .addColumn('telemetry', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('devices_tenant_kind').on('devices').columns(['tenant_id', 'kind', 'device_id']).execute();
      await db.schema.createIndex('devices_code').on('devices').columns(['tenant_id', 'code']).unique().execute();
      await db.schema
        .createTable('device_groups')
        .addColumn('group_id', 'integer', (c) => c.primaryKey())
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('kind', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('device_group_members')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('device_groups.group_id'))
        .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.device_id'))
        .addPrimaryKeyConstraint('device_group_members_pk', ['group_id', 'device_id'])
        .execute();
      await db.schema.createIndex('device_group_members_device').on('device_group_members').column('device_id').execute();
      await db.schema
        .createTable('command_log')
        .addColumn('id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('device_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('command', 'integer')
        .addColumn('command_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
        .addColumn('message', 'varchar(500)', (c) => c.notNull())
        .addColumn('results', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('command_log_tenant').on('command_log').columns(['tenant_id', 'at']).execute();
    },
  };

  migrations['003_alarms_push'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alarms')
        .addColumn('alarm_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('alarm_type', 'varchar(40)', (c) => c.notNull())
        .addColumn('grade', 'varchar(24)', (c) => c.notNull())
        .addColumn('status', 'varchar(32)', (c) => c.notNull())
        .addColumn('device_id', 'integer')
        .addColumn('device_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('longitude', 'double precision')
        .addColumn('latitude', 'double precision')
        .addColumn('content', 'varchar(200)', (c) => c.notNull())
        .addColumn('description', 'varchar(1000)', (c) => c.notNull())
        .addColumn('assignee_id', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alarms_tenant_time').on('alarms').columns(['tenant_id', 'created_at']).execute();
      await db.schema
        .createTable('alarm_history')
        .addColumn('id', autoIdType, autoId)
        .addColumn('alarm_id', autoIdType, (c) => c.notNull().references('alarms.alarm_id'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('from_status', 'varchar(32)')
        .addColumn('to_status', 'varchar(32)')
        .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('alarm_history_alarm').on('alarm_history').column('alarm_id').execute();
      await db.schema
        .createTable('push_log')
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('push_log_pk', ['tenant_id', 'seq'])
        .execute();
      await db.schema
        .createTable('push_tickets')
        .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
    },
  };

  // Attempts counted per address or per credential (authorization-code guesses, SMS sends …): in the
  // database, so limits hold across a restart and, later, across instances.
  migrations['004_rate_limits'] = {
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
  };

  // Wrong passwords per user name are counted by the shared rate limiter now (bucket password_user).
  migrations['005_drop_login_failures'] = {
    async up(db: Kysely<unknown>) {
      await db.schema.dropTable('login_failures').execute();
    },
  };

  // The next push sequence id of a tenant is taken from a counter row, incremented in the transaction that
  // stores the message (PushHub.publish): `max(seq) + 1` would let two instances on one database hand out
  // the same id. Counters start from what push_log already holds.
  migrations['006_push_counters'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('push_counters')
        .addColumn('tenant_id', 'integer', (c) => c.primaryKey())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into push_counters (tenant_id, seq) select tenant_id, max(seq) from push_log group by tenant_id`.execute(db);
    },
  };

  // The MQTT sessions the server's instances hold at the broker (MqttSessions): a session whose instance
  // stopped renewing it still holds messages the broker routed to it; the leader takes it over and drains it.
  migrations['007_mqtt_sessions'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mqtt_sessions')
        .addColumn('client_id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };

  // What a scenic area produces (server/business/): gates and their visitors per hour, ticket orders,
  // parking lots and their sessions, merchants and their sales per hour; the business simulator's
  // watermark per tenant; the current weather per tenant (server/weather/). Money in fen (integers, so
  // sums are exact and equal on both databases); hours as the epoch ms of the hour's start.
  migrations['008_business_weather'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('business_gates')
        .addColumn('gate_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('business_gates_tenant').on('business_gates').columns(['tenant_id', 'gate_id']).execute();
      await db.schema
        .createTable('gate_traffic')
        .addColumn('gate_id', autoIdType, (c) => c.notNull().references('business_gates.gate_id'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('hour_at', 'bigint', (c) => c.notNull())
        .addColumn('in_count', 'integer', (c) => c.notNull())
        .addColumn('out_count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('gate_traffic_pk', ['gate_id', 'hour_at'])
        .execute();
      await db.schema.createIndex('gate_traffic_tenant_hour').on('gate_traffic').columns(['tenant_id', 'hour_at']).execute();
      await db.schema
        .createTable('ticket_orders')
        .addColumn('order_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('ticket_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('ticket_count', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('channel', 'varchar(16)', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ticket_orders_no').on('ticket_orders').columns(['tenant_id', 'order_no']).unique().execute();
      await db.schema.createIndex('ticket_orders_tenant_paid').on('ticket_orders').columns(['tenant_id', 'paid_at']).execute();
      await db.schema
        .createTable('parking_lots')
        .addColumn('lot_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('parking_lots_tenant').on('parking_lots').columns(['tenant_id', 'lot_id']).execute();
      await db.schema
        .createTable('parking_sessions')
        .addColumn('session_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('lot_id', autoIdType, (c) => c.notNull().references('parking_lots.lot_id'))
        .addColumn('plate', 'varchar(16)', (c) => c.notNull())
        .addColumn('in_at', 'bigint', (c) => c.notNull())
        .addColumn('out_at', 'bigint')
        .addColumn('fee', 'bigint')
        .execute();
      // Open sessions (out_at null) and the ones that ended in a period, per tenant.
      await db.schema.createIndex('parking_sessions_tenant_out').on('parking_sessions').columns(['tenant_id', 'out_at']).execute();
      await db.schema.createIndex('parking_sessions_lot').on('parking_sessions').columns(['lot_id', 'out_at']).execute();
      await db.schema
        .createTable('merchants')
        .addColumn('merchant_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('category', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('merchants_tenant').on('merchants').columns(['tenant_id', 'merchant_id']).execute();
      await db.schema
        .createTable('merchant_sales')
        .addColumn('merchant_id', autoIdType, (c) => c.notNull().references('merchants.merchant_id'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('hour_at', 'bigint', (c) => c.notNull())
        .addColumn('sales_count', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('merchant_sales_pk', ['merchant_id', 'hour_at'])
        .execute();
      await db.schema.createIndex('merchant_sales_tenant_hour').on('merchant_sales').columns(['tenant_id', 'hour_at']).execute();
      await db.schema
        .createTable('business_simulation')
        .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id'))
        .addColumn('produced_until', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('weather')
        .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenants.tenant_id'))
        .addColumn('city', 'varchar(32)', (c) => c.notNull())
        .addColumn('text', 'varchar(16)', (c) => c.notNull())
        .addColumn('temperature', 'integer', (c) => c.notNull())
        .addColumn('humidity', 'integer', (c) => c.notNull())
        .addColumn('wind', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // Alarm handling statistics read transitions by time (server/stats/).
      await db.schema.createIndex('alarm_history_at').on('alarm_history').columns(['at']).execute();
    },
  };

  // Panel layouts operators arrange, per tenant, user and panel page (server/panels/): the items as JSON text.
  migrations['009_panel_layouts'] = {
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
  };

  // Video rooms, quick intercom groups and voice recordings (server/videoRooms/, server/intercom/).
  migrations['010_video_rooms_intercom'] = {
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
  };

  // Work orders (server/workOrders/): orders with their audit trail and photos (files under
  // DATA_DIR/workorders), the tenants' teams they are dispatched to, and gap-free numbering: one counter
  // row per tenant, type and day, incremented in the statement that reads it (order numbers and
  // GET /system/order/deviceNo).
  migrations['011_work_orders'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('teams')
        .addColumn('team_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('duty', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('teams_tenant').on('teams').columns(['tenant_id', 'team_id']).execute();
      await db.schema
        .createTable('order_counters')
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(100)', (c) => c.notNull())
        // yyyymmdd (Asia/Shanghai) for numbers that start again each day; '' for one sequence.
        .addColumn('day', 'varchar(8)', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_counters_pk', ['tenant_id', 'type', 'day'])
        .execute();
      await db.schema
        .createTable('work_orders')
        .addColumn('order_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(1000)', (c) => c.notNull())
        .addColumn('category', 'varchar(16)', (c) => c.notNull())
        .addColumn('priority', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('alarm_id', autoIdType)
        .addColumn('device_id', 'integer')
        .addColumn('assignee_user_id', 'integer')
        .addColumn('assignee_team_id', autoIdType)
        .addColumn('created_by', 'integer')
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('escalated_at', 'bigint')
        .addColumn('closed_at', 'bigint')
        .addColumn('result', 'varchar(1000)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The list's filters, each with the list's order (newest first) after it.
      await db.schema.createIndex('work_orders_no').on('work_orders').columns(['tenant_id', 'order_no']).unique().execute();
      await db.schema.createIndex('work_orders_tenant_time').on('work_orders').columns(['tenant_id', 'created_at', 'order_id']).execute();
      for (const column of ['status', 'priority', 'source', 'assignee_user_id', 'assignee_team_id']) {
        await db.schema
          .createIndex(`work_orders_tenant_${column}`)
          .on('work_orders')
          .columns(['tenant_id', column, 'created_at', 'order_id'])
          .execute();
      }
      await db.schema.createIndex('work_orders_tenant_due').on('work_orders').columns(['tenant_id', 'due_at']).execute();
      // Chart statistics read these without the table: counts by status and priority, SLA and completions per day (closed_at is set while 已完成 only).
      await db.schema
        .createIndex('work_orders_tenant_status_priority')
        .on('work_orders')
        .columns(['tenant_id', 'status', 'priority'])
        .execute();
      await db.schema.createIndex('work_orders_tenant_closed').on('work_orders').columns(['tenant_id', 'closed_at', 'due_at']).execute();
      await db.schema.createIndex('work_orders_tenant_escalated').on('work_orders').columns(['tenant_id', 'escalated_at']).execute();
      // Text search counts its matches over this index alone (title and number), not over the rows.
      await db.schema.createIndex('work_orders_tenant_text').on('work_orders').columns(['tenant_id', 'title', 'order_no']).execute();
      await db.schema.createIndex('work_orders_alarm').on('work_orders').columns(['alarm_id']).execute();
      // The escalation sweep: open orders past their due time, every tenant.
      await db.schema.createIndex('work_orders_due').on('work_orders').columns(['status', 'due_at']).execute();
      await db.schema
        .createTable('work_order_events')
        .addColumn('id', autoIdType, autoId)
        .addColumn('order_id', autoIdType, (c) => c.notNull().references('work_orders.order_id'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('from_status', 'varchar(16)')
        .addColumn('to_status', 'varchar(16)')
        .addColumn('note', 'varchar(1000)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('work_order_events_order').on('work_order_events').columns(['order_id', 'id']).execute();
      await db.schema
        .createTable('work_order_photos')
        .addColumn('photo_id', autoIdType, autoId)
        .addColumn('order_id', autoIdType, (c) => c.notNull().references('work_orders.order_id'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        // The progress note or closing the photo was attached to; null until then.
        .addColumn('event_id', autoIdType)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        // Relative to DATA_DIR/workorders.
        .addColumn('file', 'varchar(255)', (c) => c.notNull())
        .addColumn('mime', 'varchar(16)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('work_order_photos_order').on('work_order_photos').columns(['order_id', 'photo_id']).execute();
    },
  };

  // Device operation and video diagnosis (server/operations/): every on/offline change of a device and
  // every command result per device (availability and success rates are computed from them), faults
  // (one open per device and cause), maintenance plans and their inspections, their audit trail, and
  // the camera checks of the video diagnosis.
  migrations['013_operations'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('device_status_changes')
        .addColumn('id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('online', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        // baseline (first seen), simulator, mqtt, dev.
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_status_changes_device').on('device_status_changes').columns(['device_id', 'at']).execute();
      await db.schema.createIndex('device_status_changes_tenant').on('device_status_changes').columns(['tenant_id', 'at']).execute();
      await db.schema
        .createTable('device_command_results')
        .addColumn('id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('message', 'varchar(500)', (c) => c.notNull())
        // 1 once the fault job has looked at a failure (or at once for a success).
        .addColumn('fault_checked', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('device_command_results_tenant').on('device_command_results').columns(['tenant_id', 'at']).execute();
      await db.schema.createIndex('device_command_results_device').on('device_command_results').columns(['device_id', 'at']).execute();
      await db.schema
        .createIndex('device_command_results_unchecked')
        .on('device_command_results')
        .columns(['fault_checked', 'id'])
        .execute();
      await db.schema
        .createTable('operation_faults')
        .addColumn('fault_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('cause', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('detail', 'varchar(500)', (c) => c.notNull())
        .addColumn('opened_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('close_note', 'varchar(500)', (c) => c.notNull())
        .addColumn('work_order_id', autoIdType)
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // One open fault per device and cause: a second raise does nothing (on conflict do nothing).
      await sql`create unique index operation_faults_open on operation_faults (tenant_id, device_id, cause) where closed_at is null`.execute(
        db,
      );
      await db.schema.createIndex('operation_faults_tenant').on('operation_faults').columns(['tenant_id', 'status', 'opened_at']).execute();
      await db.schema
        .createTable('operation_events')
        .addColumn('id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        // fault, plan, inspection.
        .addColumn('entity', 'varchar(16)', (c) => c.notNull())
        .addColumn('entity_id', autoIdType, (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('from_status', 'varchar(16)')
        .addColumn('to_status', 'varchar(16)')
        .addColumn('note', 'varchar(1000)', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('operation_events_entity')
        .on('operation_events')
        .columns(['tenant_id', 'entity', 'entity_id', 'id'])
        .execute();
      await db.schema
        .createTable('maintenance_plans')
        .addColumn('plan_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        // JSON array of device ids; [] for every device of the kind.
        .addColumn('device_ids', 'text', (c) => c.notNull())
        .addColumn('interval_days', 'integer', (c) => c.notNull())
        .addColumn('team_id', autoIdType)
        .addColumn('next_due_at', 'bigint', (c) => c.notNull())
        .addColumn('create_work_order', 'integer', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        // The operator who made it: the work orders of its rounds are raised in their name.
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('maintenance_plans_tenant').on('maintenance_plans').columns(['tenant_id', 'plan_id']).execute();
      await db.schema.createIndex('maintenance_plans_due').on('maintenance_plans').columns(['enabled', 'next_due_at']).execute();
      await db.schema
        .createTable('inspections')
        .addColumn('inspection_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('plan_id', autoIdType, (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('team_id', autoIdType)
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('result', 'varchar(16)')
        .addColumn('note', 'varchar(500)', (c) => c.notNull())
        .addColumn('device_id', 'integer')
        .addColumn('fault_id', autoIdType)
        .addColumn('work_order_id', autoIdType)
        .addColumn('done_at', 'bigint')
        .addColumn('done_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // A plan's round is created once, whichever instance's job gets there.
      await db.schema.createIndex('inspections_plan_due').on('inspections').columns(['plan_id', 'due_at']).unique().execute();
      await db.schema.createIndex('inspections_tenant').on('inspections').columns(['tenant_id', 'status', 'due_at']).execute();
      await db.schema
        .createTable('video_diagnosis_checks')
        .addColumn('id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('online', 'integer', (c) => c.notNull())
        .addColumn('stream_ok', 'integer', (c) => c.notNull())
        .addColumn('picture', 'varchar(16)')
        .addColumn('healthy', 'integer', (c) => c.notNull())
        // Comma-separated DIAGNOSIS_REASONS; '' when healthy.
        .addColumn('reasons', 'varchar(100)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('video_diagnosis_checks_tenant').on('video_diagnosis_checks').columns(['tenant_id', 'at']).execute();
      await db.schema.createIndex('video_diagnosis_checks_device').on('video_diagnosis_checks').columns(['device_id', 'at']).execute();
    },
  };

  // Emergency dispatch (server/emergency/): events opened from alarms or by hand, the alarms linked to
  // them, tasks dispatched to teams, the history of both (who, when, what), and each tenant's shelters
  // and evacuation routes (paths as JSON text of [lon, lat] points), seeded like the teams.
  migrations['012_emergency'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('emergency_events')
        .addColumn('event_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(1000)', (c) => c.notNull())
        .addColumn('level', 'varchar(16)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('radius', 'integer', (c) => c.notNull())
        .addColumn('alarm_id', autoIdType)
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_by', 'integer')
        .addColumn('closed_at', 'bigint')
        .addColumn('result', 'varchar(1000)', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('emergency_events_tenant_time')
        .on('emergency_events')
        .columns(['tenant_id', 'created_at', 'event_id'])
        .execute();
      // Active events of a kind: where a new alarm looks for one to join.
      await db.schema
        .createIndex('emergency_events_tenant_status_kind')
        .on('emergency_events')
        .columns(['tenant_id', 'status', 'kind'])
        .execute();
      await db.schema
        .createTable('emergency_event_alarms')
        .addColumn('event_id', autoIdType, (c) => c.notNull().references('emergency_events.event_id'))
        .addColumn('alarm_id', autoIdType, (c) => c.notNull())
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('emergency_event_alarms_pk', ['event_id', 'alarm_id'])
        .execute();
      // An alarm belongs to one event at most.
      await db.schema.createIndex('emergency_event_alarms_alarm').on('emergency_event_alarms').columns(['alarm_id']).unique().execute();
      await db.schema
        .createTable('emergency_tasks')
        .addColumn('task_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', autoIdType, (c) => c.notNull().references('emergency_events.event_id'))
        .addColumn('title', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(1000)', (c) => c.notNull())
        .addColumn('team_id', autoIdType, (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('percent', 'integer', (c) => c.notNull())
        .addColumn('last_note', 'varchar(500)', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await db.schema.createIndex('emergency_tasks_event').on('emergency_tasks').columns(['event_id', 'task_id']).execute();
      await db.schema
        .createIndex('emergency_tasks_tenant_team')
        .on('emergency_tasks')
        .columns(['tenant_id', 'team_id', 'status'])
        .execute();
      // The field-work simulator's sweep: tasks waiting or in progress, every tenant.
      await db.schema.createIndex('emergency_tasks_status').on('emergency_tasks').columns(['status', 'updated_at']).execute();
      await db.schema
        .createTable('emergency_history')
        .addColumn('id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', autoIdType, (c) => c.notNull().references('emergency_events.event_id'))
        .addColumn('task_id', autoIdType)
        .addColumn('team_id', autoIdType)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('actor', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('from_status', 'varchar(16)')
        .addColumn('to_status', 'varchar(16)')
        .addColumn('percent', 'integer')
        .addColumn('note', 'varchar(1000)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('emergency_history_event').on('emergency_history').columns(['event_id', 'id']).execute();
      await db.schema.createIndex('emergency_history_tenant').on('emergency_history').columns(['tenant_id', 'id']).execute();
      await db.schema
        .createTable('emergency_shelters')
        .addColumn('shelter_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('address', 'varchar(200)', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('emergency_shelters_tenant').on('emergency_shelters').columns(['tenant_id', 'shelter_id']).execute();
      await db.schema
        .createTable('emergency_routes')
        .addColumn('route_id', autoIdType, autoId)
        .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenants.tenant_id'))
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('from_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('to_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('shelter_id', autoIdType)
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('length', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('emergency_routes_tenant').on('emergency_routes').columns(['tenant_id', 'route_id']).execute();
    },
  };

  // Work-order list at 100,000 orders per tenant (bench/workOrders.ts): 已超时 counts and sorts its open
  // orders past due from one index; an order-number keyword (GD-…) is a prefix of the number, read as a
  // byte-order range (PostgreSQL: the C collation, as the comparison it serves).
  migrations['014_work_order_indexes'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('work_orders_tenant_status_due')
        .on('work_orders')
        .columns(['tenant_id', 'status', 'due_at', 'created_at', 'order_id'])
        .execute();
      if (postgres) await sql`create index work_orders_tenant_no_bytes on work_orders (tenant_id, order_no collate "C")`.execute(db);
    },
  };
  // Water levels and hydrant pressures over time (server/sensors/): one row per sensor and sample; the
  // trends read one metric of a tenant's sensors over a window, the retention deletes by time.
  migrations['015_sensor_readings'] = {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sensor_readings')
        .addColumn('tenant_id', 'integer', (c) => c.notNull())
        .addColumn('device_id', 'integer', (c) => c.notNull())
        .addColumn('metric', 'varchar(20)', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('value', 'double precision', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sensor_readings_series')
        .on('sensor_readings')
        .columns(['tenant_id', 'metric', 'device_id', 'at'])
        .execute();
      await db.schema.createIndex('sensor_readings_at').on('sensor_readings').column('at').execute();
    },
  };
  // A work order's detail shows the fault it was raised from (关联故障): faults found by their order.
  migrations['016_fault_work_order_index'] = {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('operation_faults_work_order').on('operation_faults').columns(['work_order_id']).execute();
    },
  };
  // Who is done with a temporary intercom call (refused it, hung up, or all members when its caller hung
  // up): a product socket that opens within the ringing window rings only for the others.
  migrations['017_intercom_call_ends'] = {
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
  };
  return migrations;
}

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/** The migrations the database says it has run (none for a new database). */
async function executedMigrations(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE && !table.isView)) return [];
  return (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows.map(
    (row) => row.name,
  );
}

/** Names of the migrations this program knows, oldest first. */
export function knownMigrations(dialect: DialectName): string[] {
  return Object.keys(migrationsFor(dialect)).sort();
}

/**
 * Brings the database to the newest schema this program knows. A database that has run a migration this
 * program does not know was made by a newer version: the program refuses to start rather than run
 * against a schema it does not understand.
 */
export async function migrate(db: Db): Promise<void> {
  const migrations = migrationsFor(dialectOf(db));
  const unknown = (await executedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length) throw new Error(`数据库结构版本 ${unknown.join('、')} 比本程序新，请升级程序后再启动`);
  const { error } = await new Migrator({ db, provider: new InCodeMigrations(migrations) }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
