import { describe, expect, it, vi } from 'vitest';
import { EMERGENCY_API, SENSOR_READINGS_MAX_POINTS, type SensorReadings } from '../../contracts/emergency';
import { stateDigest } from '../testing/stateDigest';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { seededLevels, seededPressures, timesEndingAt } from './seedSensorHistory';

let server: TestServer;
let token: string;
// The seeded day of readings is what this file starts from: its servers ask for the demo histories.
setupTestServer(
  (created, login) => {
    server = created;
    token = login;
  },
  'OPER-2026-DEMO',
  { seedHistoryDays: 1 },
);

const HOUR = 3_600_000;
type Reply = { code: number; msg: string; data?: unknown };
const get = async (query: string, as = token) =>
  (await server.api('GET', `${EMERGENCY_API.readings}?${query}`, { token: as })).body as Reply;
const readings = async (query: string, as = token) => {
  const reply = await get(query, as);
  if (reply.code !== 200) throw new Error(`${reply.code} ${reply.msg}`);
  return reply.data as SensorReadings;
};
const sensorsOf = (tenantId: number, kind: string) =>
  server.app.ctx.db
    .selectFrom('devices')
    .select(['device_id', 'telemetry', 'online'])
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', kind)
    .orderBy('device_id')
    .execute();
const countAt = async (at: number) =>
  Number(
    (
      await server.app.ctx.db
        .selectFrom('sensor_readings')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('at', '=', at)
        .executeTakeFirstOrThrow()
    ).count,
  );
/** The admin, switched to tenant 2 (西湖风景名胜区). */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};

describe('sensor readings', () => {
  it("a new database holds a day of seeded readings per water-level sensor and hydrant, ending at each one's current value", async () => {
    const db = server.app.ctx.db;
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const [manhole] = await sensorsOf(1, 'smartManhole');
    const rows = await db.selectFrom('sensor_readings').selectAll().where('device_id', '=', manhole!.device_id).orderBy('at').execute();
    expect(rows).toHaveLength(24 * 12 + 1);
    expect(rows.every((row) => row.metric === 'waterLevel' && row.tenant_id === 1 && row.value >= 0 && row.value <= 120)).toBe(true);
    expect(rows.at(-1)).toMatchObject({ at: now, value: (JSON.parse(manhole!.telemetry) as { waterLevel: number }).waterLevel });
    expect(rows[0]!.at).toBe(now - 24 * HOUR);
    // Every tenant's sensors, both metrics.
    const tenants = await db
      .selectFrom('sensor_readings')
      .select(['tenant_id', 'metric'])
      .distinct()
      .orderBy('tenant_id')
      .orderBy('metric')
      .execute();
    expect(tenants).toEqual(
      expect.arrayContaining([
        { tenant_id: 1, metric: 'pressure' },
        { tenant_id: 1, metric: 'waterLevel' },
        { tenant_id: 2, metric: 'pressure' },
        { tenant_id: 2, metric: 'waterLevel' },
      ]),
    );
  });

  it('the seeded model: deterministic, a rain shower that rises and drains, small pressure noise, ending at the current value', () => {
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const rain = { peakAt: now - 10 * HOUR, hours: 2 };
    const levels = seededLevels(7, 40, now, rain);
    expect(levels).toEqual(seededLevels(7, 40, now, rain));
    expect(levels).toHaveLength(timesEndingAt(now).length);
    expect(levels.at(-1)).toBe(40);
    const times = timesEndingAt(now);
    const atPeak = levels[times.findIndex((at) => at >= rain.peakAt)]!;
    // The shower lifts the level well above the day before it.
    expect(atPeak - levels[0]!).toBeGreaterThan(8);
    // Near the top of the range the shower is squeezed in, not cut flat at 120.
    const high = seededLevels(7, 115, now, rain);
    expect(Math.max(...high)).toBeLessThanOrEqual(118.5);
    expect(high.filter((value) => value >= 118).length).toBeLessThan(12);
    expect(Math.max(...high) - high[0]!).toBeGreaterThan(1);
    const pressures = seededPressures(7, 0.4, now);
    expect(pressures.at(-1)).toBe(0.4);
    expect(Math.max(...pressures) - Math.min(...pressures)).toBeLessThan(0.1);
  });

  it('the sampler writes one reading per online sensor in one transaction, from the device rows; retention prunes the old ones', async () => {
    const db = server.app.ctx.db;
    const manholes = await sensorsOf(1, 'smartManhole');
    const hydrants = await sensorsOf(1, 'fireHydrant');
    // Telemetry as an MQTT device or the simulator leaves it on the row; one sensor offline.
    await db
      .updateTable('devices')
      .set({ telemetry: JSON.stringify({ waterLevel: 97.5, tilt: 1 }), online: 1 })
      .where('device_id', '=', manholes[0]!.device_id)
      .execute();
    await db.updateTable('devices').set({ online: 0 }).where('device_id', '=', manholes[1]!.device_id).execute();
    const online = (
      await db
        .selectFrom('devices')
        .select('device_id')
        .where('kind', 'in', ['smartManhole', 'fireHydrant'])
        .where('online', '=', 1)
        .execute()
    ).length;
    server.advance(5 * 60_000);
    const at = Date.UTC(2026, 10, 22, 8, 5, 0);
    const transaction = vi.spyOn(db, 'transaction');
    expect(await server.app.sensors.sample()).toBe(online);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(await countAt(at)).toBe(online);
    const written = await db
      .selectFrom('sensor_readings')
      .selectAll()
      .where('at', '=', at)
      .where('device_id', 'in', [manholes[0]!.device_id, manholes[1]!.device_id, hydrants[0]!.device_id])
      .orderBy('device_id')
      .execute();
    expect(written.find((row) => row.device_id === manholes[0]!.device_id)).toMatchObject({
      metric: 'waterLevel',
      value: 97.5,
      tenant_id: 1,
    });
    expect(written.some((row) => row.device_id === manholes[1]!.device_id)).toBe(false);
    // A second run: one more row each.
    server.advance(5 * 60_000);
    expect(await server.app.sensors.sample()).toBe(online);
    expect(await countAt(at + 5 * 60_000)).toBe(online);

    // 30 days on from the seeded day's end: all of it older than 30 days goes, its last reading (exactly 30 days old) and the two samples stay.
    server.advance(30 * 24 * HOUR - 10 * 60_000);
    const total = async () =>
      Number(
        (
          await db
            .selectFrom('sensor_readings')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await total();
    const pruned = await server.app.sensors.prune(30 * 24 * HOUR);
    expect(pruned).toBeGreaterThan(0);
    expect(await total()).toBe(before - pruned);
    expect(await countAt(at)).toBe(online);
    const oldest = await db
      .selectFrom('sensor_readings')
      .select((eb) => eb.fn.min<number>('at').as('at'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.at)).toBe(Date.UTC(2026, 10, 22, 8, 0, 0));
  });

  it('answers per-device series over the window, averaged into at most 100 points, in the order asked', async () => {
    const manholes = await sensorsOf(1, 'smartManhole');
    const ids = [manholes[2]!.device_id, manholes[0]!.device_id];
    const answer = await readings(`metric=waterLevel&hours=24&deviceIds=${ids.join(',')}`);
    expect(answer).toMatchObject({
      metric: 'waterLevel',
      unit: 'cm',
      to: Date.UTC(2026, 10, 22, 8, 0, 0),
      from: Date.UTC(2026, 10, 21, 8, 0, 0),
      bucketMs: 864_000,
    });
    expect(answer.series.map((series) => series.deviceId)).toEqual(ids);
    for (const series of answer.series) {
      expect(series.points.length).toBeGreaterThan(90);
      expect(series.points.length).toBeLessThanOrEqual(SENSOR_READINGS_MAX_POINTS);
      const times = series.points.map(([at]) => at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    // The last point is the current value (the last bucket's only reading falls at now).
    const current = (JSON.parse(manholes[0]!.telemetry) as { waterLevel: number }).waterLevel;
    const last = answer.series[1]!.points.at(-1)!;
    expect(last[0]).toBe(answer.to);
    // Each point averages its bucket: compare one with the stored rows.
    const db = server.app.ctx.db;
    const [at] = answer.series[1]!.points[10]!;
    const bucketStart = answer.from + Math.floor((at - answer.from - 1) / answer.bucketMs) * answer.bucketMs;
    const raw = await db
      .selectFrom('sensor_readings')
      .select('value')
      .where('device_id', '=', ids[1]!)
      .where('metric', '=', 'waterLevel')
      .where('at', '>', bucketStart)
      .where('at', '<=', bucketStart + answer.bucketMs)
      .execute();
    const mean = raw.reduce((sum, row) => sum + row.value, 0) / raw.length;
    expect(answer.series[1]!.points[10]![1]).toBeCloseTo(mean, 1);
    expect(typeof current).toBe('number');
    // A short window: fewer readings than points, one point each.
    const hour = await readings(`metric=pressure&hours=1`);
    expect(hour.series.length).toBeGreaterThan(0);
    expect(hour.series.every((series) => series.points.length === 12)).toBe(true);
    // All the tenant's hydrants when no ids are given, only the tenant's.
    const hydrants = await sensorsOf(1, 'fireHydrant');
    expect(hour.series.map((series) => series.deviceId)).toEqual(hydrants.map((hydrant) => hydrant.device_id));
  });

  it("answers another tenant's sensors, a missing one or one of another kind 404 like each other, and bad input a Chinese 400, changing nothing", async () => {
    const [foreign] = await sensorsOf(2, 'smartManhole');
    const [mine] = await sensorsOf(1, 'smartManhole');
    const [hydrant] = await sensorsOf(1, 'fireHydrant');
    const other = await otherTenant();
    const before = await stateDigest(server.app.ctx.db);
    expect(await get(`metric=waterLevel&deviceIds=${mine!.device_id},${foreign!.device_id}`)).toEqual({
      code: 404,
      msg: `设备不存在或不是水位传感器：${foreign!.device_id}`,
    });
    expect(await get(`metric=waterLevel&deviceIds=${hydrant!.device_id}`)).toEqual({
      code: 404,
      msg: `设备不存在或不是水位传感器：${hydrant!.device_id}`,
    });
    expect(await get('metric=pressure&deviceIds=999999')).toEqual({ code: 404, msg: '设备不存在或不是水压传感器：999999' });
    // Tenant 2 sees its own sensors, never tenant 1's.
    const theirs = await readings('metric=waterLevel', other);
    expect(theirs.series.length).toBeGreaterThan(0);
    expect(theirs.series.some((series) => series.deviceId === mine!.device_id)).toBe(false);
    for (const [query, message] of [
      ['', '请指定指标（waterLevel 或 pressure）'],
      ['metric=temperature', '指标不正确（可选：waterLevel、pressure）'],
      ['metric=waterLevel&hours=0', '时长必须是 1 到 720 之间的整数（小时）'],
      ['metric=waterLevel&hours=721', '时长必须是 1 到 720 之间的整数（小时）'],
      ['metric=waterLevel&hours=abc', '时长必须是 1 到 720 之间的整数（小时）'],
      ['metric=waterLevel&deviceIds=a,b', '设备编号必须是逗号分隔的正整数，如 1,2,3'],
      ['metric=waterLevel&deviceIds=1,,2', '设备编号必须是逗号分隔的正整数，如 1,2,3'],
      ['metric=waterLevel&deviceIds=0', '设备编号必须是逗号分隔的正整数，如 1,2,3'],
      [`metric=waterLevel&deviceIds=${Array.from({ length: 51 }, (_, index) => index + 1).join(',')}`, '一次最多查询 50 个设备'],
    ] as const) {
      const reply = await get(query);
      expect(reply.code, query).toBe(400);
      expect(reply.msg, query).toContain(message);
    }
    expect(await stateDigest(server.app.ctx.db)).toBe(before);
  });
});
