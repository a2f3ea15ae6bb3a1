import { describe, expect, it } from 'vitest';
import type { FenceCrossings, Flight, Geofence } from '../../contracts/lowAltitude';
import { setupTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let token: string;
// The administrator: 低空管理 is among its menus.
setupTestServer((created, login) => {
  server = created;
  token = login;
}, 'ADMIN-2026-DEMO');

type Reply = Awaited<ReturnType<TestServer['api']>>['body'];
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body;
const post = async (url: string, body: Record<string, unknown> = {}, as = token) =>
  (await server.api('POST', url, { token: as, json: true, body })).body;
const dataOf = <T>(reply: Reply): T => {
  expect(reply.code, reply.msg).toBe(200);
  return reply.data as T;
};
const uavOf = async (tenantId: number) =>
  (
    await server.services.ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'uav')
      .orderBy('device_id')
      .executeTakeFirstOrThrow()
  ).device_id;
/** The admin, switched to tenant 2. */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};
const ROUTE = [
  [120.19, 30.25, 60],
  [120.21, 30.25, 60],
];
const SQUARE = [
  [120.199, 30.249],
  [120.201, 30.249],
  [120.201, 30.251],
  [120.199, 30.251],
];
const countOf = async (table: 'low_altitude_flights' | 'low_altitude_geofences' | 'low_altitude_fence_events') =>
  Number(
    (
      await server.services.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('低空管理 routes', () => {
  it('plans, starts and lands a flight; its positions cross a fence once each way, and landing ends its stays', async () => {
    const deviceId = await uavOf(1);
    const fence = dataOf<Geofence>(await post('/lowAltitude/geofences', { name: '东站禁飞区', polygon: SQUARE, floorM: 0, ceilingM: 100 }));
    expect(fence).toMatchObject({ name: '东站禁飞区', active: true, polygon: SQUARE });
    const planned = dataOf<Flight>(await post('/lowAltitude/flights', { deviceId, taskKind: 'river_inspection', route: ROUTE }));
    expect(planned).toMatchObject({ deviceId, taskKind: 'river_inspection', status: 'planned', route: ROUTE, startedAt: null });
    const path = `/lowAltitude/flights/${planned.flightId}`;
    // Not flying yet: its positions are refused; landing before starting too.
    expect(await post(`${path}/position`, { longitude: 120.2, latitude: 30.25, altitude: 50 })).toMatchObject({
      code: 409,
      msg: `飞行任务 ${planned.flightId} 不在飞行中，不能上报位置`,
    });
    expect(await post(`${path}/land`)).toMatchObject({ code: 409, msg: `飞行任务 ${planned.flightId} 已计划，不能降落` });

    const started = dataOf<Flight>(await post(`${path}/start`));
    expect(started.status).toBe('flying');
    expect(started.startedAt).toBeGreaterThan(0);
    // A second flight of the same UAV cannot take off while it flies.
    const second = dataOf<Flight>(await post('/lowAltitude/flights', { deviceId, taskKind: 'patrol', route: ROUTE }));
    expect(await post(`/lowAltitude/flights/${second.flightId}/start`)).toMatchObject({
      code: 409,
      msg: `该无人机正在执行飞行任务 ${planned.flightId}，不能再起飞`,
    });

    const crossings: FenceCrossings[] = [];
    for (const longitude of [120.195, 120.2, 120.2001, 120.2])
      crossings.push(dataOf<FenceCrossings>(await post(`${path}/position`, { longitude, latitude: 30.25, altitude: 50 })));
    expect(crossings.map((crossing) => crossing.entered.length)).toEqual([0, 1, 0, 0]);
    const landed = dataOf<Flight>(await post(`${path}/land`, { result: ' 河道无异常 ' }));
    expect(landed).toMatchObject({ status: 'landed', result: '河道无异常' });
    const stays = await server.services.ctx.db
      .selectFrom('low_altitude_fence_events')
      .select(['exited_at', 'alarm_id'])
      .where('flight_id', '=', planned.flightId)
      .execute();
    expect(stays).toHaveLength(1);
    expect(stays[0]?.exited_at).toBe(landed.endedAt);
    expect(await get(`/lowAltitude/fenceStays?flightId=${planned.flightId}`)).toMatchObject({
      code: 200,
      total: 1,
      rows: [
        {
          flightId: planned.flightId,
          deviceId,
          fenceId: fence.fenceId,
          fenceName: '东站禁飞区',
          exitedAt: landed.endedAt,
          alarmId: stays[0]?.alarm_id,
        },
      ],
    });
    expect((await get(`/lowAltitude/fenceStays?flightId=${second.flightId}`)).total).toBe(0);

    const list = await get(`/lowAltitude/flights?deviceId=${deviceId}&status=landed`);
    expect(list).toMatchObject({ code: 200, total: 1, rows: [{ flightId: planned.flightId, status: 'landed' }] });
    expect((await get('/lowAltitude/flights')).total).toBe(2);

    const off = dataOf<Geofence>(await post(`/lowAltitude/geofences/${fence.fenceId}/deactivate`));
    expect(off.active).toBe(false);
    expect(dataOf<Geofence[]>(await get('/lowAltitude/geofences')).map((each) => each.active)).toEqual([false]);
  });

  it('keeps tenants apart and refuses bad input in Chinese, changing nothing', async () => {
    const flight = dataOf<Flight>(await post('/lowAltitude/flights', { deviceId: await uavOf(1), taskKind: 'patrol', route: ROUTE }));
    const fence = dataOf<Geofence>(await post('/lowAltitude/geofences', { name: '一号禁飞区', polygon: SQUARE, floorM: 0, ceilingM: 100 }));
    const other = await otherTenant();
    expect(await get(`/lowAltitude/flights/${flight.flightId}`, other)).toMatchObject({
      code: 404,
      msg: `飞行任务不存在：${flight.flightId}`,
    });
    expect(await post(`/lowAltitude/flights/${flight.flightId}/start`, {}, other)).toMatchObject({ code: 404 });
    expect(await post(`/lowAltitude/geofences/${fence.fenceId}/deactivate`, {}, other)).toMatchObject({ code: 404 });
    expect(await get('/lowAltitude/flights', other)).toMatchObject({ code: 200, total: 0, rows: [] });
    expect(dataOf<Geofence[]>(await get('/lowAltitude/geofences', other))).toEqual([]);
    expect(await get('/lowAltitude/fenceStays', other)).toMatchObject({ code: 200, total: 0, rows: [] });
    // Tenant 1's UAV is no UAV of tenant 2.
    expect(await post('/lowAltitude/flights', { deviceId: await uavOf(1), taskKind: 'patrol', route: ROUTE }, other)).toMatchObject({
      code: 404,
      msg: `无人机不存在：${await uavOf(1)}`,
    });

    const before = await Promise.all([
      countOf('low_altitude_flights'),
      countOf('low_altitude_geofences'),
      countOf('low_altitude_fence_events'),
    ]);
    const refused: [string, Record<string, unknown>, string][] = [
      [
        '/lowAltitude/geofences',
        { name: '禁飞区', polygon: SQUARE.slice(0, 2), floorM: 0, ceilingM: 100 },
        '电子围栏（polygon）必须是 3 到 200 个顶点的列表，每个顶点为 [经度, 纬度]',
      ],
      ['/lowAltitude/geofences', { name: '禁飞区', polygon: SQUARE, floorM: 80, ceilingM: 50 }, '电子围栏的最高高度必须大于最低高度'],
      [
        '/lowAltitude/geofences',
        { name: '禁飞区', polygon: SQUARE, floorM: -1, ceilingM: 50 },
        '最低高度（floorM）必须在 0 到 1000 米 之间',
      ],
      [
        '/lowAltitude/geofences',
        {
          name: '禁飞区',
          polygon: [
            [120.2, 30.2],
            [120.2, 30.2],
            [120.2, 30.2],
          ],
          floorM: 0,
          ceilingM: 50,
        },
        '电子围栏的顶点不能在一条直线上或重合',
      ],
      [
        '/lowAltitude/flights',
        { deviceId: await uavOf(1), taskKind: 'patrol', route: [[120.2, 30.2, 60]] },
        '航线（route）必须是 2 到 500 个航点的列表，每个航点为 [经度, 纬度, 高度]',
      ],
      [
        '/lowAltitude/flights',
        {
          deviceId: await uavOf(1),
          taskKind: 'patrol',
          route: [
            [120.2, 30.2, 60],
            [120.2, 95, 60],
          ],
        },
        '航线第 2 个航点不是有效的 [经度, 纬度, 高度]',
      ],
      [
        '/lowAltitude/flights',
        {
          deviceId: await uavOf(1),
          taskKind: 'patrol',
          route: [
            [120.2, 30.2, 60],
            [120.2, 30.3, 5000],
          ],
        },
        '航线第 2 个航点的高度必须在 0 到 1000 米之间',
      ],
      [
        '/lowAltitude/flights',
        { deviceId: await uavOf(1), taskKind: 'bombing', route: ROUTE },
        '任务类型（taskKind）不正确（可选：river_inspection、patrol）',
      ],
    ];
    for (const [url, body, msg] of refused) expect(await post(url, body), msg).toMatchObject({ code: 400, msg });
    expect(await post(`/lowAltitude/flights/${flight.flightId}/fly`)).toMatchObject({
      code: 400,
      msg: '操作（action）不正确（可选：start、land）',
    });
    expect(
      await Promise.all([countOf('low_altitude_flights'), countOf('low_altitude_geofences'), countOf('low_altitude_fence_events')]),
    ).toEqual(before);
  });
});
