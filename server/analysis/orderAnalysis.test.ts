import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { WORK_ORDER_CATEGORIES, WORK_ORDER_CATEGORY_LABELS, WORK_ORDER_SOURCE_LABELS } from '../../contracts/workOrders';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { clearAnalysedRows, countBy, MINUTE, minutes, nearestPlace, nearestRank, NOW, query, TODAY, WEEK } from './analysisTestRows';

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let ordersOnly: string;
let parkingOnly: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  ordersOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:orderAnalysis']);
  parkingOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:parking']);
}, 60_000);
afterAll(async () => server.close());
beforeEach(async () => clearAnalysedRows(server.services.ctx.db));

const db = () => server.services.ctx.db;

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

interface PlantedOrder {
  tenantId: number;
  category: string;
  source: string;
  status: string;
  teamId: number | null;
  deviceId: number | null;
  createdAt: number;
  dueAt: number;
  closedAt: number | null;
  acceptedAt: number | null;
  cancelledAt: number | null;
  position: { longitude: number; latitude: number } | null;
}

/** Orders of both tenants spread over the two weeks before now, in every status, with their events. */
async function plantOrders(count: number): Promise<PlantedOrder[]> {
  const random = seededRandom(22);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const teams = await db().selectFrom('teams').select(['team_id', 'tenant_id']).execute();
  const devices = await db().selectFrom('devices').select(['device_id', 'tenant_id', 'longitude', 'latitude']).limit(400).execute();
  const planted: PlantedOrder[] = [];
  for (let index = 0; index < count; index++) {
    const tenantId = random() < 0.75 ? 1 : 2;
    const createdAt = NOW - Math.floor(random() * 14 * DAY_MS);
    const device = random() < 0.7 ? pick(devices.filter((row) => row.tenant_id === tenantId)) : null;
    const acceptedAt = random() < 0.8 ? Math.min(NOW, createdAt + Math.floor(random() * 120) * MINUTE) : null;
    const done = acceptedAt !== null && random() < 0.7;
    const closedAt = done ? Math.min(NOW, acceptedAt + Math.floor(random() * 30) * HOUR_MS) : null;
    const cancelledAt = !acceptedAt && random() < 0.3 ? Math.min(NOW, createdAt + 3 * HOUR_MS) : null;
    const status = closedAt !== null ? 'DONE' : cancelledAt !== null ? 'CANCELLED' : acceptedAt !== null ? 'PROCESSING' : 'PENDING';
    const teamId = random() < 0.8 ? pick(teams.filter((team) => team.tenant_id === tenantId)).team_id! : null;
    const order: PlantedOrder = {
      tenantId,
      category: pick(WORK_ORDER_CATEGORIES),
      source: pick(['alarm', 'device', 'manual']),
      status,
      teamId,
      deviceId: device?.device_id ?? null,
      createdAt,
      dueAt: createdAt + pick([2, 8, 24]) * HOUR_MS,
      closedAt,
      acceptedAt,
      cancelledAt,
      position: device ? { longitude: device.longitude, latitude: device.latitude } : null,
    };
    const row = await db()
      .insertInto('work_orders')
      .values({
        order_id: undefined,
        tenant_id: tenantId,
        order_no: `T-${index}`,
        title: '测试工单',
        description: '',
        category: order.category,
        priority: 'NORMAL',
        status,
        source: order.source,
        alarm_id: null,
        device_id: order.deviceId,
        assignee_user_id: null,
        assignee_team_id: teamId,
        created_by: null,
        due_at: order.dueAt,
        escalated_at: null,
        closed_at: closedAt,
        result: '',
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('order_id')
      .executeTakeFirstOrThrow();
    const event = (at: number, action: string) => ({
      id: undefined,
      order_id: row.order_id!,
      tenant_id: tenantId,
      at,
      user_id: null,
      action,
      from_status: null,
      to_status: null,
      note: '',
    });
    const events = [
      event(createdAt, 'create'),
      ...(acceptedAt !== null ? [event(acceptedAt, 'accept')] : []),
      // A second 接单 after a reopening: only the first one counts.
      ...(acceptedAt !== null && index % 5 === 0 ? [event(Math.min(NOW, acceptedAt + HOUR_MS), 'accept')] : []),
      ...(cancelledAt !== null ? [event(cancelledAt, 'cancel')] : []),
    ];
    await db().insertInto('work_order_events').values(events).execute();
    planted.push(order);
  }
  return planted;
}

const inWeek = (at: number | null) => at !== null && at >= WEEK.beginTime && at <= WEEK.endTime;
const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;

describe('工单分析', () => {
  it('counts, SLA and the median and 90th percentile of accepting and closing equal a count over the planted rows', async () => {
    const planted = (await plantOrders(160)).filter((order) => order.tenantId === 1);
    const summary = await get<StatGroupData>(`/analysis/orders/summary${query(WEEK)}`);
    const closed = planted.filter((order) => order.status === 'DONE' && inWeek(order.closedAt));
    const met = closed.filter((order) => order.closedAt! <= order.dueAt).length;
    const accepted = planted.filter((order) => inWeek(order.acceptedAt));
    expect(item(summary, '新建工单')).toBe(planted.filter((order) => inWeek(order.createdAt)).length);
    expect(item(summary, '已办结')).toBe(closed.length);
    expect(item(summary, '按时办结率')).toBe(Math.round((met * 1000) / closed.length) / 10);
    expect(item(summary, '超时未办结')).toBe(
      planted.filter(
        (order) => inWeek(order.createdAt) && ['PENDING', 'ASSIGNED', 'PROCESSING'].includes(order.status) && order.dueAt < NOW,
      ).length,
    );
    const acceptDelays = accepted.map((order) => order.acceptedAt! - order.createdAt);
    const closeDelays = closed.map((order) => order.closedAt! - order.createdAt);
    expect(item(summary, '接单时长中位数')).toBe(minutes(nearestRank(acceptDelays, 0.5)));
    expect(item(summary, '接单时长 P90')).toBe(minutes(nearestRank(acceptDelays, 0.9)));
    expect(item(summary, '办结时长中位数')).toBe(minutes(nearestRank(closeDelays, 0.5)));
    expect(item(summary, '办结时长 P90')).toBe(minutes(nearestRank(closeDelays, 0.9)));
    expect(closed.length).toBeGreaterThan(10);
  });

  it('counts orders created in the range by category, source, team and area', async () => {
    const planted = (await plantOrders(160)).filter((order) => order.tenantId === 1 && inWeek(order.createdAt));
    const values = (data: CategoryData) => new Map(data.items.filter((entry) => entry.value > 0).map((entry) => [entry.name, entry.value]));

    const byCategory = await get<CategoryData>(`/analysis/orders/by${query(WEEK, { by: 'category' })}`);
    expect(byCategory.items.map((entry) => entry.key)).toEqual([...WORK_ORDER_CATEGORIES]);
    expect(values(byCategory)).toEqual(countBy(planted, (order) => WORK_ORDER_CATEGORY_LABELS[order.category as 'ALARM']));

    const bySource = await get<CategoryData>(`/analysis/orders/by${query(WEEK, { by: 'source' })}`);
    expect(values(bySource)).toEqual(countBy(planted, (order) => WORK_ORDER_SOURCE_LABELS[order.source as 'alarm']));

    const teams = new Map((await db().selectFrom('teams').select(['team_id', 'name']).execute()).map((team) => [team.team_id!, team.name]));
    const byTeam = await get<CategoryData>(`/analysis/orders/by${query(WEEK, { by: 'team' })}`);
    expect(values(byTeam)).toEqual(countBy(planted, (order) => (order.teamId === null ? '未派发' : teams.get(order.teamId)!)));

    const byArea = await get<CategoryData>(`/analysis/orders/by${query(WEEK, { by: 'area' })}`);
    const areas = countBy(planted, (order) => nearestPlace(order.position?.longitude ?? null, order.position?.latitude ?? null));
    expect(values(byArea)).toEqual(areas);
    expect(areas.size).toBeGreaterThan(2);
    // Most first.
    expect(byArea.items.map((entry) => entry.value)).toEqual([...byArea.items.map((entry) => entry.value)].sort((a, b) => b - a));
  });

  it('gives the backlog at the end of each day (open: created before it, not yet closed or cancelled) and each hour of today', async () => {
    const planted = (await plantOrders(120)).filter((order) => order.tenantId === 1);
    const openAt = (at: number) =>
      planted.filter((order) => order.createdAt < at && (order.closedAt ?? order.cancelledAt ?? Infinity) >= at).length;

    const week = await get<SeriesData>(`/analysis/orders/backlog${query(WEEK)}`);
    const backlog = week.series.find((series) => series.name === '未办结')!;
    expect(backlog.points.map(([at]) => at)).toEqual(Array.from({ length: 7 }, (_, day) => WEEK.beginTime + day * DAY_MS));
    // The last day ends now: the backlog is read then.
    expect(backlog.points.map(([, value]) => value)).toEqual(backlog.points.map(([at]) => openAt(Math.min(Number(at) + DAY_MS, NOW + 1))));
    const created = week.series.find((series) => series.name === '新建')!;
    expect(created.points.map(([, value]) => value)).toEqual(
      created.points.map(
        ([at]) => planted.filter((order) => order.createdAt >= Number(at) && order.createdAt < Number(at) + DAY_MS).length,
      ),
    );

    const today = await get<SeriesData>(`/analysis/orders/backlog${query({ beginTime: TODAY, endTime: TODAY + DAY_MS - 1 })}`);
    const hourly = today.series.find((series) => series.name === '未办结')!;
    // Hours up to now only (16:00 in Shanghai: 17 hours begun).
    expect(hourly.points).toHaveLength(17);
    expect(hourly.points.map(([, value]) => value)).toEqual(hourly.points.map(([at]) => openAt(Math.min(Number(at) + HOUR_MS, NOW + 1))));
  });

  it('never counts another tenant’s orders', async () => {
    const planted = await plantOrders(80);
    const summary = await get<StatGroupData>(`/analysis/orders/summary${query(WEEK)}`, scenicAdmin);
    expect(item(summary, '新建工单')).toBe(planted.filter((order) => order.tenantId === 2 && inWeek(order.createdAt)).length);
    expect(planted.some((order) => order.tenantId === 1 && inWeek(order.createdAt))).toBe(true);
  });

  it('belongs to 工单分析: its holders may read it, other pages’ may not', async () => {
    expect((await server.api('GET', `/analysis/orders/summary${query(WEEK)}`, { token: ordersOnly })).body.code).toBe(200);
    expect((await server.api('GET', `/analysis/orders/summary${query(WEEK)}`, { token: parkingOnly })).body.code).toBe(403);
  });

  it('refuses a bad range with a Chinese 400 naming the field', async () => {
    const refused = async (search: string) => (await server.api('GET', `/analysis/orders/by${search}`, { token: admin })).body;
    expect(await refused(query({ beginTime: NOW, endTime: NOW - 1 }, { by: 'team' }))).toMatchObject({
      code: 400,
      msg: expect.stringContaining('endTime'),
    });
    expect(await refused(query({ beginTime: NOW - 400 * DAY_MS, endTime: NOW }, { by: 'team' }))).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/不能超过 366 天/),
    });
    expect(await refused(`?beginTime=abc&endTime=${NOW}&by=team`)).toMatchObject({ code: 400, msg: expect.stringContaining('beginTime') });
    expect(await refused(`?endTime=${NOW}&by=team`)).toMatchObject({ code: 400, msg: expect.stringContaining('beginTime') });
    expect(await refused(query(WEEK, { by: 'colour' }))).toMatchObject({ code: 400, msg: expect.stringContaining('统计维度') });
  });
});
