import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlarmRow } from '../../contracts/alarms';
import type { CategoryData, DeviceStatusData, StatGroupData } from '../../contracts/panels';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { HOUR_MS, shanghaiDayStart } from './periods';

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let homeOnly: string;
let operationOnly: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  homeOnly = await sessionWithMenus(server, 1, ['platform:business']);
  operationOnly = await sessionWithMenus(server, 1, ['platform:operation']);
}, 60_000);
afterAll(async () => server.close());

beforeEach(async () => {
  const db = server.services.ctx.db;
  await db.deleteFrom('alarm_history').execute();
  await db.deleteFrom('alarms').execute();
});

const now = () => server.services.ctx.now();
const db = () => server.services.ctx.db;

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;

async function alarm(tenantId: number, createdAt: number, type = 'SMOKE', status = 'ALARM_STATUS_UNTREATED'): Promise<number> {
  const row = await db()
    .insertInto('alarms')
    .values({
      alarm_id: undefined,
      tenant_id: tenantId,
      alarm_type: type,
      grade: 'ALARM_GRADE_HIGH',
      status,
      device_id: null,
      device_name: '',
      longitude: null,
      latitude: null,
      content: '测试告警',
      description: '',
      assignee_id: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('alarm_id')
    .executeTakeFirstOrThrow();
  return row.alarm_id!;
}

/** What the database itself says, counted apart from the service. */
async function countOf(
  table: 'devices' | 'work_orders' | 'emergency_events',
  tenantId: number,
  where: (row: Record<string, unknown>) => boolean,
) {
  const rows = await db().selectFrom(table).selectAll().where('tenant_id', '=', tenantId).execute();
  return rows.filter((row) => where(row as Record<string, unknown>)).length;
}

describe('Home', () => {
  it('gives the situation of the caller tenant, counted from its rows', async () => {
    const today = shanghaiDayStart(now());
    await alarm(1, today + 60_000);
    await alarm(1, today + 120_000, 'FIRE', 'ALARM_STATUS_CONFIRMED');
    await alarm(1, today - 20 * HOUR_MS, 'FIRE', 'ALARM_STATUS_PROCESSING');
    await alarm(2, today + 60_000);
    await server.services.workOrders.actions.create(1, 1, { title: '路灯不亮' });
    await server.services.emergency.events.create(1, 1, { kind: 'FIRE', title: '仓库起火', longitude: 120.1, latitude: 30.2 });

    const situation = await get<StatGroupData>('/overview/situation');
    const devices = await countOf('devices', 1, () => true);
    const online = await countOf('devices', 1, (row) => Number(row.online) === 1);
    expect(item(situation, '设备在线率')).toBe(Math.round((online * 1000) / devices) / 10);
    expect(item(situation, '今日告警')).toBe(2);
    expect(item(situation, '未办结告警')).toBe(2);
    expect(item(situation, '处置中事件')).toBe(await countOf('emergency_events', 1, (row) => row.status === 'ACTIVE'));
    expect(item(situation, '未办结工单')).toBe(
      await countOf('work_orders', 1, (row) => ['PENDING', 'ASSIGNED', 'PROCESSING'].includes(String(row.status))),
    );
    expect(item(situation, '未办结工单')).toBeGreaterThan(0);

    // Another tenant sees its own alarm only.
    expect(item(await get<StatGroupData>('/overview/situation', scenicAdmin), '今日告警')).toBe(1);
  });

  it('lists the newest alarms to any operator with a menu, newest first', async () => {
    const today = shanghaiDayStart(now());
    const older = await alarm(1, today + 60_000);
    const newer = await alarm(1, today + 120_000);
    await alarm(2, today + 180_000);
    const { body } = await server.api('GET', '/overview/alarms/latest?limit=5', { token: homeOnly });
    expect(body).toMatchObject({ code: 200, total: 2 });
    expect((body.rows as AlarmRow[]).map((row) => row.alarmId)).toEqual([newer, older]);
  });
});

describe('alarms and devices of some types and kinds', () => {
  it('sums up the listed alarm types only', async () => {
    const today = shanghaiDayStart(now());
    await alarm(1, today + 60_000, 'SANITATION');
    await alarm(1, today + 60_000, 'TRASH_OVERFLOW', 'ALARM_STATUS_PROCESSING');
    await alarm(1, today + 60_000, 'FIRE');
    await alarm(1, today - HOUR_MS, 'SANITATION', 'ALARM_STATUS_COMPLET');
    const summary = await get<StatGroupData>('/overview/alarms/summary?types=SANITATION,TRASH_OVERFLOW');
    expect(summary.items.map((entry) => [entry.name, entry.value])).toEqual([
      ['今日告警', 2],
      ['待处理', 1],
      ['处理中', 1],
      ['待确认', 1],
    ]);
    const byType = await get<CategoryData>('/overview/alarms/byType?types=SANITATION,TRASH_OVERFLOW,FIRE');
    expect(byType.items.map((entry) => [entry.key, entry.value])).toEqual([
      ['FIRE', 1],
      ['SANITATION', 1],
      ['TRASH_OVERFLOW', 1],
    ]);
    expect(item(await get<StatGroupData>('/overview/alarms/summary'), '今日告警')).toBe(3);
  });

  it('refuses an unknown alarm type or device kind in Chinese, and a malformed list', async () => {
    for (const url of [
      '/overview/alarms/summary?types=NOT_A_TYPE',
      '/overview/devices?kinds=spaceship',
      '/overview/alarms/byType?types=fire;drop',
    ]) {
      const { body } = await server.api('GET', url, { token: admin });
      expect(body.code, url).not.toBe(200);
      expect(body.msg, url).toMatch(/告警类型|设备类型/);
    }
  });

  it('counts devices of the listed kinds as the database holds them', async () => {
    const cameras = await countOf('devices', 1, (row) => row.kind === 'camera');
    const online = await countOf('devices', 1, (row) => row.kind === 'camera' && Number(row.online) === 1);
    const summary = await get<StatGroupData>('/overview/devices?kinds=camera');
    expect(item(summary, '设备总数')).toBe(cameras);
    expect(item(summary, '在线')).toBe(online);
    const byKind = await get<DeviceStatusData>('/overview/devices/byKind?kinds=camera,uav');
    expect(byKind.kinds.map((kind) => kind.kind).sort()).toEqual(
      ['camera', 'uav'].filter((kind) => byKind.kinds.some((entry) => entry.kind === kind)).sort(),
    );
    expect(byKind.kinds.find((kind) => kind.kind === 'camera')).toMatchObject({ online, offline: cameras - online });
  });
});

describe('module roots', () => {
  it('counts open, overdue and finished work orders of the tenant', async () => {
    const order = await server.services.workOrders.actions.create(1, 1, { title: '井盖破损', dueAt: now() + HOUR_MS });
    // Its deadline has passed (moved back in the row: the clock stays, so the sessions stay live).
    await db()
      .updateTable('work_orders')
      .set({ due_at: now() - HOUR_MS })
      .where('order_id', '=', order.orderId)
      .execute();
    const operation = await get<StatGroupData>('/overview/operation', operationOnly);
    const isOpen = (row: Record<string, unknown>) => ['PENDING', 'ASSIGNED', 'PROCESSING'].includes(String(row.status));
    const overdue = await countOf('work_orders', 1, (row) => isOpen(row) && Number(row.due_at) < now());
    expect(item(operation, '未办结工单')).toBe(await countOf('work_orders', 1, isOpen));
    expect(item(operation, '超时工单')).toBe(overdue);
    expect(overdue).toBeGreaterThan(0);
  });

  it('counts events in progress and teams for 安全应急 and 队伍', async () => {
    await server.services.emergency.events.create(1, 1, { kind: 'FLOOD', title: '低洼积水', longitude: 120.1, latitude: 30.2 });
    const emergency = await get<StatGroupData>('/overview/emergency');
    expect(item(emergency, '处置中事件')).toBe(await countOf('emergency_events', 1, (row) => row.status === 'ACTIVE'));
    const teams = await db().selectFrom('teams').select('team_id').where('tenant_id', '=', 1).execute();
    expect(item(emergency, '救援队伍')).toBe(teams.length);
    const load = await get<CategoryData>('/overview/teams/load');
    expect(load.items.map((entry) => Number(entry.key)).sort((a, b) => a - b)).toEqual(
      teams.map((team) => team.team_id).sort((a, b) => a! - b!),
    );
    expect(item(await get<StatGroupData>('/overview/teams'), '队伍')).toBe(teams.length);
  });

  it('answers the monitoring and analysis figures, and keeps each module to its holders', async () => {
    const monitoring = await get<StatGroupData>('/overview/monitoring');
    const cameras = await countOf('devices', 1, (row) => row.kind === 'camera' || row.kind === 'fireCamera');
    expect((item(monitoring, '在线摄像头') ?? 0) + (item(monitoring, '离线摄像头') ?? 0)).toBe(cameras);
    const analysis = await get<StatGroupData>('/overview/analysis');
    expect(analysis.items.map((entry) => entry.name)).toEqual(['今日告警', '今日入园', '车位占用率', '近 30 日工单办结率']);
    const { body } = await server.api('GET', '/overview/emergency', { token: operationOnly });
    expect(body.code).toBe(403);
  });
});
