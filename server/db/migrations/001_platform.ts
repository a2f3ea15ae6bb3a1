import { sql, type Kysely } from 'kysely';
import type { MigrationFactory } from './migrationDialect';

export const migration001Platform: MigrationFactory = ({ autoIdType, autoId }) => ({
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
});
