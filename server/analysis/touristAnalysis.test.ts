import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VisitorHeatData } from '../../contracts/api/touristRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { RecognitionService } from '../recognition/RecognitionService';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { clearAnalysedRows, MINUTE, NOW, query, TODAY, WEEK } from './analysisTestRows';

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let ordersOnly: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  ordersOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:orderAnalysis']);
}, 60_000);
afterAll(async () => server.close());
beforeEach(async () => {
  await clearAnalysedRows(db());
  await db().deleteFrom('gate_traffic').execute();
  await db().deleteFrom('recognition_records').execute();
});

const db = () => server.services.ctx.db;

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

interface GateHour {
  tenantId: number;
  gateId: number;
  hourAt: number;
  in: number;
  out: number;
}
interface Stay {
  tenantId: number;
  plate: string;
  inAt: number;
  outAt: number | null;
}
interface Count {
  tenantId: number;
  deviceId: number;
  at: number;
  longitude: number;
  latitude: number;
  people: number;
}

const PLATES = { 浙: '浙江', 沪: '上海', 苏: '江苏', 川: '四川' } as const;
const random = seededRandom(22);

/** Every gate of both tenants, every hour of the nine days before now: busy by day, some hours with more out than in. */
async function plantGates(): Promise<GateHour[]> {
  const gates = await db().selectFrom('business_gates').select(['gate_id', 'tenant_id']).orderBy('gate_id').execute();
  expect(gates.filter((gate) => gate.tenant_id === 1).length).toBeGreaterThan(1);
  const hours: GateHour[] = [];
  for (let hourAt = TODAY - 8 * DAY_MS; hourAt <= NOW; hourAt += HOUR_MS) {
    const local = Math.floor((hourAt + SHANGHAI_OFFSET_MS) / HOUR_MS) % 24;
    for (const gate of gates) {
      const day = local >= 8 && local < 18;
      hours.push({
        tenantId: gate.tenant_id,
        gateId: gate.gate_id!,
        hourAt,
        in: Math.floor(random() * (local < 14 && day ? 120 : 20)),
        out: Math.floor(random() * (local >= 12 ? 110 : 15)),
      });
    }
  }
  await db()
    .insertInto('gate_traffic')
    .values(
      hours.map((hour) => ({
        gate_id: hour.gateId,
        tenant_id: hour.tenantId,
        hour_at: hour.hourAt,
        in_count: hour.in,
        out_count: hour.out,
      })),
    )
    .execute();
  return hours;
}

async function plantStays(count: number): Promise<Stay[]> {
  const lots = await db().selectFrom('parking_lots').select(['lot_id', 'tenant_id']).execute();
  const provinces = Object.keys(PLATES);
  const stays: (Stay & { lotId: number })[] = [];
  for (let index = 0; index < count; index++) {
    const lot = lots[Math.floor(random() * lots.length)]!;
    const inAt = NOW - Math.floor(random() * 10 * DAY_MS);
    const outAt = random() < 0.9 ? Math.min(NOW, inAt + Math.floor(random() * 12 * 60) * MINUTE) : null;
    const province = provinces[Math.floor(random() * random() * provinces.length)]!;
    stays.push({ tenantId: lot.tenant_id, lotId: lot.lot_id!, plate: `${province}A${String(index).padStart(5, '0')}`, inAt, outAt });
  }
  await db()
    .insertInto('parking_sessions')
    .values(
      stays.map((stay) => ({
        session_id: undefined,
        tenant_id: stay.tenantId,
        lot_id: stay.lotId,
        plate: stay.plate,
        in_at: stay.inAt,
        out_at: stay.outAt,
        fee: null,
      })),
    )
    .execute();
  return stays;
}

/** People counts of three cameras per tenant over ten days, and other kinds of record that must not count. */
async function plantCounts(): Promise<Count[]> {
  const cameras = await db()
    .selectFrom('devices')
    .select(['device_id', 'tenant_id', 'longitude', 'latitude'])
    .where('kind', '=', 'camera')
    .orderBy('device_id')
    .execute();
  const chosen = [1, 2].flatMap((tenantId) => cameras.filter((camera) => camera.tenant_id === tenantId).slice(0, 3));
  expect(chosen).toHaveLength(6);
  const counts: Count[] = [];
  for (let index = 0; index < 300; index++) {
    const camera = chosen[index % chosen.length]!;
    counts.push({
      tenantId: camera.tenant_id,
      deviceId: camera.device_id,
      at: NOW - Math.floor(random() * 10 * DAY_MS),
      longitude: camera.longitude,
      latitude: camera.latitude,
      people: 1 + Math.floor(random() * 40 * ((index % 3) + 1)),
    });
  }
  const row = (count: Count, kind: 'peopleCount' | 'vehicle') => ({
    tenant_id: count.tenantId,
    device_id: count.deviceId,
    at: count.at,
    longitude: count.longitude,
    latitude: count.latitude,
    kind,
    age_band: null,
    gender: null,
    attributes: '',
    plate: kind === 'vehicle' ? '浙A12345' : null,
    plate_color: null,
    vehicle_type: null,
    vehicle_color: null,
    power_type: null,
    non_motor_type: null,
    people_count: kind === 'peopleCount' ? count.people : null,
    target_type: null,
    snapshot: null,
  });
  await RecognitionService.insert(db(), [...counts.map((count) => row(count, 'peopleCount')), row(counts[0]!, 'vehicle')]);
  return counts;
}

const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;
const inRange = (at: number, range = WEEK) => at >= range.beginTime && at <= range.endTime;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const dayOf = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS);

/** The gates' hours of a tenant within a range, summed over its gates, oldest first. */
function hourTotals(hours: readonly GateHour[], tenantId: number, range = WEEK): { hourAt: number; in: number; out: number }[] {
  const totals = new Map<number, { hourAt: number; in: number; out: number }>();
  for (const hour of hours.filter((entry) => entry.tenantId === tenantId && inRange(entry.hourAt, range))) {
    const total = totals.get(hour.hourAt) ?? { hourAt: hour.hourAt, in: 0, out: 0 };
    total.in += hour.in;
    total.out += hour.out;
    totals.set(hour.hourAt, total);
  }
  return [...totals.values()].sort((a, b) => a.hourAt - b.hourAt);
}

/** Minutes per entry of the visitor-hours inside (each day from empty, an hour holding its start plus half its net). */
function estimatedStay(totals: readonly { hourAt: number; in: number; out: number }[]): number {
  let [day, inside, visitorHours] = [Number.NaN, 0, 0];
  for (const hour of totals) {
    if (dayOf(hour.hourAt) !== day) [day, inside] = [dayOf(hour.hourAt), 0];
    visitorHours += Math.max(0, inside + (hour.in - hour.out) / 2);
    inside += hour.in - hour.out;
  }
  return Math.round((visitorHours * 600) / sum(totals.map((hour) => hour.in))) / 10;
}

describe('游客分析', () => {
  it('counts visitors now, entries and exits, the estimated and the driven stay, and origins from the planted rows', async () => {
    const hours = await plantGates();
    const stays = (await plantStays(500)).filter((stay) => stay.tenantId === 1);
    const week = hourTotals(hours, 1);
    const today = hourTotals(hours, 1, { beginTime: TODAY, endTime: NOW });
    const left = stays.filter((stay) => stay.outAt !== null && inRange(stay.outAt));
    const arrived = stays.filter((stay) => inRange(stay.inAt));

    const summary = await get<StatGroupData>(`/analysis/tourists/summary${query(WEEK)}`);
    expect(item(summary, '当前在园')).toBe(Math.max(0, sum(today.map((hour) => hour.in - hour.out))));
    expect(item(summary, '当前在园')).toBeGreaterThan(0);
    expect(item(summary, '入园人次')).toBe(sum(week.map((hour) => hour.in)));
    expect(item(summary, '出园人次')).toBe(sum(week.map((hour) => hour.out)));
    expect(item(summary, '估算人均停留')).toBe(estimatedStay(week));
    expect(item(summary, '自驾平均停留')).toBe(Math.round(sum(left.map((stay) => stay.outAt! - stay.inAt)) / left.length / 6_000) / 10);

    const origins = await get<CategoryData>(`/analysis/tourists/origins${query(WEEK)}`);
    const byProvince = new Map<string, number>();
    for (const stay of arrived) {
      const name = PLATES[stay.plate[0] as keyof typeof PLATES];
      byProvince.set(name, (byProvince.get(name) ?? 0) + 1);
    }
    expect(new Map(origins.items.map((entry) => [entry.name, entry.value]))).toEqual(byProvince);
    expect(origins.items.map((entry) => entry.value)).toEqual([...byProvince.values()].sort((a, b) => b - a));
    expect(item(summary, '客源省份')).toBe(byProvince.size);

    const dwell = await get<CategoryData>(`/analysis/tourists/dwell${query(WEEK)}`);
    const bands = [1, 2, 4, 8, Infinity].map((hoursUpTo, index, all) =>
      left.filter((stay) => {
        const stayed = stay.outAt! - stay.inAt;
        return stayed >= (all[index - 1] ?? 0) * HOUR_MS && stayed < hoursUpTo * HOUR_MS;
      }),
    );
    expect(dwell.items.map((entry) => entry.value)).toEqual(bands.map((band) => band.length));
    expect(dwell.items[0]!.name).toBe('1 小时以内');
  });

  it('gives entries, exits and people inside per hour today and per day over the week', async () => {
    const hours = await plantGates();
    const todayRange = { beginTime: TODAY, endTime: TODAY + DAY_MS - 1 };
    const hourly = await get<SeriesData>(`/analysis/tourists/flow${query(todayRange)}`);
    const today = hourTotals(hours, 1, todayRange);
    expect(hourly.series.map((series) => series.name)).toEqual(['入园', '出园', '在园']);
    expect(hourly.series[0]!.points).toEqual(today.map((hour) => [hour.hourAt, hour.in]));
    expect(hourly.series[1]!.points).toEqual(today.map((hour) => [hour.hourAt, hour.out]));
    let inside = 0;
    expect(hourly.series[2]!.points).toEqual(today.map((hour) => [hour.hourAt, (inside = Math.max(0, inside + hour.in - hour.out))]));
    expect(hourly.series[0]!.points).toHaveLength(17);

    const daily = await get<SeriesData>(`/analysis/tourists/flow${query(WEEK)}`);
    expect(daily.series.map((series) => series.name)).toEqual(['入园', '出园']);
    const week = hourTotals(hours, 1);
    expect(daily.series[0]!.points).toEqual(
      Array.from({ length: 7 }, (_, index) => {
        const from = WEEK.beginTime + index * DAY_MS;
        return [from, sum(week.filter((hour) => hour.hourAt >= from && hour.hourAt < from + DAY_MS).map((hour) => hour.in))];
      }),
    );
  });

  it('puts each camera’s mean people count at its position, the most crowded first, counting only people counts in the range', async () => {
    const counts = (await plantCounts()).filter((count) => count.tenantId === 1 && inRange(count.at));
    const heat = await get<VisitorHeatData>(`/analysis/tourists/heat${query(WEEK)}`);
    const cameras = [...new Set(counts.map((count) => count.deviceId))];
    const expected = cameras
      .map((deviceId) => {
        const mine = counts.filter((count) => count.deviceId === deviceId);
        return {
          key: String(deviceId),
          longitude: mine[0]!.longitude,
          latitude: mine[0]!.latitude,
          value: Math.round((sum(mine.map((count) => count.people)) / mine.length) * 10) / 10,
          samples: mine.length,
        };
      })
      .sort((a, b) => b.value - a.value);
    expect(heat.rows.map(({ key, value, samples }) => ({ key, value, samples }))).toEqual(
      expected.map(({ key, value, samples }) => ({ key, value, samples })),
    );
    for (const point of heat.rows) {
      const camera = expected.find((entry) => entry.key === point.key)!;
      expect(point.longitude).toBeCloseTo(camera.longitude, 9);
      expect(point.latitude).toBeCloseTo(camera.latitude, 9);
      expect(point.name).not.toBe('');
    }
    expect(heat.unit).toBe('人');
    // A table too, so the page's 导出 CSV writes it.
    expect(heat.columns.map((column) => column.key)).toEqual(['name', 'value', 'samples', 'longitude', 'latitude']);
    expect(heat.total).toBe(cameras.length);
  });

  it('never counts another tenant’s rows, belongs to 游客分析, and refuses bad ranges', async () => {
    const hours = await plantGates();
    const stays = await plantStays(300);
    const counts = await plantCounts();
    const summary = await get<StatGroupData>(`/analysis/tourists/summary${query(WEEK)}`, scenicAdmin);
    expect(item(summary, '入园人次')).toBe(sum(hourTotals(hours, 2).map((hour) => hour.in)));
    const origins = await get<CategoryData>(`/analysis/tourists/origins${query(WEEK)}`, scenicAdmin);
    expect(sum(origins.items.map((entry) => entry.value))).toBe(stays.filter((stay) => stay.tenantId === 2 && inRange(stay.inAt)).length);
    const heat = await get<VisitorHeatData>(`/analysis/tourists/heat${query(WEEK)}`, scenicAdmin);
    expect(new Set(heat.rows.map((point) => point.key))).toEqual(
      new Set(counts.filter((count) => count.tenantId === 2).map((count) => String(count.deviceId))),
    );

    expect((await server.api('GET', `/analysis/tourists/summary${query(WEEK)}`, { token: ordersOnly })).body.code).toBe(403);
    const refused = async (url: string, message: string) => {
      const { body } = await server.api('GET', url, { token: admin });
      expect(body, url).toMatchObject({ code: 400, msg: expect.stringContaining(message) });
    };
    await refused(`/analysis/tourists/flow${query({ beginTime: NOW, endTime: NOW - 1 })}`, '结束时间（endTime）不能早于开始时间');
    await refused(`/analysis/tourists/heat${query({ beginTime: NOW - 400 * DAY_MS, endTime: NOW })}`, '不能超过 366 天');
    await refused(`/analysis/tourists/origins?endTime=${NOW}`, '开始时间（beginTime）');
    await refused(`/analysis/tourists/dwell${query(WEEK).replace(/beginTime=\d+/, 'beginTime=yesterday')}`, '开始时间');
  });
});
