import { describe, expect, it } from 'vitest';
import type {
  Flight,
  FlightReplay,
  Geofence,
  RoutePreset,
  UavDevice,
  UavLiveFlight,
  UavPositionsPushed,
} from '../../contracts/lowAltitude';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { loadPlugins } from '../pluginManifests';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { fenceSide } from './fenceGeometry';
import { flightDurationMs, pointAlong } from './flightPath';
import { seedLowAltitude } from './seedLowAltitude';
import { groundPauseMs } from './UavSimulator';
import { routePresetsOf, SEEDED_GEOFENCES } from './uavRoutePresets';

let server: TestServer;
let token: string;
/** The test server's clock (each test's server starts at TEST_CLOCK_START). */
let now = TEST_CLOCK_START;
setupTestServer((created, login) => {
  server = created;
  token = login;
  now = TEST_CLOCK_START;
}, 'ADMIN-2026-DEMO');
const advanceTo = (at: number) => {
  server.advance(at - now);
  now = at;
};

type Reply = Awaited<ReturnType<TestServer['api']>>['body'];
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body;
const post = async (url: string, body: Record<string, unknown> = {}, as = token) =>
  (await server.api('POST', url, { token: as, json: true, body })).body;
const dataOf = <T>(reply: Reply): T => {
  expect(reply.code, reply.msg).toBe(200);
  return reply.data as T;
};
const db = () => server.services.ctx.db;
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};
const uavAlarms = async () =>
  Number(
    (
      await db()
        .selectFrom('alarms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', 1)
        .where('alarm_type', '=', 'UAV_ALARM')
        .executeTakeFirstOrThrow()
    ).n,
  );
const positionsOf = async (deviceId: number) =>
  db()
    .selectFrom('positions')
    .select(['at', 'longitude', 'altitude'])
    .where('tenant_id', '=', 1)
    .where('subject_kind', '=', 'uav')
    .where('subject_id', '=', deviceId)
    .orderBy('at')
    .execute();

describe('UAV simulator', () => {
  it('flies a UAV along its preset route: positions stored, the fence entered once and its alarm raised once, then landed with a result', async () => {
    const simulator = server.services.lowAltitude.uavSimulator;
    const [river] = routePresetsOf(1);
    const fenceInput = SEEDED_GEOFENCES[1]![0]!;
    const fence = dataOf<Geofence>(await post('/lowAltitude/geofences', { ...fenceInput }));
    const uavs = dataOf<UavDevice[]>(await get('/lowAltitude/uavs'));
    const deviceId = uavs[0]!.deviceId;
    expect(uavs.every((uav) => uav.flyingFlightId === null)).toBe(true);

    // First step: the first UAV takes off on the first preset (the others follow 40 s apart).
    await simulator.step();
    const flights = (await get(`/lowAltitude/flights?deviceId=${deviceId}`)).rows as Flight[];
    expect(flights).toHaveLength(1);
    const flying = flights[0]!;
    expect(flying).toMatchObject({ status: 'flying', taskKind: 'river_inspection', route: river!.route });
    const startedAt = flying.startedAt!;

    // When the route is inside the fence, found from the path itself.
    const duration = flightDurationMs(river!.route, flying.flightId);
    const sideAt = (elapsed: number) => {
      const point = pointAlong(river!.route, flying.flightId, elapsed);
      return fenceSide(fence, point.longitude, point.latitude, point.altitude);
    };
    let entry = 0;
    while (sideAt(entry) !== 'inside') entry += 1000;
    let exit = entry;
    while (sideAt(exit) !== 'outside') exit += 1000;
    expect(exit).toBeLessThan(duration);

    const stepAt = async (elapsed: number) => {
      advanceTo(startedAt + elapsed);
      await simulator.step();
    };
    await stepAt(entry - 1000);
    expect(await uavAlarms()).toBe(0);
    await stepAt(entry);
    await stepAt(entry + 1000);
    expect(await uavAlarms()).toBe(1);
    const live = dataOf<UavLiveFlight[]>(await get('/lowAltitude/live')).find((uav) => uav.flightId === flying.flightId)!;
    expect(live).toMatchObject({ deviceId, taskKind: 'river_inspection', at: startedAt + entry + 1000, route: river!.route });
    expect(live.speed).toBeGreaterThanOrEqual(8);
    expect(live.speed).toBeLessThanOrEqual(12);
    expect(live.battery).toBeLessThan(100);
    expect(live.trail.length).toBeGreaterThanOrEqual(2);
    const stays = await get(`/lowAltitude/fenceStays?flightId=${flying.flightId}`);
    expect(stays).toMatchObject({ total: 1, rows: [{ fenceId: fence.fenceId, exitedAt: null, enteredAt: startedAt + entry }] });

    await stepAt(exit);
    expect(await get(`/lowAltitude/fenceStays?flightId=${flying.flightId}`)).toMatchObject({ rows: [{ exitedAt: startedAt + exit }] });
    await stepAt(duration);
    const landed = dataOf<Flight>(await get(`/lowAltitude/flights/${flying.flightId}`));
    expect(landed).toMatchObject({ status: 'landed', endedAt: startedAt + duration });
    expect(landed.result).toMatch(/^发现水面漂浮物 \d 处.*；闯入禁飞区 1 次；降落时电量 \d+%$/);
    expect(await uavAlarms()).toBe(1);
    // One position per step, at the step's time.
    expect((await positionsOf(deviceId)).map((row) => Number(row.at) - startedAt)).toEqual([
      0,
      entry - 1000,
      entry,
      entry + 1000,
      exit,
      duration,
    ]);

    // Every step with UAVs in the air told the tenant: all of them in one message.
    const pushed = await db()
      .selectFrom('push_log')
      .select('payload')
      .where('tenant_id', '=', 1)
      .where('event_type', '=', 'UAV_GIS_EVENT')
      .orderBy('seq')
      .execute();
    expect(pushed).toHaveLength(6);
    const third = (JSON.parse(pushed[2]!.payload) as { data: UavPositionsPushed }).data;
    expect(third.uavs.map((uav) => uav.flightId)).toContain(flying.flightId);

    // On the ground until its pause is over, then it flies again.
    await stepAt(duration + 1000);
    expect(dataOf<UavDevice[]>(await get('/lowAltitude/uavs')).find((uav) => uav.deviceId === deviceId)?.flyingFlightId).toBeNull();
    await stepAt(duration + groundPauseMs(deviceId));
    expect(dataOf<UavDevice[]>(await get('/lowAltitude/uavs')).find((uav) => uav.deviceId === deviceId)?.flyingFlightId).toBeGreaterThan(
      flying.flightId,
    );

    // The replay: the stored track from take-off to landing, the fence stay with its alarm, the planned route.
    const replay = dataOf<FlightReplay>(await get(`/lowAltitude/flights/${flying.flightId}/replay`));
    expect(replay.flight).toMatchObject({ flightId: flying.flightId, route: river!.route });
    expect(replay.track.map((point) => point.at - startedAt)).toEqual([0, entry - 1000, entry, entry + 1000, exit, duration]);
    expect(replay.stays).toHaveLength(1);
    expect(replay.stays[0]).toMatchObject({ fenceId: fence.fenceId, enteredAt: startedAt + entry, exitedAt: startedAt + exit });
    expect(replay.stays[0]!.alarmId).toBeGreaterThan(0);
    expect(replay.deviceName).toBe(uavs[0]!.name);
    // A UAV alarm's toast finds its flight by the alarm.
    const byAlarm = `/lowAltitude/fenceStays?alarmId=${replay.stays[0]!.alarmId}`;
    expect(await get(byAlarm)).toMatchObject({ total: 1, rows: [{ flightId: flying.flightId }] });

    // Tenant 2 sees none of it, and has presets of its own.
    const other = await otherTenant();
    expect(await get(`/lowAltitude/flights/${flying.flightId}/replay`, other)).toMatchObject({ code: 404 });
    expect(await get(byAlarm, other)).toMatchObject({ code: 200, total: 0 });
    const presets = dataOf<RoutePreset[]>(await get('/lowAltitude/routePresets', other));
    expect(presets.map((preset) => preset.presetId)).toEqual(routePresetsOf(2).map((preset) => preset.presetId));
    expect(
      dataOf<UavLiveFlight[]>(await get('/lowAltitude/live', other)).every((uav) => !uavs.some((mine) => mine.deviceId === uav.deviceId)),
    ).toBe(true);
  });

  it('refuses a bad or not yet flown replay in Chinese', async () => {
    expect(await get('/lowAltitude/flights/abc/replay')).toMatchObject({ code: 400 });
    expect(await get('/lowAltitude/flights/999999/replay')).toMatchObject({ code: 404, msg: '飞行任务不存在：999999' });
    const deviceId = dataOf<UavDevice[]>(await get('/lowAltitude/uavs'))[0]!.deviceId;
    const planned = dataOf<Flight>(
      await post('/lowAltitude/flights', { deviceId, taskKind: 'patrol', route: routePresetsOf(1)[1]!.route }),
    );
    expect(await get(`/lowAltitude/flights/${planned.flightId}/replay`)).toMatchObject({
      code: 409,
      msg: `飞行任务 ${planned.flightId} 尚未起飞，没有可回放的轨迹`,
    });
    // A gateway's reported positions are stored as the flight's track: the replay reads them.
    dataOf<Flight>(await post(`/lowAltitude/flights/${planned.flightId}/start`));
    for (const [index, longitude] of [120.231, 120.232, 120.233].entries())
      dataOf(
        await post(`/lowAltitude/flights/${planned.flightId}/position`, {
          at: now - 1000 + index * 1000,
          longitude,
          latitude: 30.23,
          altitude: 60,
        }),
      );
    advanceTo(now + 2000);
    dataOf(await post(`/lowAltitude/flights/${planned.flightId}/position`, { longitude: 120.234, latitude: 30.23, altitude: 60 }));
    expect(
      await post(`/lowAltitude/flights/${planned.flightId}/position`, {
        longitude: 120.235,
        latitude: 30.23,
        altitude: 60,
        at: now + 3_600_000,
      }),
    ).toMatchObject({ code: 400 });
    const replay = dataOf<FlightReplay>(await get(`/lowAltitude/flights/${planned.flightId}/replay`));
    // Positions before the take-off are not the flight's; the one from the future was refused.
    expect(replay.track.map((point) => point.longitude)).toEqual([120.232, 120.233, 120.234]);
  });

  it('seeds each demo tenant its fences and a past day of landed flights, once', async () => {
    const plugins = loadPlugins('plugins').plugins;
    const sources = { plugins, catalog: loadDeviceCatalog(plugins) };
    expect(await seedLowAltitude(db(), sources, now)).toBe(2);
    expect(await seedLowAltitude(db(), sources, now)).toBe(0);
    const fences = dataOf<Geofence[]>(await get('/lowAltitude/geofences'));
    expect(fences.map((fence) => fence.name)).toEqual(SEEDED_GEOFENCES[1]!.map((fence) => fence.name));
    const flights = await get('/lowAltitude/flights?status=landed&pageSize=100');
    expect(flights.total).toBeGreaterThanOrEqual(15);
    const rows = flights.rows as Flight[];
    expect(rows.every((flight) => flight.startedAt! >= now - 24 * 3_600_000 && flight.endedAt! < now)).toBe(true);
    // The river inspections cross the school's fence: a stay and an alarm each, marked as the history's.
    const rivers = rows.filter((flight) => flight.taskKind === 'river_inspection');
    const stays = await get('/lowAltitude/fenceStays?pageSize=100');
    expect(stays.total).toBe(rivers.length);
    const replay = dataOf<FlightReplay>(await get(`/lowAltitude/flights/${rivers[0]!.flightId}/replay`));
    expect(replay.track.length).toBe(Math.floor(flightDurationMs(replay.flight.route, replay.flight.flightId) / 1000) + 1);
    expect(replay.stays).toHaveLength(1);
    // The module root's figures count the same flights and entries (today's and yesterday's: the history's day spans both).
    const summary = dataOf<{ items: { name: string; value: number; previous?: number }[] }>(await get('/lowAltitude/summary'));
    const figure = (name: string) => summary.items.find((item) => item.name === name)!;
    expect(figure('飞行中').value).toBe(0);
    expect(figure('今日飞行').value + figure('今日飞行').previous!).toBe(flights.total);
    expect(figure('今日闯入禁飞区').value + figure('今日闯入禁飞区').previous!).toBe(stays.total);
    const origins = await db().selectFrom('alarms').select(['origin', 'status']).where('alarm_type', '=', 'UAV_ALARM').execute();
    expect(origins.length).toBeGreaterThan(0);
    // Handled by the duty officer after each landing.
    expect(origins.every((row) => row.origin === 'seed' && row.status === 'ALARM_STATUS_CONFIRMED')).toBe(true);
  });
});
