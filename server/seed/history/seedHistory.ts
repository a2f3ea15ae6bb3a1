import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/Database';
import { ORIGIN_TABLES } from '../../db/migrations/018_row_origin';
import { DAY_MS } from '../../stats/periods';
import { seedMaintenanceHistory, seedStatusHistory, type Outage } from '../seedOperationsHistory';
import { scheduleAlarmHistory } from './alarmHistory';
import { seedBusinessHistory } from './businessHistory';
import { seedCaseHistory } from './caseHistory';
import { TENANT_AREAS } from '../seedData';
import { writeFieldHistory } from './fieldHistory';
import { fieldKinds } from '../../field/fieldKinds';
import { CommandHistoryModel, HistoryGateway, scheduleCommandHistory } from './commandHistory';
import { HistoryTimeline } from './HistoryTimeline';
import { historyServices, type HistoryContext, type HistorySources } from './historyServices';
import { historyRandom, loadHistoryTenant } from './historyTenant';
import { inOneTransaction } from './oneTransaction';
import { seedRecognitionHistory } from './recognitionHistory';
import { scheduleVideoDiagnosisHistory } from './videoDiagnosisHistory';
import { seedLowAltitude } from '../../lowAltitude/seedLowAltitude';

export interface HistoryOptions extends HistorySources {
  /** Days of history (SEED_HISTORY_DAYS); 0 writes none. */
  days: number;
  now: number;
  /** A database seeded just now: the fleet's status history, its commands and the maintenance rounds are written only then. */
  freshDatabase: boolean;
  info(message: string): void;
}

const seconds = (since: number) => `用时 ${((performance.now() - since) / 1000).toFixed(1)} 秒`;

/** The tables the history grows, whose statistics PostgreSQL plans by. */
const LOOKED_UP_TABLES = ['alarms', 'work_orders', 'emergency_events', 'emergency_tasks'] as const;
/** PostgreSQL's statistics are refreshed after the history's first day and again after this long: enough for it to take the keys. */
const STATISTICS_EVERY_MS = 7 * DAY_MS;

/**
 * PostgreSQL plans blind on tables it has not analysed (autovacuum comes later): it would read an
 * alarm by id through the tenant's index, every alarm of the tenant each time. Analysed as they grow,
 * its plans (the prepared ones too) take the keys. SQLite's planner needs nothing.
 */
async function refreshStatistics(db: Db, tables: readonly string[] = LOOKED_UP_TABLES): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

/** Each origin table's key: rows past the key's value before the history are the history's. */
const ORIGIN_KEYS: Record<(typeof ORIGIN_TABLES)[number], string> = {
  alarms: 'alarm_id',
  work_orders: 'order_id',
  emergency_events: 'event_id',
  command_log: 'id',
  video_diagnosis_checks: 'id',
};

async function maxId(db: Db, table: (typeof ORIGIN_TABLES)[number]): Promise<number> {
  const key = ORIGIN_KEYS[table];
  const { rows } = await sql<{ max: number | null }>`select max(${sql.ref(key)}) as "max" from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.max ?? 0);
}

const hasSeedRows = async (db: Db, table: 'alarms', tenantId: number) =>
  (await db
    .selectFrom(table)
    .select('tenant_id')
    .where('tenant_id', '=', tenantId)
    .where('origin', '=', 'seed')
    .limit(1)
    .executeTakeFirst()) !== undefined;

/**
 * A deterministic past of `days` days for every tenant that has none (a fresh database, or one whose
 * tenant lacks a domain's history), written as the services live traffic uses write it, on a clock of the
 * history's own (HistoryTimeline), and told to nobody. Five parts, each in a transaction of its own:
 * alarms with their handling, the work orders and emergency events raised from them, the maintenance
 * rounds and the cases (then, in the UAVs' own transaction, their fences and past day); on a fresh
 * database the fleet's status changes with the commands sent to it, and the cameras' diagnosis rounds;
 * the business figures; the recognition records; the field teams' day of positions. Cases and commands
 * are worked out in memory and written in bulk (CaseHistoryModel, CommandHistoryModel: the services'
 * rows, checked against them by their tests); the rest goes through the services. The rows written are
 * marked origin 'seed' (migration 018). Progress lines go to `info`.
 */
export async function seedHistory(options: HistoryOptions): Promise<void> {
  if (options.days <= 0) return;
  const part = (key: string, write: (options: HistoryOptions) => Promise<void>) => () =>
    inOneTransaction(options.db, key, (db) => write({ ...options, db }));
  // The UAVs' day raises alarms too: after the replayed ones, so every alarm's id is the same each time.
  const replays = async () => {
    await part('seed-history', writeReplays)();
    await writeLowAltitude(options);
  };
  const devices = part('seed-history-devices', writeDeviceReplays);
  const business = part('seed-history-business', writeBusiness);
  const recognition = part('seed-history-recognition', writeRecognition);
  const field = part('seed-history-field', writeField);
  if (dialectOf(options.db) !== 'postgres') {
    // SQLite has one writer: one part after the other.
    for (const write of [replays, devices, business, recognition, field]) await write();
    return;
  }
  // The parts write disjoint tables (each table's ids from one part, in the same order every time) and each
  // knows by its own marks what it has written (alarms marked 'seed', a tenant's diagnosis checks, the business
  // watermark, a tenant's first recognition record or person's position, the fences), so each commits alone,
  // on a connection of its own. Three chains side by side: the replays are the critical path, thousands of round
  // trips each waiting for a turn of the event loop and a core, and beside all four other parts at once tenant 1's
  // took 4–5 s instead of ~1 s; beside the recognition records (the heaviest part) and the others one after the
  // other, the history took 3.0–3.2 s per tenant instead of 3.4–3.7 (bench/README.md, history).
  const chains = [
    replays,
    async () => {
      await devices();
      await business();
      await field();
    },
    recognition,
  ];
  const outcomes = await Promise.allSettled(chains.map((write) => write()));
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
}

/** Marks the rows of `tables` past their keys' values in `before` as the history's. */
async function markSeeded(db: Db, tables: readonly (typeof ORIGIN_TABLES)[number][], before: Record<string, number>): Promise<void> {
  for (const table of tables)
    await sql`update ${sql.table(table)} set origin = 'seed' where ${sql.ref(ORIGIN_KEYS[table])} > ${before[table]!}`.execute(db);
}

const maxIds = async (db: Db, tables: readonly (typeof ORIGIN_TABLES)[number][]) =>
  Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await maxId(db, table)] as const)));

/** The tables the alarms' part writes, and the devices' part. */
const ALARM_TABLES = ['alarms', 'work_orders', 'emergency_events'] as const;
const DEVICE_TABLES = ['command_log', 'video_diagnosis_checks'] as const;

/**
 * The alarms' handling, the work orders and events raised from them, the maintenance rounds (a fresh
 * database's) and the cases: the tables numbered per tenant and day (order_counters), one tenant after the other.
 */
async function writeReplays(options: HistoryOptions): Promise<void> {
  const { db, days, now, info } = options;
  const start = now - days * DAY_MS;
  const before = await maxIds(db, ALARM_TABLES);
  const tenants = (await db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
  let lastServices: ReturnType<typeof historyServices> | undefined;
  for (const tenantId of tenants) {
    if (await hasSeedRows(db, 'alarms', tenantId)) continue;
    const tenant = await loadHistoryTenant(db, tenantId);
    if (!tenant.handlers.length) continue;
    const begun = performance.now();
    const timeline = new HistoryTimeline(start, now);
    // Alarms send no command: the gateway is never asked.
    const services = historyServices(options, timeline, new HistoryGateway(new Map(), timeline.now, historyRandom(tenantId, 'commands')));
    lastServices = services;
    const context: HistoryContext = { timeline, services, tenant, random: historyRandom(tenantId, 'alarms'), failures: [] };
    const counts = scheduleAlarmHistory(context, options.catalog, options.resourceKinds);
    for (const at of [start + DAY_MS, start + STATISTICS_EVERY_MS]) timeline.at(at, () => refreshStatistics(db));
    await timeline.play();
    if (context.failures.length) throw context.failures[0];
    info(
      `已为租户 ${tenantId} 写入近 ${days} 天的告警 ${counts.alarms} 条（工单 ${counts.workOrders} 张、应急事件 ${counts.events} 起）（${seconds(begun)}）`,
    );
  }
  // A new database's maintenance plans and their past inspections, made through the operations services on a clock of their own.
  if (options.freshDatabase && lastServices) {
    const plansBegun = performance.now();
    const plans = await seedMaintenanceHistory(db, options.catalog, lastServices.orders, now);
    if (plans) info(`已写入 ${plans} 个巡检计划及其历次巡检（${seconds(plansBegun)}）`);
  }
  // 综合执法's cases (and the work orders they dispatched, marked below with the others).
  const casesBegun = performance.now();
  const cases = await seedCaseHistory(db, TENANT_AREAS, now, days);
  if (cases) info(`已写入近 ${days} 天的案件 ${cases} 件（${seconds(casesBegun)}）`);
  // What the live server will read: the tables the history grew, counted once more.
  await refreshStatistics(db, [...LOOKED_UP_TABLES, 'alarm_history', 'work_order_events']);
  await markSeeded(db, ALARM_TABLES, before);
}

/** A fresh fleet's status changes and the commands sent to it, and the cameras' diagnosis rounds. */
async function writeDeviceReplays(options: HistoryOptions): Promise<void> {
  const { db, days, now, info } = options;
  const start = now - days * DAY_MS;
  const before = await maxIds(db, DEVICE_TABLES);
  let outages: Map<number, Outage[]> | undefined;
  if (options.freshDatabase) {
    const statusBegun = performance.now();
    const status = await seedStatusHistory(db, now, days);
    outages = status.outages;
    info(`已写入设备近 ${days} 天的在线状态变化 ${status.changes} 条（${seconds(statusBegun)}）`);
  }
  const tenants = (await db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute()).map((row) => row.tenant_id);
  for (const tenantId of tenants) {
    const video = !(await db
      .selectFrom('video_diagnosis_checks')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .limit(1)
      .executeTakeFirst());
    const commands = outages !== undefined;
    if (!video && !commands) continue;
    const tenant = await loadHistoryTenant(db, tenantId);
    if (!tenant.handlers.length) continue;
    const begun = performance.now();
    const timeline = new HistoryTimeline(start, now);
    const gateway = new HistoryGateway(outages ?? new Map(), timeline.now, historyRandom(tenantId, 'commands'));
    // The commands as DeviceService.control writes them, in bulk when the timeline has played.
    const devices = await db
      .selectFrom('devices')
      .select(['device_id', 'tenant_id', 'kind', 'name', 'online'])
      .where('tenant_id', '=', tenantId)
      .execute();
    const model = new CommandHistoryModel(options.catalog, devices, gateway, timeline.now);
    const context = { timeline, tenant, random: historyRandom(tenantId, 'commands') };
    const commandCount = commands ? scheduleCommandHistory(context, options.catalog, model.control) : 0;
    const rounds = video ? scheduleVideoDiagnosisHistory(db, options.catalog, timeline, tenantId, outages) : 0;
    await timeline.play();
    await model.write(db);
    const parts = [...(commandCount ? [`设备命令 ${commandCount} 条`] : []), ...(rounds ? [`视频诊断 ${rounds} 轮`] : [])];
    info(`已为租户 ${tenantId} 写入近 ${days} 天的${parts.join('、')}（${seconds(begun)}）`);
  }
  await refreshStatistics(db, ['command_log', 'device_command_results', 'device_status_changes', 'video_diagnosis_checks']);
  await markSeeded(db, DEVICE_TABLES, before);
}

/** The scenic area's business figures: rows written in bulk. */
async function writeBusiness(options: HistoryOptions): Promise<void> {
  const { db, days, now, info } = options;
  const begun = performance.now();
  const business = await seedBusinessHistory(db, now, days);
  if (business) info(`已为 ${business} 个租户写入近 ${days} 天的景区客流、票务、停车与商户经营数据（${seconds(begun)}）`);
  await refreshStatistics(db, ['ticket_orders', 'parking_sessions', 'gate_traffic', 'merchant_sales']);
}

/** The AI cameras' recognition records: rows written in bulk. */
async function writeRecognition(options: HistoryOptions): Promise<void> {
  const { db, days, now, info } = options;
  const begun = performance.now();
  const recognition = await seedRecognitionHistory(
    db,
    options.catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page),
    now,
    days,
  );
  if (recognition) info(`已写入摄像机近 ${days} 天的识别记录 ${recognition} 条（${seconds(begun)}）`);
  await refreshStatistics(db, ['recognition_records']);
}

/** The demo tenants' geofences and their UAVs' past day (server/lowAltitude/), for tenants without fences. */
async function writeLowAltitude(options: HistoryOptions): Promise<void> {
  const begun = performance.now();
  const tenants = await seedLowAltitude(options.db, options, options.now);
  if (tenants) options.info(`已为 ${tenants} 个租户写入电子围栏与近 24 小时的无人机飞行（${seconds(begun)}）`);
}

/** The field teams' past day of walking (server/field/): a tenant with positions has it already. */
async function writeField(options: HistoryOptions): Promise<void> {
  const begun = performance.now();
  const field = await writeFieldHistory(options.db, fieldKinds(options.catalog, 'street'), options.now);
  if (field) options.info(`已写入班组人员近 24 小时的轨迹 ${field} 个位置（${seconds(begun)}）`);
  await refreshStatistics(options.db, ['positions', 'last_positions']);
}
