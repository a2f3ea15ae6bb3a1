import type { Kysely } from 'kysely';
import type { CaseTables } from './CaseTables';
import type { FieldTables } from './FieldTables';
import type { LowAltitudeTables } from './LowAltitudeTables';
import type { PatrolTables } from './PatrolTables';
import type { PerceptionTables } from './PerceptionTables';

/**
 * Tables; column names in snake_case, times as epoch milliseconds (bigint on both databases; PostgreSQL's
 * int8 and numeric come back as numbers, see openDatabase.ts).
 */
export interface Database extends PerceptionTables, FieldTables, LowAltitudeTables, PatrolTables, CaseTables {
  tenants: { tenant_id: number; tenant_name: string; tenant_type: string; twin_platform_config: string; tenant_alarm_mp3: string };
  users: { user_id: number; user_name: string; nick_name: string; phonenumber: string; password_hash: string; status: string };
  roles: { role_id: number; tenant_id: number; role_key: string; role_name: string };
  user_tenants: { user_id: number; tenant_id: number; role_id: number; is_default: number };
  menus: {
    menu_id: number;
    parent_id: number | null;
    name: string;
    path: string;
    component: string;
    perms: string;
    title: string;
    icon: string;
    order_num: number;
  };
  role_menus: { role_id: number; menu_id: number };
  auth_codes: { code_hash: string; user_id: number; tenant_id: number | null; expires_at: number | null; disabled: number };
  sessions: {
    token_hash: string;
    user_id: number;
    tenant_id: number;
    created_at: number;
    last_seen_at: number;
    revoked_at: number | null;
    revoked_reason: string | null;
  };
  sms_codes: {
    id: number | undefined;
    phone: string;
    code_hash: string;
    salt: string;
    created_at: number;
    expires_at: number;
    checks: number;
    used_at: number | null;
  };
  captchas: { uuid: string; answer_hash: string; expires_at: number; used_at: number | null };
  rate_limit_hits: { id: number | undefined; bucket: string; subject: string; at: number };
  devices: {
    device_id: number;
    tenant_id: number;
    kind: string;
    device_type: string;
    name: string;
    code: string;
    longitude: number;
    latitude: number;
    height: number;
    online: number;
    telemetry: string;
    state: string;
    updated_at: number;
  };
  device_groups: { group_id: number; tenant_id: number; kind: string; name: string };
  device_group_members: { group_id: number; device_id: number };
  command_log: {
    id: number | undefined;
    tenant_id: number;
    user_id: number;
    at: number;
    device_type: string;
    command: number | null;
    command_type: string;
    params: string;
    target: string;
    outcome: string;
    message: string;
    results: string;
    /** 'live' (default) or 'seed': written by a fresh start's history (migration 018). */
    origin?: string;
  };
  alarms: {
    alarm_id: number | undefined;
    tenant_id: number;
    alarm_type: string;
    grade: string;
    status: string;
    device_id: number | null;
    device_name: string;
    longitude: number | null;
    latitude: number | null;
    content: string;
    description: string;
    assignee_id: number | null;
    created_at: number;
    updated_at: number;
    /** 'live' (default) or 'seed': written by a fresh start's history (migration 018). */
    origin?: string;
  };
  alarm_history: {
    id: number | undefined;
    alarm_id: number;
    at: number;
    user_id: number | null;
    action: string;
    from_status: string | null;
    to_status: string | null;
    comment: string;
  };
  push_log: { tenant_id: number; seq: number; at: number; event_type: string; payload: string };
  /** The last push sequence id given out per tenant (migration 006). */
  push_counters: { tenant_id: number; seq: number };
  mqtt_sessions: { client_id: string; seen_at: number };
  push_tickets: { ticket_hash: string; token_hash: string; expires_at: number; used_at: number | null };
  dict_data: {
    dict_code: number;
    dict_type: string;
    dict_sort: number;
    dict_label: string;
    dict_value: string;
    css_class: string;
    list_class: string;
    is_default: string;
  };
  // Business of a scenic area (migration 008, server/business/): money in fen, hours as the epoch ms of their start.
  business_gates: { gate_id: number | undefined; tenant_id: number; name: string };
  /** Visitors through a gate in one hour (in and out). */
  gate_traffic: { gate_id: number; tenant_id: number; hour_at: number; in_count: number; out_count: number };
  ticket_orders: {
    order_id: number | undefined;
    tenant_id: number;
    order_no: string;
    ticket_type: string;
    ticket_count: number;
    amount: number;
    channel: string;
    paid_at: number;
  };
  parking_lots: { lot_id: number | undefined; tenant_id: number; name: string; capacity: number };
  /** A car's stay in a lot; out_at and fee are null while it is parked. */
  parking_sessions: {
    session_id: number | undefined;
    tenant_id: number;
    lot_id: number;
    plate: string;
    in_at: number;
    out_at: number | null;
    fee: number | null;
  };
  merchants: { merchant_id: number | undefined; tenant_id: number; name: string; category: string };
  /** A merchant's sales in one hour. */
  merchant_sales: { merchant_id: number; tenant_id: number; hour_at: number; sales_count: number; amount: number };
  /** How far the business simulator has produced each tenant's rows. */
  business_simulation: { tenant_id: number; produced_until: number };
  /** The current weather of each tenant's city (migration 008, server/weather/). */
  weather: { tenant_id: number; city: string; text: string; temperature: number; humidity: number; wind: string; updated_at: number };
  /** An operator's layout of a panel page (migration 009, server/panels/): items as JSON text. */
  panel_layouts: { tenant_id: number; user_id: number; page: string; items: string; updated_at: number };
  /** A Janus video room of a tenant (migration 010, server/videoRooms/); secret and pin never leave the server but to members. */
  video_rooms: {
    room_id: number;
    tenant_id: number;
    kind: string;
    name: string;
    creator_id: number;
    secret: string;
    pin: string;
    created_at: number;
    closed_at: number | null;
  };
  /** A quick (temporary) intercom group (migration 010, server/intercom/): uids as JSON text, its audio room. */
  intercom_groups: {
    gid: number | undefined;
    tenant_id: number;
    name: string;
    creator_id: number;
    uids: string;
    room_id: number | null;
    created_at: number;
  };
  intercom_call_ends: { gid: number; user_id: number; tenant_id: number; at: number };
  /** An uploaded voice recording (migration 010): the wav under DATA_DIR/voice. */
  voice_recordings: {
    id: number | undefined;
    tenant_id: number;
    user_id: number;
    file: string;
    size: number;
    duration_ms: number;
    created_at: number;
  };
  /** A team of a tenant work orders are dispatched to (migration 011, server/seed/seedTeams.ts). */
  teams: { team_id: number | undefined; tenant_id: number; name: string; duty: string };
  /** The last number given out per tenant, type and day (yyyymmdd, or '' for one sequence) (migration 011, server/workOrders/OrderCounters.ts). */
  order_counters: { tenant_id: number; type: string; day: string; last: number };
  /** A work order (migration 011, server/workOrders/): statuses and codes in contracts/workOrders.ts. */
  work_orders: {
    order_id: number | undefined;
    tenant_id: number;
    order_no: string;
    title: string;
    description: string;
    category: string;
    priority: string;
    status: string;
    source: string;
    alarm_id: number | null;
    device_id: number | null;
    assignee_user_id: number | null;
    assignee_team_id: number | null;
    created_by: number | null;
    due_at: number;
    escalated_at: number | null;
    closed_at: number | null;
    result: string;
    created_at: number;
    updated_at: number;
    /** 'live' (default) or 'seed': written by a fresh start's history (migration 018). */
    origin?: string;
  };
  /** An on/offline change of a device as recorded where it is written (migration 013, server/operations/StatusRecorder.ts). */
  device_status_changes: {
    id: number | undefined;
    tenant_id: number;
    device_id: number;
    kind: string;
    online: number;
    at: number;
    source: string;
  };
  /** One device's result of a command (migration 013): success rates and command faults are computed from these. */
  device_command_results: {
    id: number | undefined;
    tenant_id: number;
    device_id: number;
    kind: string;
    at: number;
    success: number;
    message: string;
    fault_checked: number;
  };
  /** A device fault (migration 013, server/operations/FaultService.ts): statuses in contracts/operations.ts. */
  operation_faults: {
    fault_id: number | undefined;
    tenant_id: number;
    device_id: number;
    kind: string;
    cause: string;
    status: string;
    detail: string;
    opened_at: number;
    closed_at: number | null;
    close_note: string;
    work_order_id: number | null;
    updated_at: number;
  };
  /** The audit trail of faults, plans and inspections (migration 013). */
  operation_events: {
    id: number | undefined;
    tenant_id: number;
    entity: string;
    entity_id: number;
    at: number;
    user_id: number | null;
    action: string;
    from_status: string | null;
    to_status: string | null;
    note: string;
  };
  /** A maintenance plan (migration 013): device_ids as a JSON array ([] = every device of the kind). */
  maintenance_plans: {
    plan_id: number | undefined;
    tenant_id: number;
    name: string;
    kind: string;
    device_ids: string;
    interval_days: number;
    team_id: number | null;
    next_due_at: number;
    create_work_order: number;
    enabled: number;
    created_by: number;
    created_at: number;
    updated_at: number;
  };
  /** One round of a plan (migration 013). */
  inspections: {
    inspection_id: number | undefined;
    tenant_id: number;
    plan_id: number;
    kind: string;
    team_id: number | null;
    due_at: number;
    status: string;
    result: string | null;
    note: string;
    device_id: number | null;
    fault_id: number | null;
    work_order_id: number | null;
    done_at: number | null;
    done_by: number | null;
    created_at: number;
  };
  /** A sensor's reading at one sample (migration 015, server/sensors/): metric waterLevel (cm) or pressure (MPa). */
  sensor_readings: { tenant_id: number; device_id: number; metric: string; at: number; value: number };
  /** One camera check of the video diagnosis (migration 013, server/operations/VideoDiagnosisService.ts). */
  video_diagnosis_checks: {
    id: number | undefined;
    tenant_id: number;
    device_id: number;
    at: number;
    online: number;
    stream_ok: number;
    picture: string | null;
    healthy: number;
    reasons: string;
    /** 'live' (default) or 'seed': written by a fresh start's history (migration 018). */
    origin?: string;
  };
  /** A work order's audit trail: every change, who (null: the system), when, from and to which status. */
  work_order_events: {
    id: number | undefined;
    order_id: number;
    tenant_id: number;
    at: number;
    user_id: number | null;
    action: string;
    from_status: string | null;
    to_status: string | null;
    note: string;
  };
  /** A photo of a work order: the file under DATA_DIR/workorders; event_id once attached to a note or the closing. */
  work_order_photos: {
    photo_id: number | undefined;
    order_id: number;
    tenant_id: number;
    event_id: number | null;
    user_id: number;
    file: string;
    mime: string;
    size: number;
    created_at: number;
  };
  /** An emergency event (migration 012, server/emergency/): kinds, levels and statuses in contracts/emergency.ts. */
  emergency_events: {
    event_id: number | undefined;
    tenant_id: number;
    kind: string;
    title: string;
    description: string;
    level: string;
    status: string;
    longitude: number;
    latitude: number;
    radius: number;
    alarm_id: number | null;
    created_by: number | null;
    created_at: number;
    closed_by: number | null;
    closed_at: number | null;
    result: string;
    updated_at: number;
    /** 'live' (default) or 'seed': written by a fresh start's history (migration 018). */
    origin?: string;
  };
  /** The alarms linked to an event (its source and those that joined it); an alarm belongs to one event at most. */
  emergency_event_alarms: { event_id: number; alarm_id: number; tenant_id: number; joined_at: number };
  /** A task of an event dispatched to a team. */
  emergency_tasks: {
    task_id: number | undefined;
    tenant_id: number;
    event_id: number;
    title: string;
    description: string;
    team_id: number;
    status: string;
    percent: number;
    last_note: string;
    due_at: number;
    created_by: number | null;
    created_at: number;
    updated_at: number;
    finished_at: number | null;
  };
  /** The history of an event and its tasks: who (user, or actor text for the system and field teams), when, what. */
  emergency_history: {
    id: number | undefined;
    tenant_id: number;
    event_id: number;
    task_id: number | null;
    team_id: number | null;
    at: number;
    user_id: number | null;
    actor: string;
    action: string;
    from_status: string | null;
    to_status: string | null;
    percent: number | null;
    note: string;
  };
  /** An emergency shelter (避难场所) of a tenant, seeded (server/emergency/seedEmergencyResources.ts). */
  emergency_shelters: {
    shelter_id: number | undefined;
    tenant_id: number;
    name: string;
    capacity: number;
    address: string;
    longitude: number;
    latitude: number;
  };
  /** An evacuation route (疏散路线): path as JSON text of [lon, lat] points, length in metres. */
  emergency_routes: {
    route_id: number | undefined;
    tenant_id: number;
    name: string;
    from_name: string;
    to_name: string;
    shelter_id: number | null;
    path: string;
    length: number;
  };
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
