import type { Kysely } from 'kysely';

/**
 * Tables; column names in snake_case, times as epoch milliseconds (bigint on both databases; PostgreSQL's
 * int8 and numeric come back as numbers, see openDatabase.ts).
 */
export interface Database {
  tenants: { tenant_id: number; tenant_name: string; tenant_type: string; twin_platform_config: string; tenant_alarm_mp3: string };
  users: { user_id: number; user_name: string; nick_name: string; phonenumber: string; password_hash: string; status: string };
  roles: { role_id: number; tenant_id: number; role_key: string; role_name: string };
  user_tenants: { user_id: number; tenant_id: number; role_id: number; is_default: number };
  menus: { menu_id: number; parent_id: number | null; name: string; path: string; component: string; perms: string; title: string; icon: string; order_num: number };
  role_menus: { role_id: number; menu_id: number };
  auth_codes: { code_hash: string; user_id: number; tenant_id: number | null; expires_at: number | null; disabled: number };
  sessions: { token_hash: string; user_id: number; tenant_id: number; created_at: number; last_seen_at: number; revoked_at: number | null };
  sms_codes: { id: number | undefined; phone: string; code_hash: string; salt: string; created_at: number; expires_at: number; checks: number; used_at: number | null };
  captchas: { uuid: string; answer_hash: string; expires_at: number; used_at: number | null };
  rate_limit_hits: { id: number | undefined; bucket: string; subject: string; at: number };
  devices: { device_id: number; tenant_id: number; kind: string; device_type: string; name: string; code: string; longitude: number; latitude: number; height: number; online: number; telemetry: string; state: string; updated_at: number };
  device_groups: { group_id: number; tenant_id: number; kind: string; name: string };
  device_group_members: { group_id: number; device_id: number };
  command_log: { id: number | undefined; tenant_id: number; user_id: number; at: number; device_type: string; command: number | null; command_type: string; params: string; target: string; outcome: string; message: string; results: string };
  alarms: { alarm_id: number | undefined; tenant_id: number; alarm_type: string; grade: string; status: string; device_id: number | null; device_name: string; longitude: number | null; latitude: number | null; content: string; description: string; assignee_id: number | null; created_at: number; updated_at: number };
  alarm_history: { id: number | undefined; alarm_id: number; at: number; user_id: number | null; action: string; from_status: string | null; to_status: string | null; comment: string };
  push_log: { tenant_id: number; seq: number; at: number; event_type: string; payload: string };
  /** The last push sequence id given out per tenant (migration 006). */
  push_counters: { tenant_id: number; seq: number };
  mqtt_sessions: { client_id: string; seen_at: number };
  push_tickets: { ticket_hash: string; token_hash: string; expires_at: number; used_at: number | null };
  dict_data: { dict_code: number; dict_type: string; dict_sort: number; dict_label: string; dict_value: string; css_class: string; list_class: string; is_default: string };
}

export type Db = Kysely<Database>;

/** The two databases the server runs on: SQLite (embedded default) and PostgreSQL (`DATABASE_URL`). */
export type DialectName = 'sqlite' | 'postgres';

const dialects = new WeakMap<Db, DialectName>();

/** Records which database a connection opened by `openDatabase` speaks (queries that differ ask `dialectOf`). */
export function registerDialect(db: Db, dialect: DialectName): void {
  dialects.set(db, dialect);
}

/** The database behind a connection opened by `openDatabase` (not a transaction of it). */
export function dialectOf(db: Db): DialectName {
  const dialect = dialects.get(db);
  if (!dialect) throw new Error('未知的数据库连接：请通过 openDatabase 打开数据库');
  return dialect;
}
