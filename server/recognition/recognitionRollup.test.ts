import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../../contracts/panels';
import { AGE_BANDS, FACE_ATTRIBUTES, GENDERS, RECOGNITION_API, RECOGNITION_KINDS } from '../../contracts/recognition';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { fillRecognitionRollups } from '../db/migrations/021_recognition_rollup';
import { loadPlugins } from '../pluginManifests';
import { seedBulkRecognition } from '../seed/bulkRecognition';
import { seedRecognitionHistory } from '../seed/history/recognitionHistory';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { testServer, type TestServer } from '../testing/testServer';
import { drawRecord, type RecognitionRow } from './recognitionModel';
import { RecognitionService } from './RecognitionService';
import { splitRange } from './RecognitionRollup';

const cameraKinds = loadDeviceCatalog(loadPlugins('plugins', { disabledPlugins: [] }).plugins)
  .kinds.filter((kind) => kind.liveVideo)
  .map((kind) => kind.page);

let server: TestServer;
let admin: string;
let scenicAdmin: string;
const db = () => server.services.ctx.db;
beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
}, 60_000);
afterAll(async () => server.close());

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

/** Both rollups, every tenant, in key order, as plain numbers. */
async function rollups() {
  const hourly = await db()
    .selectFrom('recognition_hourly')
    .selectAll()
    .orderBy('tenant_id')
    .orderBy('hour_at')
    .orderBy('kind')
    .orderBy('dimension')
    .orderBy('value')
    .execute();
  const cameras = await db()
    .selectFrom('recognition_camera_daily')
    .selectAll()
    .orderBy('tenant_id')
    .orderBy('day_at')
    .orderBy('device_id')
    .orderBy('kind')
    .execute();
  const number = (value: unknown) => (value === null ? null : Number(value));
  return {
    hourly: hourly.map((row) => ({
      ...row,
      hour_at: Number(row.hour_at),
      n: Number(row.n),
      people_sum: number(row.people_sum),
      people_max: number(row.people_max),
    })),
    cameras: cameras.map((row) => ({ ...row, day_at: Number(row.day_at), n: Number(row.n), last_at: Number(row.last_at) })),
  };
}

/** The rollups as the writers left them equal the records' own `insert … select … group by` (the migration's fill). */
async function expectRollupsOfRecords() {
  const kept = await rollups();
  await db().deleteFrom('recognition_hourly').execute();
  await db().deleteFrom('recognition_camera_daily').execute();
  await fillRecognitionRollups(db());
  const counted = await rollups();
  expect(kept.hourly.length).toBeGreaterThan(0);
  expect(kept).toEqual(counted);
  // And the totals are the records', tenant by tenant.
  const records = await db()
    .selectFrom('recognition_records')
    .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('tenant_id')
    .execute();
  for (const { tenant_id, n } of records) {
    const total = kept.hourly.filter((row) => row.tenant_id === tenant_id && row.dimension === '').reduce((sum, row) => sum + row.n, 0);
    expect(total, `租户 ${tenant_id}`).toBe(Number(n));
  }
}

/** Records of a tenant at random times of [from, to), drawn by the model on its cameras. */
async function drawRows(tenantId: number, count: number, from: number, to: number, seed: number): Promise<RecognitionRow[]> {
  const cameras = (await server.services.recognition.onlineCameras()).get(tenantId)!;
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    drawRecord(tenantId, cameras[Math.floor(random() * cameras.length)]!, from + Math.floor(random() * (to - from)), random),
  );
}

const query = (beginTime: number, endTime: number, extra = '') => `?beginTime=${beginTime}&endTime=${endTime}${extra}`;
const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;
const tally = <T>(rows: readonly T[], keyOf: (row: T) => string | null) => {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};

describe('the recognition rollups', () => {
  it('cut a window into whole hours (days) and the edges the records give', () => {
    const hour = Date.UTC(2026, 10, 20, 3);
    expect(splitRange({ start: hour + 5, end: hour + 3 * HOUR_MS + 7 }, 'hour')).toEqual({
      whole: { start: hour + HOUR_MS, end: hour + 3 * HOUR_MS },
      edges: [
        { start: hour + 5, end: hour + HOUR_MS },
        { start: hour + 3 * HOUR_MS, end: hour + 3 * HOUR_MS + 7 },
      ],
    });
    expect(splitRange({ start: hour, end: hour + HOUR_MS }, 'hour')).toEqual({ whole: { start: hour, end: hour + HOUR_MS }, edges: [] });
    expect(splitRange({ start: hour + 1, end: hour + HOUR_MS + 1 }, 'hour')).toEqual({
      whole: null,
      edges: [{ start: hour + 1, end: hour + HOUR_MS + 1 }],
    });
    // Shanghai days start at 16:00 UTC.
    const day = Date.UTC(2026, 10, 19, 16);
    expect(splitRange({ start: day - 1, end: day + DAY_MS + 1 }, 'day')).toEqual({
      whole: { start: day, end: day + DAY_MS },
      edges: [
        { start: day - 1, end: day },
        { start: day + DAY_MS, end: day + DAY_MS + 1 },
      ],
    });
  });

  it('equal the records’ own group-by after the history, the simulator, the bulk seed and more records', async () => {
    const now = TEST_CLOCK_START;
    expect(await seedRecognitionHistory(db(), cameraKinds, now, 3)).toBeGreaterThan(0);
    await expectRollupsOfRecords();

    const simulator = server.services.recognitionSimulator;
    await simulator.tick();
    for (let step = 0; step < 20; step++) {
      server.advance(60_000);
      await simulator.tick();
    }
    await expectRollupsOfRecords();

    // The bulk path: tenant 1 topped up over five days (on SQLite with its indexes dropped and built again).
    const [bulk] = await seedBulkRecognition(db(), cameraKinds, { records: 8000, now, days: 5, tenantIds: [1], reindexFrom: 1000 });
    expect(bulk?.written).toBeGreaterThan(0);
    await expectRollupsOfRecords();

    // More records in hours the rollups hold already, for both tenants: the upserts add to them.
    for (const tenantId of [1, 2]) await RecognitionService.insert(db(), await drawRows(tenantId, 1500, now - 2 * DAY_MS, now, tenantId));
    await expectRollupsOfRecords();
  });

  it('give a window with partial first and last hours and days exactly the records’ counts', async () => {
    // Tenant 1's records cover the last five days (the test above); a window cut mid-hour and mid-day at both ends.
    const beginTime = TEST_CLOCK_START - 2 * DAY_MS + 37 * 60_000 + 13_000;
    const endTime = TEST_CLOCK_START - 3 * HOUR_MS - 11 * 60_000 + 7;
    const rows = (
      await db()
        .selectFrom('recognition_records')
        .selectAll()
        .where('tenant_id', '=', 1)
        .where('at', '>=', beginTime)
        .where('at', '<=', endTime)
        .execute()
    ).map((row) => ({ ...row, at: Number(row.at) }));
    expect(rows.length).toBeGreaterThan(1000);
    const of = (kind: string) => rows.filter((row) => row.kind === kind);
    const range = query(beginTime, endTime);

    const kinds = await get<CategoryData>(`/analysis/frontView/kinds${range}`);
    const byKind = tally(rows, (row) => row.kind);
    expect(kinds.items.map((entry) => [entry.key, entry.value])).toEqual(RECOGNITION_KINDS.map((kind) => [kind, byKind.get(kind) ?? 0]));

    const vehicles = await get<StatGroupData>(`/analysis/vehicles/summary${range}`);
    expect(item(vehicles, '过车总数')).toBe(of('vehicle').length);
    expect(item(vehicles, '新能源车')).toBe(of('vehicle').filter((row) => row.power_type !== null && row.power_type !== 'RYC').length);
    expect(item(vehicles, '非机动车')).toBe(of('nonMotor').length);
    const types = await get<CategoryData>(`/analysis/vehicles/by${query(beginTime, endTime, '&by=vehicleType')}`);
    expect(new Map(types.items.map((entry) => [entry.key, entry.value]))).toEqual(tally(of('vehicle'), (row) => row.vehicle_type));
    expect(types.items.map((entry) => entry.value)).toEqual([...types.items.map((entry) => entry.value)].sort((a, b) => b - a));

    // Hourly buckets (the window is under two days): each bucket's count, the partial first and last included.
    const flow = await get<SeriesData>(`/analysis/vehicles/flow${range}`);
    const firstHour = Math.floor(beginTime / HOUR_MS) * HOUR_MS;
    const perHour = tally(of('vehicle'), (row) => String(Math.floor((row.at - firstHour) / HOUR_MS)));
    expect(flow.series[0]!.points.map(([, n]) => n)).toEqual(flow.series[0]!.points.map((_, index) => perHour.get(String(index)) ?? 0));
    const byHour = await get<SeriesData>(`/analysis/faces/byHour${range}`);
    const faceHours = tally(of('face'), (row) => String(Math.floor((row.at + SHANGHAI_OFFSET_MS) / HOUR_MS) % 24));
    expect(byHour.series[0]!.points.map(([, n]) => n)).toEqual(Array.from({ length: 24 }, (_, hour) => faceHours.get(String(hour)) ?? 0));

    const faces = await get<StatGroupData>(`/analysis/faces/summary${range}`);
    expect(item(faces, '人脸抓拍')).toBe(of('face').length);
    expect(item(faces, '抓拍相机')).toBe(new Set(of('face').map((row) => row.device_id)).size);
    const attributes = await get<CategoryData>(`/analysis/faces/attributes${range}`);
    expect(attributes.items.map((entry) => entry.value)).toEqual(
      FACE_ATTRIBUTES.map((attribute) => of('face').filter((row) => row.attributes.includes(`,${attribute},`)).length),
    );
    const demographics = await get<SeriesData>(`/analysis/faces/demographics${range}`);
    for (const series of demographics.series) {
      expect(GENDERS).toContain(series.name);
      expect(series.points).toEqual(
        AGE_BANDS.map((band) => [band, of('face').filter((row) => row.age_band === band && row.gender === series.name).length]),
      );
    }
    const byCamera = await get<CategoryData>(`/analysis/faces/cameras${range}`);
    const faceCameras = tally(of('face'), (row) => String(row.device_id));
    const top = [...faceCameras.entries()].sort(([a, m], [b, n]) => n - m || Number(a) - Number(b)).slice(0, 15);
    expect(byCamera.items.map((entry) => [entry.key, entry.value])).toEqual(top);

    const people = of('peopleCount').map((row) => row.people_count!);
    const targets = await get<StatGroupData>(`/analysis/targets/summary${range}`);
    expect(item(targets, '目标检测')).toBe(of('target').length);
    expect(item(targets, '人数统计')).toBe(people.length);
    expect(item(targets, '最大人数')).toBe(Math.max(...people));
    expect(item(targets, '平均人数')).toBe(Math.round((people.reduce((sum, n) => sum + n, 0) / people.length) * 10) / 10);
    const targetTypes = await get<CategoryData>(`/analysis/targets/by${query(beginTime, endTime, '&by=type')}`);
    expect(new Map(targetTypes.items.map((entry) => [entry.key, entry.value]))).toEqual(tally(of('target'), (row) => row.target_type));

    const cameras = await get<TableData>(`/analysis/frontView/cameras${range}`);
    for (const camera of cameras.rows) {
      const mine = rows.filter((row) => row.device_id === Number(camera.key));
      expect(camera.records, String(camera.key)).toBe(mine.length);
      expect(camera.lastAt).toBe(mine.length ? Math.max(...mine.map((row) => row.at)) : null);
    }
    const front = await get<StatGroupData>(`/analysis/frontView/summary${range}`);
    expect(item(front, '识别记录')).toBe(rows.length);

    // 数据检索's total without filters (or of a kind) reads the rollup too.
    const total = async (extra = '') => {
      const { body } = await server.api('GET', `${RECOGNITION_API.list}${query(beginTime, endTime, `&pageNum=1&pageSize=10${extra}`)}`, {
        token: admin,
      });
      return body.total;
    };
    expect(await total()).toBe(rows.length);
    expect(await total('&kind=face')).toBe(of('face').length);
    expect(await total('&kind=vehicle&vehicleType=SUV')).toBe(of('vehicle').filter((row) => row.vehicle_type === 'SUV').length);
  });

  it('keep tenants apart: another tenant’s records in the same hours change none of this tenant’s figures', async () => {
    const [beginTime, endTime] = [TEST_CLOCK_START - DAY_MS - 17 * 60_000, TEST_CLOCK_START - 5 * 60_000];
    const range = query(beginTime, endTime);
    const figures = async (token: string) => ({
      kinds: await get<CategoryData>(`/analysis/frontView/kinds${range}`, token),
      cameras: await get<TableData>(`/analysis/frontView/cameras${range}`, token),
      faces: await get<StatGroupData>(`/analysis/faces/summary${range}`, token),
    });
    const [mine, theirs] = [await figures(admin), await figures(scenicAdmin)];
    const added = await drawRows(2, 700, beginTime, endTime, 77);
    await RecognitionService.insert(db(), added);
    expect(await figures(admin)).toEqual(mine);
    const total = (data: CategoryData) => data.items.reduce((sum, entry) => sum + entry.value, 0);
    expect(total((await figures(scenicAdmin)).kinds)).toBe(total(theirs.kinds) + added.length);
    // Every rollup row names its tenant, and tenant 2's cameras are its own.
    const tenant2Devices = new Set(
      (await db().selectFrom('devices').select('device_id').where('tenant_id', '=', 2).execute()).map((row) => row.device_id),
    );
    const cameraRows = await db().selectFrom('recognition_camera_daily').select('device_id').where('tenant_id', '=', 2).execute();
    expect(cameraRows.every((row) => tenant2Devices.has(row.device_id))).toBe(true);
  });
});
