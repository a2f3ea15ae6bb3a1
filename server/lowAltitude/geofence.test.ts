import { describe, expect, it } from 'vitest';
import type { LngLat, UavAlarmPushed, UavPosition } from '../../contracts/lowAltitude';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { GeofenceService } from './GeofenceService';

let server: TestServer;
setupTestServer((created) => {
  server = created;
});

const db = () => server.services.ctx.db;
const fences = () => new GeofenceService(db(), server.services.alarms, server.services.pushHub, () => Date.now());

// A square no-fly area of about 190 × 220 m (east edge at longitude 120.202), 0–120 m.
const CENTRE: LngLat = [120.2, 30.25];
const HALF = 0.001;
const SQUARE: LngLat[] = [
  [CENTRE[0] - HALF, CENTRE[1] - HALF],
  [CENTRE[0] + HALF, CENTRE[1] - HALF],
  [CENTRE[0] + HALF, CENTRE[1] + HALF],
  [CENTRE[0] - HALF, CENTRE[1] + HALF],
];
const EAST_EDGE = CENTRE[0] + HALF;
/** Longitude degrees of one metre east-west at the fence's latitude. */
const METRE_LNG = 1 / (111_320 * Math.cos((CENTRE[1] * Math.PI) / 180));

const uavOf = async (tenantId: number) =>
  (
    await db()
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'uav')
      .orderBy('device_id')
      .executeTakeFirstOrThrow()
  ).device_id;

const flying = async (tenantId: number, status = 'flying') =>
  Number(
    (
      await db()
        .insertInto('low_altitude_flights')
        .values({
          flight_id: undefined,
          tenant_id: tenantId,
          device_id: await uavOf(tenantId),
          task_kind: 'patrol',
          route: '[]',
          status,
          started_at: 1,
          ended_at: null,
          result: null,
          created_by: null,
          created_at: 1,
        })
        .returning('flight_id')
        .executeTakeFirstOrThrow()
    ).flight_id,
  );

let clock = 1_800_000_000_000;
const at = (flightId: number, longitude: number, latitude: number, altitude = 50): UavPosition => ({
  flightId,
  at: (clock += 1000),
  longitude,
  latitude,
  altitude,
});

const eventsOf = (flightId: number) =>
  db()
    .selectFrom('low_altitude_fence_events')
    .select(['tenant_id', 'fence_id', 'entered_at', 'exited_at', 'alarm_id'])
    .where('flight_id', '=', flightId)
    .orderBy('event_id')
    .execute();
const uavPushes = async (tenantId: number) =>
  (
    await db()
      .selectFrom('push_log')
      .select('payload')
      .where('tenant_id', '=', tenantId)
      .where('event_type', '=', 'UAV_ALARM_PROCESS_EVENT')
      .orderBy('seq')
      .execute()
  ).map((row) => (JSON.parse(row.payload) as { data: UavAlarmPushed }).data);

describe('geofences', () => {
  it('raises an entry exactly once with its UAV alarm and push, and the exit once, however often or concurrently positions arrive', async () => {
    const service = fences();
    const fence = await service.create(1, { name: ' 钱塘江大桥禁飞区 ', polygon: SQUARE, floorM: 0, ceilingM: 120 });
    expect(fence).toMatchObject({ name: '钱塘江大桥禁飞区', floorM: 0, ceilingM: 120, active: true });
    const flightId = await flying(1);
    const outside = () => at(flightId, CENTRE[0] - 0.01, CENTRE[1]);
    const inside = () => at(flightId, CENTRE[0], CENTRE[1]);

    expect(await service.update(1, outside())).toEqual({ entered: [], exited: [] });
    const entry = await service.update(1, inside());
    expect(entry.entered).toEqual([{ fenceId: fence.fenceId, eventId: expect.any(Number), alarmId: expect.any(Number) }]);
    for (let i = 0; i < 3; i++) expect(await service.update(1, inside())).toEqual({ entered: [], exited: [] });
    // Above the ceiling is outside the volume.
    const left = await service.update(1, at(flightId, CENTRE[0], CENTRE[1], 200));
    expect(left.exited).toEqual([{ fenceId: fence.fenceId, eventId: entry.entered[0]?.eventId }]);
    expect(await service.update(1, outside())).toEqual({ entered: [], exited: [] });

    const [stay, ...others] = await eventsOf(flightId);
    expect(others).toEqual([]);
    expect(stay).toMatchObject({ tenant_id: 1, fence_id: fence.fenceId, alarm_id: entry.entered[0]?.alarmId });
    expect(Number(stay?.exited_at) - Number(stay?.entered_at)).toBe(4000);
    const alarm = await db()
      .selectFrom('alarms')
      .select(['alarm_type', 'content', 'tenant_id'])
      .where('alarm_id', '=', Number(stay?.alarm_id))
      .executeTakeFirstOrThrow();
    expect(alarm).toMatchObject({ alarm_type: 'UAV_ALARM', tenant_id: 1 });
    expect(alarm.content).toContain('闯入电子围栏「钱塘江大桥禁飞区」');
    const pushes = await uavPushes(1);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      flightId,
      fenceId: fence.fenceId,
      fenceName: '钱塘江大桥禁飞区',
      alarmType: 'UAV_ALARM',
      altitude: 50,
    });
    expect(await storedPushesFailingTheirTopic(db())).toEqual([]);

    // Back in: a new stay and a new alarm. Two positions at once, both inside: one entry between them.
    const racing = await Promise.all([service.update(1, inside()), service.update(1, inside())]);
    expect(racing.flatMap((crossings) => crossings.entered)).toHaveLength(1);
    expect(await eventsOf(flightId)).toHaveLength(2);
    expect(await uavPushes(1)).toHaveLength(2);

    // Switching the fence off ends the stay on the next position; landing ends any other.
    await service.setActive(1, fence.fenceId, false);
    expect((await service.update(1, inside())).exited).toHaveLength(1);
    expect((await eventsOf(flightId)).every((event) => event.exited_at !== null)).toBe(true);
  });

  it('does not flap along the edge: entry needs a position inside, exit one beyond the 10 m band', async () => {
    const service = fences();
    const fence = await service.create(1, { name: '滨江禁飞区', polygon: SQUARE, floorM: 0, ceilingM: 120 });
    const flightId = await flying(1);
    // Along the east edge, 3 m outside only: never entered.
    for (let step = 0; step < 5; step++)
      expect(await service.update(1, at(flightId, EAST_EDGE + 3 * METRE_LNG, CENTRE[1] - HALF / 2 + step * 0.0001))).toEqual({
        entered: [],
        exited: [],
      });
    // Zigzagging 3 m either side of the edge (GPS jitter), then along the ceiling 2 m either side: one entry, no exit.
    const crossings = [];
    for (let step = 0; step < 10; step++)
      crossings.push(
        await service.update(1, at(flightId, EAST_EDGE + (step % 2 ? -3 : 3) * METRE_LNG, CENTRE[1] - HALF / 2 + step * 0.0001)),
      );
    for (let step = 0; step < 6; step++) crossings.push(await service.update(1, at(flightId, CENTRE[0], CENTRE[1], step % 2 ? 118 : 122)));
    expect(crossings.flatMap((crossing) => crossing.entered)).toHaveLength(1);
    expect(crossings.flatMap((crossing) => crossing.exited)).toHaveLength(0);
    // 9 m out is still the band; 12 m out is out.
    expect((await service.update(1, at(flightId, EAST_EDGE + 9 * METRE_LNG, CENTRE[1]))).exited).toEqual([]);
    expect((await service.update(1, at(flightId, EAST_EDGE + 12 * METRE_LNG, CENTRE[1]))).exited).toEqual([
      { fenceId: fence.fenceId, eventId: expect.any(Number) },
    ]);
    expect(await eventsOf(flightId)).toHaveLength(1);
  });

  it("keeps tenants apart: a flight meets only its tenant's fences, and no tenant reaches another's flight or fence", async () => {
    const service = fences();
    const own = await service.create(1, { name: '一号禁飞区', polygon: SQUARE, floorM: 0, ceilingM: 120 });
    const foreign = await service.create(2, { name: '二号禁飞区', polygon: SQUARE, floorM: 0, ceilingM: 120 });
    const flightId = await flying(1);
    const entry = await service.update(1, at(flightId, CENTRE[0], CENTRE[1]));
    expect(entry.entered.map((entered) => entered.fenceId)).toEqual([own.fenceId]);
    expect((await service.list(2)).map((fence) => fence.fenceId)).toEqual([foreign.fenceId]);
    await expect(service.update(2, at(flightId, CENTRE[0], CENTRE[1]))).rejects.toThrow(`飞行任务不存在：${flightId}`);
    await expect(service.setActive(2, own.fenceId, false)).rejects.toThrow(`电子围栏不存在：${own.fenceId}`);
    expect((await service.list(1)).every((fence) => fence.active)).toBe(true);
    expect(await uavPushes(2)).toEqual([]);
    expect((await eventsOf(flightId)).map((event) => event.tenant_id)).toEqual([1]);
  });

  it('refuses bad fences and positions in Chinese and changes nothing', async () => {
    const service = fences();
    const good = { name: '禁飞区', polygon: SQUARE, floorM: 0, ceilingM: 120 };
    const refusals: [Partial<typeof good>, string][] = [
      [{ polygon: SQUARE.slice(0, 2) }, '电子围栏至少需要 3 个顶点（polygon）'],
      [{ polygon: [CENTRE, [CENTRE[0] + 0.001, CENTRE[1]], [CENTRE[0] + 0.002, CENTRE[1]]] }, '电子围栏的顶点不能在一条直线上或重合'],
      [{ polygon: [...SQUARE.slice(0, 3), [200, 30]] }, '电子围栏第 4 个顶点不是有效的经纬度 [经度, 纬度]'],
      [{ floorM: -5 }, '电子围栏的最低高度（floorM）不能小于 0 米'],
      [{ floorM: 120, ceilingM: 100 }, '电子围栏的最高高度必须大于最低高度'],
      [{ ceilingM: 5000 }, '电子围栏的最高高度（ceilingM）不能超过 1000 米'],
      [{ ceilingM: Number.NaN }, '电子围栏的最高高度（ceilingM）不能超过 1000 米'],
      [{ name: '  ' }, '请填写电子围栏名称（name）'],
    ];
    for (const [patch, message] of refusals) await expect(service.create(1, { ...good, ...patch })).rejects.toThrow(message);
    expect(await service.list(1)).toEqual([]);

    await service.create(1, good);
    const flightId = await flying(1);
    await expect(service.update(1, at(flightId, CENTRE[0], CENTRE[1], 99_999))).rejects.toThrow(
      '无人机高度（altitude）应在 -100 到 10000 米之间',
    );
    await expect(service.update(1, at(flightId, Number.NaN, CENTRE[1]))).rejects.toThrow('无人机位置不是有效的经纬度');
    await expect(service.update(1, { ...at(flightId, CENTRE[0], CENTRE[1]), at: -1 })).rejects.toThrow('位置时间（at）不正确');
    const landed = await flying(1, 'landed');
    await expect(service.update(1, at(landed, CENTRE[0], CENTRE[1]))).rejects.toThrow(`飞行任务 ${landed} 不在飞行中，不能上报位置`);
    expect([...(await eventsOf(flightId)), ...(await eventsOf(landed))]).toEqual([]);
    expect(await uavPushes(1)).toEqual([]);
  });
});
