import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryData, DeviceStatusData, SeriesData, StatGroupData, StatValue } from '../../contracts/panels';
import { testServer, type TestServer } from '../testing/testServer';
import { DAY_MS, HOUR_MS } from './periods';
import { sessionWithMenus } from '../testing/testUsers';

// The test clock: 2026-11-22 16:00 in Shanghai; its day began at 16:00 UTC the day before.
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);
const MINUTE = 60_000;

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let viewer: string;
let alarmsOnly: string;
let lampsOnly: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  viewer = await server.services.ctx.sessions.create(3, 1);
  alarmsOnly = await sessionWithMenus(server, 1, ['platform:alarmManage']);
  lampsOnly = await sessionWithMenus(server, 1, ['platform:device:lamp'], false);
}, 60_000);
afterAll(async () => server.close());

beforeEach(async () => {
  const db = server.services.ctx.db;
  await db.deleteFrom('alarm_history').execute();
  await db.deleteFrom('alarms').execute();
  await db.deleteFrom('command_log').execute();
});

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

interface AlarmFields {
  type?: string;
  grade?: string;
  status?: string;
  deviceId?: number | null;
  deviceName?: string;
}

async function alarm(tenantId: number, createdAt: number, fields: AlarmFields = {}): Promise<number> {
  const row = await server.services.ctx.db
    .insertInto('alarms')
    .values({
      alarm_id: undefined,
      tenant_id: tenantId,
      alarm_type: fields.type ?? 'SMOKE',
      grade: fields.grade ?? 'ALARM_GRADE_HIGH',
      status: fields.status ?? 'ALARM_STATUS_UNTREATED',
      device_id: fields.deviceId ?? null,
      device_name: fields.deviceName ?? '',
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

async function step(alarmId: number, at: number, toStatus: string, userId: number | null = 2, action = 'transition'): Promise<void> {
  await server.services.ctx.db
    .insertInto('alarm_history')
    .values({ id: undefined, alarm_id: alarmId, at, user_id: userId, action, from_status: null, to_status: toStatus, comment: '' })
    .execute();
}

async function command(tenantId: number, at: number, outcome: string, deviceType = 'DEVICE_LAMPPOST'): Promise<void> {
  await server.services.ctx.db
    .insertInto('command_log')
    .values({
      id: undefined,
      tenant_id: tenantId,
      user_id: 1,
      at,
      device_type: deviceType,
      command: 1,
      command_type: 'light',
      params: '{}',
      target: '{}',
      outcome,
      message: '',
      results: '[]',
    })
    .execute();
}

const point = (series: SeriesData, name: string, at: number) =>
  series.series.find((entry) => entry.name === name)?.points.find(([x]) => x === at)?.[1];

describe('device statistics', () => {
  it('count the tenant devices of every kind the caller may read, on- and offline, in catalogue order', async () => {
    const db = server.services.ctx.db;
    const devices = await db.selectFrom('devices').select(['kind', 'online']).where('tenant_id', '=', 1).execute();
    const lamp = await db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'lamp')
      .where('online', '=', 1)
      .executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ online: 0 }).where('device_id', '=', lamp.device_id).execute();
    const offline = devices.filter((device) => !device.online).length + 1;

    const summary = await get<StatGroupData>('/stats/devices/summary');
    expect(summary.items).toEqual([
      { name: '设备总数', value: devices.length, unit: '台' },
      { name: '在线', value: devices.length - offline, unit: '台' },
      { name: '离线', value: offline, unit: '台' },
      { name: '在线率', value: Math.round(((devices.length - offline) * 1000) / devices.length) / 10, unit: '%' },
    ]);
    const byKind = await get<DeviceStatusData>('/stats/devices/byKind');
    const lamps = devices.filter((device) => device.kind === 'lamp');
    expect(byKind.kinds.find((kind) => kind.kind === 'lamp')).toEqual({
      kind: 'lamp',
      name: '智慧灯杆',
      online: lamps.filter((device) => device.online).length - 1,
      offline: lamps.filter((device) => !device.online).length + 1,
    });
    expect(byKind.kinds.reduce((sum, kind) => sum + kind.online + kind.offline, 0)).toBe(devices.length);
    await db.updateTable('devices').set({ online: 1 }).where('device_id', '=', lamp.device_id).execute();
  });

  it('cover only the kinds the caller may read', async () => {
    const lamps = await server.services.ctx.db
      .selectFrom('devices')
      .select('online')
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'lamp')
      .execute();
    expect((await get<DeviceStatusData>('/stats/devices/byKind', lampsOnly)).kinds.map((kind) => kind.kind)).toEqual(['lamp']);
    expect((await get<StatGroupData>('/stats/devices/summary', lampsOnly)).items[0]).toEqual({
      name: '设备总数',
      value: lamps.length,
      unit: '台',
    });
  });

  it("count each tenant's own devices", async () => {
    const scenic = await server.services.ctx.db.selectFrom('devices').select('device_id').where('tenant_id', '=', 2).execute();
    expect((await get<StatGroupData>('/stats/devices/summary', scenicAdmin)).items[0]!.value).toBe(scenic.length);
  });
});

describe('alarm statistics', () => {
  it('count alarms raised today against yesterday up to the same time, split at Shanghai midnight', async () => {
    await alarm(1, TODAY - DAY_MS - 1); // the day before yesterday: in neither
    await alarm(1, TODAY - DAY_MS); // yesterday 00:00
    await alarm(1, TODAY - 1); // yesterday 23:59:59.999: after the same time of day, so not in the previous period
    await alarm(1, NOW - DAY_MS); // yesterday, the same time of day
    await alarm(1, NOW - DAY_MS + 1); // just after it
    await alarm(1, TODAY); // today 00:00
    await alarm(1, NOW); // now
    await alarm(1, NOW + 1); // the future: not yet
    await alarm(2, NOW - MINUTE); // another tenant's
    expect(await get<StatValue>('/stats/alarms/count')).toEqual({ value: 2, previous: 2, unit: '条' });
    expect(await get<StatValue>('/stats/alarms/count?range=today')).toEqual({ value: 2, previous: 2, unit: '条' });
    expect(await get<StatValue>('/stats/alarms/count?range=24h')).toEqual({ value: 3, previous: 3, unit: '条' });
    expect(await get<StatValue>('/stats/alarms/count?range=7d')).toEqual({ value: 7, previous: 0, unit: '条' });
    expect(await get<StatValue>('/stats/alarms/count', scenicAdmin)).toEqual({ value: 1, previous: 0, unit: '条' });
  });

  it('split alarms of the period by status, grade and type, with Chinese names and the codes as keys', async () => {
    await alarm(1, NOW - HOUR_MS, { type: 'SMOKE', grade: 'ALARM_GRADE_HIGH', status: 'ALARM_STATUS_PROCESSING' });
    await alarm(1, NOW - HOUR_MS, { type: 'SMOKE', grade: 'ALARM_GRADE_HIGH' });
    await alarm(1, TODAY, { type: 'TRASH_OVERFLOW', grade: 'ALARM_GRADE_LOW', status: 'ALARM_STATUS_CONFIRMED' });
    await alarm(1, TODAY - 1, { type: 'TRASH_OVERFLOW', grade: 'ALARM_GRADE_MEDIUM' }); // yesterday
    await alarm(2, NOW, { type: 'TRASH_OVERFLOW' });
    expect(await get<CategoryData>('/stats/alarms/byStatus')).toEqual({
      unit: '条',
      items: [
        { key: 'ALARM_STATUS_UNTREATED', name: '待处理', value: 1 },
        { key: 'ALARM_STATUS_PROCESSING', name: '处理中', value: 1 },
        { key: 'ALARM_STATUS_COMPLET', name: '待确认', value: 0 },
        { key: 'ALARM_STATUS_CONFIRMED', name: '已处理', value: 1 },
      ],
    });
    expect(await get<CategoryData>('/stats/alarms/byGrade')).toEqual({
      unit: '条',
      items: [
        { key: 'ALARM_GRADE_HIGH', name: '高', value: 2 },
        { key: 'ALARM_GRADE_MEDIUM', name: '中', value: 0 },
        { key: 'ALARM_GRADE_LOW', name: '低', value: 1 },
      ],
    });
    expect((await get<CategoryData>('/stats/alarms/byGrade?range=24h')).items.map((item) => item.value)).toEqual([2, 1, 1]);
    expect(await get<CategoryData>('/stats/alarms/byType')).toEqual({
      unit: '条',
      items: [
        { key: 'SMOKE', name: '烟感报警', value: 2 },
        { key: 'TRASH_OVERFLOW', name: '垃圾满溢', value: 1 },
      ],
    });
    expect((await get<CategoryData>('/stats/alarms/byType?range=7d')).items.map((item) => [item.key, item.value])).toEqual([
      ['SMOKE', 2],
      ['TRASH_OVERFLOW', 2],
    ]);
  });

  it('trend per grade in every bucket, zeros included: hourly for today and 24h, daily (Shanghai days) for 7d and 30d', async () => {
    await alarm(1, TODAY - 1, { grade: 'ALARM_GRADE_HIGH' }); // 23:59:59.999 yesterday, in the 15:00 UTC hour
    await alarm(1, TODAY, { grade: 'ALARM_GRADE_HIGH' });
    await alarm(1, TODAY + 30 * MINUTE, { grade: 'ALARM_GRADE_LOW' });
    await alarm(1, NOW, { grade: 'ALARM_GRADE_MEDIUM' });
    await alarm(1, TODAY - 6 * DAY_MS, { grade: 'ALARM_GRADE_LOW' }); // first day of 7d
    await alarm(1, TODAY - 6 * DAY_MS - 1, { grade: 'ALARM_GRADE_LOW' }); // before it
    await alarm(2, TODAY, { grade: 'ALARM_GRADE_HIGH' });

    const day = await get<SeriesData>('/stats/alarms/trend?range=24h');
    expect(day.axis).toBe('time');
    expect(day.series.map((series) => series.name)).toEqual(['高', '中', '低']);
    for (const series of day.series)
      expect(series.points.map(([at]) => at)).toEqual(Array.from({ length: 24 }, (_, index) => NOW - (23 - index) * HOUR_MS));
    expect(point(day, '高', TODAY - HOUR_MS)).toBe(1);
    expect(point(day, '高', TODAY)).toBe(1);
    expect(point(day, '低', TODAY)).toBe(1);
    expect(point(day, '中', NOW)).toBe(1);
    expect(day.series.flatMap((series) => series.points).reduce((sum, [, value]) => sum + value, 0)).toBe(4);

    const today = await get<SeriesData>('/stats/alarms/trend?range=today');
    expect(today.series[0]!.points).toHaveLength(17);
    expect(today.series.flatMap((series) => series.points).reduce((sum, [, value]) => sum + value, 0)).toBe(3);

    const week = await get<SeriesData>('/stats/alarms/trend?range=7d');
    expect(week.series[0]!.points.map(([at]) => at)).toEqual(Array.from({ length: 7 }, (_, index) => TODAY - (6 - index) * DAY_MS));
    expect(week.series.map((series) => series.points.map(([, value]) => value))).toEqual([
      [0, 0, 0, 0, 0, 1, 1],
      [0, 0, 0, 0, 0, 0, 1],
      [1, 0, 0, 0, 0, 0, 1],
    ]);
    const month = await get<SeriesData>('/stats/alarms/trend?range=30d');
    expect(month.series[0]!.points).toHaveLength(30);
    expect(month.series.flatMap((series) => series.points).reduce((sum, [, value]) => sum + value, 0)).toBe(6);
  });

  it('rank the devices with most alarms, limited', async () => {
    for (const [deviceId, name, times] of [
      [11, '断桥烟感-001', 3],
      [12, '湖滨烟感-002', 1],
      [13, '苏堤烟感-003', 2],
    ] as const) {
      for (let index = 0; index < times; index++) await alarm(1, NOW - index * MINUTE, { deviceId, deviceName: name });
    }
    await alarm(1, NOW, { deviceId: null });
    await alarm(1, TODAY - DAY_MS, { deviceId: 12, deviceName: '湖滨烟感-002' });
    await alarm(2, NOW, { deviceId: 99, deviceName: '别的租户' });
    expect(await get<CategoryData>('/stats/alarms/topDevices?range=today&limit=2')).toEqual({
      unit: '条',
      items: [
        { key: '11', name: '断桥烟感-001', value: 3 },
        { key: '13', name: '苏堤烟感-003', value: 2 },
      ],
    });
    expect((await get<CategoryData>('/stats/alarms/topDevices?range=7d')).items.map((item) => [item.key, item.value])).toEqual([
      ['11', 3],
      ['12', 2],
      ['13', 2],
    ]);
  });

  it('average the minutes to take an alarm up and to handle it, from the history, against the period before', async () => {
    const first = await alarm(1, NOW - 60 * MINUTE);
    await step(first, NOW - 50 * MINUTE, 'ALARM_STATUS_PROCESSING');
    await step(first, NOW - 30 * MINUTE, 'ALARM_STATUS_COMPLET');
    await step(first, NOW - 20 * MINUTE, 'ALARM_STATUS_CONFIRMED');
    const second = await alarm(1, NOW - 30 * MINUTE);
    await step(second, NOW - 10 * MINUTE, 'ALARM_STATUS_PROCESSING', 1);
    await step(second, NOW - 5 * MINUTE, 'ALARM_STATUS_PROCESSING', 1, 'comment'); // not a step
    const yesterday = await alarm(1, NOW - DAY_MS - 10 * MINUTE);
    await step(yesterday, NOW - DAY_MS - 5 * MINUTE, 'ALARM_STATUS_PROCESSING');
    const other = await alarm(2, NOW - 100 * MINUTE);
    await step(other, NOW - MINUTE, 'ALARM_STATUS_PROCESSING');
    expect(await get<StatGroupData>('/stats/alarms/handlingTimes')).toEqual({
      items: [
        { name: '平均确认时长', value: 15, previous: 5, unit: '分钟' },
        { name: '平均处理时长', value: 40, previous: 0, unit: '分钟' },
      ],
    });
  });

  it("count each operator's status steps in the period", async () => {
    const first = await alarm(1, NOW - 60 * MINUTE);
    await step(first, NOW - 50 * MINUTE, 'ALARM_STATUS_PROCESSING', 2);
    await step(first, NOW - 40 * MINUTE, 'ALARM_STATUS_COMPLET', 2);
    await step(first, NOW - 30 * MINUTE, 'ALARM_STATUS_CONFIRMED', 1);
    await step(first, NOW - 20 * MINUTE, '', 1, 'comment');
    await step(first, NOW - 60 * MINUTE, 'ALARM_STATUS_UNTREATED', null, 'raise');
    const old = await alarm(1, NOW - 2 * DAY_MS);
    await step(old, NOW - 2 * DAY_MS, 'ALARM_STATUS_PROCESSING', 1);
    const other = await alarm(2, NOW - MINUTE);
    await step(other, NOW, 'ALARM_STATUS_PROCESSING', 4);
    expect(await get<CategoryData>('/stats/alarms/byOperator')).toEqual({
      unit: '次',
      items: [
        { key: '2', name: '值班员张敏', value: 2 },
        { key: '1', name: '系统管理员', value: 1 },
      ],
    });
    expect((await get<CategoryData>('/stats/alarms/byOperator?range=7d')).items.map((item) => [item.key, item.value])).toEqual([
      ['1', 2],
      ['2', 2],
    ]);
  });
});

describe('command statistics', () => {
  it('count succeeded and failed commands per bucket, for the kinds the caller may read', async () => {
    await command(1, TODAY - 1, 'ok');
    await command(1, TODAY, 'ok');
    await command(1, TODAY + 1, 'failed');
    await command(1, NOW, 'partial');
    await command(1, NOW, 'refused');
    await command(1, NOW, 'ok', 'DEVICE_AI_HIK');
    await command(2, NOW, 'ok');
    const trend = await get<SeriesData>('/stats/commands/trend?range=24h');
    expect(trend.series.map((series) => series.name)).toEqual(['成功', '失败']);
    expect([
      point(trend, '成功', TODAY - HOUR_MS),
      point(trend, '成功', TODAY),
      point(trend, '失败', TODAY),
      point(trend, '成功', NOW),
      point(trend, '失败', NOW),
    ]).toEqual([1, 1, 1, 1, 2]);
    const week = await get<SeriesData>('/stats/commands/trend?range=7d');
    expect(week.series.map((series) => series.points.slice(-2).map(([, value]) => value))).toEqual([
      [1, 2],
      [0, 3],
    ]);
    const lamps = await get<SeriesData>('/stats/commands/trend?range=today', lampsOnly);
    expect(lamps.series.map((series) => series.points.reduce((sum, [, value]) => sum + value, 0))).toEqual([1, 3]);
  });
});

describe('statistics routes', () => {
  const alarmRoutes = [
    '/stats/alarms/count',
    '/stats/alarms/byStatus',
    '/stats/alarms/byGrade',
    '/stats/alarms/byType',
    '/stats/alarms/trend',
    '/stats/alarms/topDevices',
    '/stats/alarms/handlingTimes',
    '/stats/alarms/byOperator',
  ];
  const deviceRoutes = ['/stats/devices/summary', '/stats/devices/byKind', '/stats/commands/trend'];

  it('need a session (401), and 综合态势 or the module the figures belong to (403)', async () => {
    for (const url of [...alarmRoutes, ...deviceRoutes]) {
      expect((await server.api('GET', url)).body, url).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
      expect((await server.api('GET', url, { token: viewer })).body, url).toEqual({ code: 403, msg: '没有权限执行该操作，请联系管理员' });
    }
    for (const url of alarmRoutes) {
      expect((await server.api('GET', url, { token: alarmsOnly })).body.code, url).toBe(200);
      expect((await server.api('GET', url, { token: lampsOnly })).body.code, url).toBe(403);
    }
    for (const url of deviceRoutes) {
      expect((await server.api('GET', url, { token: alarmsOnly })).body.code, url).toBe(403);
      expect((await server.api('GET', url, { token: lampsOnly })).body.code, url).toBe(200);
    }
  });

  it.each([
    ['/stats/alarms/count?range=week', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/alarms/trend?range=', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/alarms/byType?range=today&range=7d', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/commands/trend?range=TODAY', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/alarms/topDevices?limit=0', '条数必须是 1 到 50 的整数'],
    ['/stats/alarms/topDevices?limit=51', '条数必须是 1 到 50 的整数'],
    ['/stats/alarms/topDevices?limit=1.5', '条数必须是 1 到 50 的整数'],
    ['/stats/alarms/topDevices?limit=ten', '条数必须是 1 到 50 的整数'],
  ])('refuse %s', async (url, msg) => {
    await alarm(1, NOW);
    expect((await server.api('GET', url, { token: admin })).body).toEqual({ code: 400, msg });
  });
});
