import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, GaugeData, SeriesData, StatGroupData, StatValue } from '../../contracts/panels';
import { testServer, type TestServer } from '../testing/testServer';
import { DAY_MS, HOUR_MS } from '../stats/periods';
import { sessionWithMenus } from '../testing/testUsers';

// The test clock: 2026-11-22 16:00 in Shanghai (a Sunday); its day began at 16:00 UTC the day before.
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const TODAY = Date.UTC(2026, 10, 21, 16, 0, 0);
const MINUTE = 60_000;

let server: TestServer;
let scenic: string;
let city: string;
let cityOperator: string;
let viewer: string;
let alarmsOnly: string;
let gates: number[];
let lots: { id: number; name: string }[];
let merchants: { id: number; name: string }[];

const get = async <T>(url: string, token = scenic): Promise<T> => {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
};

/** Known rows for the scenic area (tenant 2) and a few for the city (tenant 1), the simulator's history cleared. */
beforeAll(async () => {
  server = await testServer();
  const db = server.services.ctx.db;
  scenic = await server.services.ctx.sessions.create(1, 2);
  city = await server.services.ctx.sessions.create(1, 1);
  cityOperator = await server.services.ctx.sessions.create(2, 1);
  viewer = await server.services.ctx.sessions.create(3, 1);
  alarmsOnly = await sessionWithMenus(server, 1, ['platform:alarmManage']);
  gates = (await db.selectFrom('business_gates').select('gate_id').where('tenant_id', '=', 2).orderBy('gate_id').execute()).map(
    (row) => row.gate_id!,
  );
  lots = (await db.selectFrom('parking_lots').select(['lot_id', 'name']).where('tenant_id', '=', 2).orderBy('lot_id').execute()).map(
    (row) => ({ id: row.lot_id!, name: row.name }),
  );
  merchants = (
    await db.selectFrom('merchants').select(['merchant_id', 'name']).where('tenant_id', '=', 2).orderBy('merchant_id').execute()
  ).map((row) => ({ id: row.merchant_id!, name: row.name }));
  const cityGate = (await db.selectFrom('business_gates').select('gate_id').where('tenant_id', '=', 1).executeTakeFirstOrThrow()).gate_id!;
  const cityLot = (await db.selectFrom('parking_lots').select('lot_id').where('tenant_id', '=', 1).executeTakeFirstOrThrow()).lot_id!;
  const cityMerchant = (await db.selectFrom('merchants').select('merchant_id').where('tenant_id', '=', 1).executeTakeFirstOrThrow())
    .merchant_id!;
  const [g1, g2] = gates as [number, number];
  const [m1, m2, m3] = merchants.map((merchant) => merchant.id) as [number, number, number];
  const [l1, l2] = lots.map((lot) => lot.id) as [number, number];

  const traffic = (gate_id: number, tenant_id: number, hour_at: number, in_count: number, out_count: number) => ({
    gate_id,
    tenant_id,
    hour_at,
    in_count,
    out_count,
  });
  await db
    .insertInto('gate_traffic')
    .values([
      traffic(g1, 2, TODAY - DAY_MS - HOUR_MS, 7, 7), // the day before yesterday, 23:00
      traffic(g1, 2, TODAY - DAY_MS, 8, 0), // yesterday 00:00
      traffic(g2, 2, NOW - DAY_MS - HOUR_MS, 40, 10), // yesterday 15:00
      traffic(g1, 2, NOW - DAY_MS, 60, 30), // yesterday 16:00: this hour of yesterday
      traffic(g1, 2, TODAY - HOUR_MS, 5, 6), // yesterday 23:00
      traffic(g1, 2, TODAY, 10, 1), // today 00:00
      traffic(g2, 2, TODAY + 9 * HOUR_MS, 100, 20), // today 09:00
      traffic(g1, 2, NOW, 3, 0), // the hour under way
      traffic(cityGate, 1, TODAY, 999, 0),
    ])
    .execute();
  const order = (tenant_id: number, paid_at: number, ticket_count: number, amount: number) => ({
    order_id: undefined,
    tenant_id,
    order_no: `MP${paid_at}`,
    ticket_type: '雷峰塔门票',
    ticket_count,
    amount,
    channel: 'miniProgram',
    paid_at,
  });
  await db
    .insertInto('ticket_orders')
    .values([
      order(2, NOW - DAY_MS, 1, 2500),
      order(2, TODAY - 1, 2, 8000),
      order(2, TODAY, 1, 4000),
      order(2, NOW - 10 * MINUTE, 3, 16_500),
      order(1, NOW, 9, 99_999),
    ])
    .execute();
  const session = (tenant_id: number, lot_id: number, in_at: number, out_at: number | null, fee: number | null) => ({
    session_id: undefined,
    tenant_id,
    lot_id,
    plate: '浙A12345',
    in_at,
    out_at,
    fee,
  });
  await db
    .insertInto('parking_sessions')
    .values([
      session(2, l1, NOW - 2 * HOUR_MS, null, null),
      session(2, l1, NOW - 2 * HOUR_MS, null, null),
      session(2, l2, NOW - HOUR_MS, null, null),
      session(2, l1, NOW - 5 * HOUR_MS, NOW - HOUR_MS, 4000),
      session(2, l2, NOW - DAY_MS - 3 * HOUR_MS, NOW - DAY_MS - HOUR_MS, 2000),
      session(2, l2, TODAY - 3 * HOUR_MS, TODAY - 1, 3000),
      session(1, cityLot, NOW - HOUR_MS, null, null),
    ])
    .execute();
  const sales = (merchant_id: number, tenant_id: number, hour_at: number, sales_count: number, amount: number) => ({
    merchant_id,
    tenant_id,
    hour_at,
    sales_count,
    amount,
  });
  await db
    .insertInto('merchant_sales')
    .values([
      sales(m1, 2, NOW, 3, 30_000),
      sales(m2, 2, TODAY + 10 * HOUR_MS, 10, 100_050),
      sales(m3, 2, TODAY - HOUR_MS, 5, 5000),
      sales(m1, 2, NOW - DAY_MS, 4, 36_000),
      sales(m2, 2, NOW - DAY_MS - HOUR_MS, 2, 7000),
      sales(cityMerchant, 1, NOW, 1, 123_400),
    ])
    .execute();
}, 60_000);
afterAll(async () => server.close());

const values = (series: SeriesData, name: string) => series.series.find((entry) => entry.name === name)!.points.map(([, value]) => value);

describe('visitors', () => {
  it('come in and go out per hour today, every hour present, split at Shanghai midnight', async () => {
    const today = await get<SeriesData>('/stats/business/visitors?range=today');
    expect(today.axis).toBe('time');
    expect(today.unit).toBe('人次');
    expect(today.series[0]!.points.map(([at]) => at)).toEqual(Array.from({ length: 17 }, (_, index) => TODAY + index * HOUR_MS));
    expect(values(today, '入园')).toEqual([10, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 3]);
    expect(values(today, '出园')).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0]);
    // The default range is today.
    expect(await get<SeriesData>('/stats/business/visitors')).toEqual(today);
  });

  it('come in through each gate (by=gate), one series per gate in gate order', async () => {
    const byGate = await get<SeriesData>('/stats/business/visitors?range=today&by=gate');
    const names = (
      await server.services.ctx.db.selectFrom('business_gates').select('name').where('tenant_id', '=', 2).orderBy('gate_id').execute()
    ).map((row) => row.name);
    expect(byGate.series.map((series) => series.name)).toEqual(names);
    expect(byGate.series.map((series) => series.points.reduce((sum, [, value]) => sum + value, 0))).toEqual([13, 100, 0, 0]);
    expect(values(byGate, names[1]!)[9]).toBe(100);
    expect(byGate.series[0]!.points).toHaveLength(17);
  });

  it('come in and go out per Shanghai day over 7 days', async () => {
    const week = await get<SeriesData>('/stats/business/visitors?range=7d');
    expect(week.series[0]!.points.map(([at]) => at)).toEqual(Array.from({ length: 7 }, (_, index) => TODAY - (6 - index) * DAY_MS));
    expect(values(week, '入园')).toEqual([0, 0, 0, 0, 7, 113, 113]);
    expect(values(week, '出园')).toEqual([0, 0, 0, 0, 7, 46, 21]);
    const day = await get<SeriesData>('/stats/business/visitors?range=24h');
    expect(values(day, '入园').reduce((sum, value) => sum + value, 0)).toBe(5 + 10 + 100 + 3);
  });

  it('today are counted against yesterday up to the same time of day (the hour under way yesterday in proportion)', async () => {
    // 16:00:00: of yesterday's 16:00 hour nothing counts yet.
    expect(await get<StatValue>('/stats/business/visitorsToday')).toEqual({ value: 113, previous: 48, unit: '人次' });
    server.advance(30 * MINUTE);
    try {
      const later = await server.services.ctx.sessions.create(1, 2);
      // 16:30: half of yesterday's 60 from 16:00 to 17:00.
      expect(await get<StatValue>('/stats/business/visitorsToday', later)).toEqual({ value: 113, previous: 78, unit: '人次' });
    } finally {
      server.advance(-30 * MINUTE);
    }
    expect(await get<StatValue>('/stats/business/visitorsToday', city)).toEqual({ value: 999, previous: 0, unit: '人次' });
  });
});

describe('tickets and takings', () => {
  it('give orders and their takings per bucket of the time paid', async () => {
    const day = await get<SeriesData>('/stats/business/tickets?range=24h');
    expect(day.series.map((series) => series.name)).toEqual(['订单数', '门票收入（元）']);
    const at = (name: string, time: number) => day.series.find((series) => series.name === name)!.points.find(([x]) => x === time)?.[1];
    expect([
      at('订单数', TODAY - HOUR_MS),
      at('门票收入（元）', TODAY - HOUR_MS),
      at('订单数', TODAY),
      at('门票收入（元）', TODAY),
      at('订单数', NOW - HOUR_MS),
      at('门票收入（元）', NOW - HOUR_MS),
    ]).toEqual([1, 80, 1, 40, 1, 165]);
    expect(values(day, '订单数').reduce((sum, value) => sum + value, 0)).toBe(3);
    const week = await get<SeriesData>('/stats/business/tickets');
    expect(values(week, '订单数')).toEqual([0, 0, 0, 0, 0, 2, 2]);
    expect(values(week, '门票收入（元）')).toEqual([0, 0, 0, 0, 0, 105, 205]);
  });

  it('sum tickets, parking fees and merchant sales in yuan against the period before', async () => {
    expect(await get<StatGroupData>('/stats/business/revenue')).toEqual({
      items: [
        { name: '门票收入', value: 205, previous: 25, unit: '元' },
        { name: '停车收入', value: 40, previous: 20, unit: '元' },
        { name: '商户销售额', value: 1300.5, previous: 70, unit: '元' },
      ],
    });
    expect((await get<StatGroupData>('/stats/business/revenue?range=7d')).items.map((item) => item.value)).toEqual([310, 90, 1780.5]);
    expect((await get<StatGroupData>('/stats/business/revenue', city)).items.map((item) => [item.value, item.previous])).toEqual([
      [999.99, 0],
      [0, 0],
      [1234, 0],
    ]);
  });
});

describe('parking', () => {
  it('shows the cars parked now against all spaces, and per lot', async () => {
    expect(await get<GaugeData>('/stats/business/parking')).toEqual({ value: 3, min: 0, max: 260 + 180 + 120 + 90, unit: '辆' });
    expect(await get<CategoryData>('/stats/business/parkingLots')).toEqual({
      unit: '辆',
      items: lots.map((lot, index) => ({ key: String(lot.id), name: lot.name, value: [2, 1, 0, 0][index] })),
    });
    expect((await get<GaugeData>('/stats/business/parking', city)).value).toBe(1);
  });
});

describe('merchants', () => {
  it('are ranked by sales in the period, every merchant of the tenant, limited', async () => {
    const [m1, m2, m3] = merchants;
    expect(await get<CategoryData>('/stats/business/merchants?limit=3')).toEqual({
      unit: '元',
      items: [
        { key: String(m2!.id), name: m2!.name, value: 1000.5 },
        { key: String(m1!.id), name: m1!.name, value: 300 },
        { key: String(m3!.id), name: m3!.name, value: 0 },
      ],
    });
    expect((await get<CategoryData>('/stats/business/merchants?range=7d')).items.map((item) => item.value)).toEqual([
      1070.5, 660, 50, 0, 0, 0,
    ]);
  });
});

describe('business routes', () => {
  const routes = [
    '/stats/business/visitors',
    '/stats/business/visitorsToday',
    '/stats/business/tickets',
    '/stats/business/revenue',
    '/stats/business/parking',
    '/stats/business/parkingLots',
    '/stats/business/merchants',
  ];

  it('need a session (401) and 商业运营 or 综合态势 (403)', async () => {
    for (const url of routes) {
      expect((await server.api('GET', url)).body, url).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
      expect((await server.api('GET', url, { token: viewer })).body, url).toEqual({ code: 403, msg: '没有权限执行该操作，请联系管理员' });
      expect((await server.api('GET', url, { token: alarmsOnly })).body, url).toEqual({
        code: 403,
        msg: '没有权限执行该操作，请联系管理员',
      });
      // The city operator has 综合态势 without 商业运营.
      expect((await server.api('GET', url, { token: cityOperator })).body.code, url).toBe(200);
    }
  });

  it.each([
    ['/stats/business/visitors?range=month', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/business/visitors?by=lot', '分组方式只能是 total 或 gate'],
    ['/stats/business/tickets?range=', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/business/revenue?range=7d&range=30d', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/business/merchants?range=1d', '统计范围不正确，只能是 today、24h、7d 或 30d'],
    ['/stats/business/merchants?limit=100', '条数必须是 1 到 50 的整数'],
    ['/stats/business/merchants?limit=-1', '条数必须是 1 到 50 的整数'],
    ['/stats/business/merchants?limit=1e1', '条数必须是 1 到 50 的整数'],
  ])('refuse %s', async (url, msg) => {
    expect((await server.api('GET', url, { token: scenic })).body).toEqual({ code: 400, msg });
  });
});
