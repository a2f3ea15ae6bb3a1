import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../createServer';
import type { Db } from '../../db/Database';
import { TEST_CLOCK_START } from '../../testing/seededDatabases';
import { testServer, type TestServer } from '../../testing/testServer';

/** A few days: enough for every domain's rows and states, cheap enough for CI (the default is a month). */
const DAYS = 3;
const NOW = TEST_CLOCK_START;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fresh database seeded on its own clock (not a copy of the file's seeded one): what a fresh start writes. */
const FRESH = { seedHistoryDays: DAYS, clock: () => NOW };

/** Every table the history writes, in a fixed order. */
const HISTORY_TABLES = [
  'alarms',
  'alarm_history',
  'work_orders',
  'work_order_events',
  'emergency_events',
  'emergency_event_alarms',
  'emergency_tasks',
  'emergency_history',
  'command_log',
  'device_command_results',
  'device_status_changes',
  'video_diagnosis_checks',
  'recognition_records',
  'maintenance_plans',
  'inspections',
  'gate_traffic',
  'ticket_orders',
  'parking_sessions',
  'merchant_sales',
  'cases',
  'case_events',
] as const;

/** Each table's rows as a digest (rows sorted: PostgreSQL returns them in no stable order; ids included, they are deterministic too). */
async function digests(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of HISTORY_TABLES) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows
      .map((row) => JSON.stringify(row))
      .sort();
    result[table] = `${rows.length}:${createHash('sha256').update(rows.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return result;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

let server: TestServer;
let db: Db;
beforeAll(async () => {
  server = await testServer(FRESH);
  db = server.services.ctx.db;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a fresh start’s history', () => {
  it('is deterministic: another fresh database on the same clock gets the same rows in every domain', async () => {
    const again = await testServer(FRESH);
    try {
      const [first, second] = [await digests(db), await digests(again.services.ctx.db)];
      expect(second).toEqual(first);
      // And there is something in each domain to compare.
      for (const table of HISTORY_TABLES) expect(Number(first[table]!.split(':')[0]), table).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('gives every tenant alarms of its own at a daily rhythm, up to now, most handled and a few still open', async () => {
    const alarms = await rows(
      db,
      sql<{
        tenant_id: number;
        status: string;
        created_at: number;
        origin: string;
      }>`select tenant_id, status, created_at, origin from alarms`,
    );
    for (const tenantId of [1, 2]) {
      const own = alarms.filter((alarm) => alarm.tenant_id === tenantId);
      expect(own.length).toBeGreaterThan(DAYS * 5);
      expect(own.every((alarm) => alarm.origin === 'seed' && alarm.created_at >= NOW - DAYS * DAY && alarm.created_at < NOW)).toBe(true);
      // Today's first screen: alarms in the last hour and today.
      expect(own.some((alarm) => alarm.created_at > NOW - HOUR)).toBe(true);
      const confirmed = own.filter((alarm) => alarm.status === 'ALARM_STATUS_CONFIRMED').length;
      expect(confirmed / own.length).toBeGreaterThan(0.6);
      expect(own.some((alarm) => alarm.status !== 'ALARM_STATUS_CONFIRMED')).toBe(true);
    }
    // Nobody was told of the past: the push log is as empty as a fresh start's.
    expect(await rows(db, sql<{ count: number }>`select count(*) as "count" from push_log`)).toEqual([{ count: 0 }]);
  });

  it('ends consistent with the current state of every domain', async () => {
    // An alarm's status is where its history's last transition left it.
    const lastStatus = await rows(
      db,
      sql<{ alarm_id: number; status: string; last: string }>`
        select a.alarm_id, a.status, (select h.to_status from alarm_history h where h.alarm_id = a.alarm_id and h.to_status is not null order by h.id desc limit 1) as "last"
        from alarms a`,
    );
    expect(lastStatus.filter((alarm) => alarm.status !== alarm.last)).toEqual([]);
    // A work order's status is its audit trail's last; an open one past its time limit was escalated.
    const orders = await rows(
      db,
      sql<{ order_id: number; status: string; last: string; due_at: number; escalated_at: number | null }>`
        select w.order_id, w.status, w.due_at, w.escalated_at, (select e.to_status from work_order_events e where e.order_id = w.order_id order by e.id desc limit 1) as "last"
        from work_orders w`,
    );
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((order) => order.status !== order.last)).toEqual([]);
    expect(
      orders.filter(
        (order) => ['PENDING', 'ASSIGNED', 'PROCESSING'].includes(order.status) && order.due_at < NOW && order.escalated_at === null,
      ),
    ).toEqual([]);
    expect(orders.some((order) => order.status === 'DONE')).toBe(true);
    // A case's status is its trail's last; each tenant has cases closed, refused and still open.
    const cases = await rows(
      db,
      sql<{ tenant_id: number; status: string; last: string; origin: string }>`
        select c.tenant_id, c.status, c.origin, (select e.to_status from case_events e where e.case_id = c.case_id and e.to_status is not null order by e.event_id desc limit 1) as "last"
        from cases c`,
    );
    expect(cases.filter((item) => item.status !== item.last || item.origin !== 'seed')).toEqual([]);
    for (const tenantId of [1, 2])
      expect(new Set(cases.filter((item) => item.tenant_id === tenantId).map((item) => item.status))).toEqual(
        new Set(['registered', 'assigned', 'handled', 'closed', 'rejected']),
      );
    // Each tenant has a fire and a flood under way, with a task in each state; closed events have no open task.
    const events = await rows(
      db,
      sql<{
        event_id: number;
        tenant_id: number;
        kind: string;
        status: string;
      }>`select event_id, tenant_id, kind, status from emergency_events`,
    );
    const tasks = await rows(db, sql<{ event_id: number; status: string }>`select event_id, status from emergency_tasks`);
    for (const tenantId of [1, 2]) {
      const active = events.filter((event) => event.tenant_id === tenantId && event.status === 'ACTIVE');
      expect(active.map((event) => event.kind).sort()).toEqual(['FIRE', 'FLOOD', 'STAMPEDE']);
      // Each under way with tasks in several states; the fire and the flood (four tasks each) in all four.
      const statesOf = (event: (typeof active)[number]) =>
        new Set(tasks.filter((task) => task.event_id === event.event_id).map((task) => task.status));
      for (const event of active) expect(statesOf(event).size, event.kind).toBeGreaterThanOrEqual(3);
      for (const event of active.filter((candidate) => candidate.kind !== 'STAMPEDE'))
        expect(statesOf(event)).toEqual(new Set(['PENDING', 'PROCESSING', 'DONE', 'CANCELLED']));
    }
    for (const event of events.filter((candidate) => candidate.status === 'CLOSED'))
      expect(tasks.filter((task) => task.event_id === event.event_id).every((task) => ['DONE', 'CANCELLED'].includes(task.status))).toBe(
        true,
      );
    // An alarm of an event under way is not closed.
    const ongoing = await rows(
      db,
      sql<{
        status: string;
      }>`select a.status from alarms a join emergency_event_alarms l on l.alarm_id = a.alarm_id join emergency_events e on e.event_id = l.event_id where e.status = 'ACTIVE'`,
    );
    expect(ongoing.length).toBeGreaterThan(0);
    expect(ongoing.filter((alarm) => alarm.status === 'ALARM_STATUS_CONFIRMED')).toEqual([]);
  });

  it('sends its commands and diagnoses its cameras by the devices’ own status history, which ends in their current state', async () => {
    const changes = await rows(
      db,
      sql<{
        device_id: number;
        online: number;
        at: number;
      }>`select device_id, online, at from device_status_changes order by device_id, at, id`,
    );
    const byDevice = new Map<number, { online: number; at: number }[]>();
    for (const change of changes) byDevice.set(change.device_id, [...(byDevice.get(change.device_id) ?? []), change]);
    const onlineAt = (deviceId: number, at: number) =>
      [...byDevice.get(deviceId)!].reverse().find((change) => change.at <= at)?.online === 1;
    const devices = await rows(db, sql<{ device_id: number; online: number }>`select device_id, online from devices`);
    expect(devices.filter((device) => byDevice.get(device.device_id)!.at(-1)!.online !== device.online)).toEqual([]);
    // Every command result: the log row written with it, 设备离线 exactly when the device was offline then.
    const results = await rows(
      db,
      sql<{
        device_id: number;
        at: number;
        success: number;
        message: string;
        fault_checked: number;
      }>`select device_id, at, success, message, fault_checked from device_command_results`,
    );
    expect(results.length).toBeGreaterThan(0);
    for (const result of results)
      expect(result.message === '设备离线，命令未执行', `${result.device_id} @ ${result.at}`).toBe(!onlineAt(result.device_id, result.at));
    expect(results.every((result) => result.fault_checked === 1)).toBe(true);
    const logged = await rows(db, sql<{ at: number }>`select distinct at from command_log where origin = 'seed'`);
    expect(new Set(logged.map((row) => row.at))).toEqual(new Set(results.map((result) => result.at)));
    const checks = await rows(
      db,
      sql<{ device_id: number; at: number; online: number }>`select device_id, at, online from video_diagnosis_checks`,
    );
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((check) => (check.online === 1) !== onlineAt(check.device_id, check.at))).toEqual([]);
  });

  it('keeps to each tenant: its alarms, orders, tasks and commands name only its own devices, people and teams', async () => {
    const crossing = await rows(
      db,
      sql<{ what: string; id: number }>`
        select 'alarm device' as "what", a.alarm_id as "id" from alarms a join devices d on d.device_id = a.device_id where d.tenant_id <> a.tenant_id
        union all select 'alarm assignee', a.alarm_id from alarms a where a.assignee_id is not null and not exists (select 1 from user_tenants m where m.user_id = a.assignee_id and m.tenant_id = a.tenant_id)
        union all select 'alarm history user', h.id from alarm_history h join alarms a on a.alarm_id = h.alarm_id where h.user_id is not null and not exists (select 1 from user_tenants m where m.user_id = h.user_id and m.tenant_id = a.tenant_id)
        union all select 'order team', w.order_id from work_orders w join teams t on t.team_id = w.assignee_team_id where t.tenant_id <> w.tenant_id
        union all select 'order alarm', w.order_id from work_orders w join alarms a on a.alarm_id = w.alarm_id where a.tenant_id <> w.tenant_id
        union all select 'task team', k.task_id from emergency_tasks k join teams t on t.team_id = k.team_id where t.tenant_id <> k.tenant_id
        union all select 'event alarm', l.event_id from emergency_event_alarms l join alarms a on a.alarm_id = l.alarm_id where a.tenant_id <> l.tenant_id
        union all select 'command user', c.id from command_log c where not exists (select 1 from user_tenants m where m.user_id = c.user_id and m.tenant_id = c.tenant_id)
        union all select 'command device', r.id from device_command_results r join devices d on d.device_id = r.device_id where d.tenant_id <> r.tenant_id
        union all select 'camera check', v.id from video_diagnosis_checks v join devices d on d.device_id = v.device_id where d.tenant_id <> v.tenant_id`,
    );
    expect(crossing).toEqual([]);
    // Each tenant's own, not a copy of the other's.
    const perTenant = await rows(
      db,
      sql<{ tenant_id: number; alarms: number; orders: number; commands: number }>`
      select t.tenant_id, (select count(*) from alarms a where a.tenant_id = t.tenant_id) as "alarms",
        (select count(*) from work_orders w where w.tenant_id = t.tenant_id) as "orders",
        (select count(*) from command_log c where c.tenant_id = t.tenant_id) as "commands"
      from tenants t order by t.tenant_id`,
    );
    expect(perTenant.every((tenant) => Number(tenant.alarms) > 0 && Number(tenant.orders) > 0 && Number(tenant.commands) > 0)).toBe(true);
  });

  it('gives an existing database’s tenants without a history theirs once, and nothing on the next start', async () => {
    const bare = await testServer();
    const { dataDir } = bare;
    await bare.app.close();
    const start = async () => createServer({ dataDir, clock: () => NOW, seedHistoryDays: 1, smsProvider: { send: async () => undefined } });
    const count = async (target: Db) =>
      rows(
        target,
        sql<{
          alarms: number;
          checks: number;
        }>`select (select count(*) from alarms where origin = 'seed') as "alarms", (select count(*) from video_diagnosis_checks) as "checks"`,
      );
    const first = await start();
    const written = await count(first.services.ctx.db);
    await first.app.close();
    expect(Number(written[0]!.alarms)).toBeGreaterThan(0);
    expect(Number(written[0]!.checks)).toBeGreaterThan(0);
    const second = await start();
    try {
      expect(await count(second.services.ctx.db)).toEqual(written);
    } finally {
      await second.app.close();
      await bare.close();
    }
  }, 120_000);
});
