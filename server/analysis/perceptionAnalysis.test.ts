import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../../contracts/panels';
import type { RecognitionCamera } from '../../contracts/recognition';
import { drawRecord, localHour, type RecognitionRow } from '../recognition/recognitionModel';
import { RecognitionService } from '../recognition/RecognitionService';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { clearAnalysedRows, countBy, NOW, query, TODAY, WEEK } from './analysisTestRows';

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let carControlOnly: string;
let parkingOnly: string;
/** Each tenant's recognition cameras (as 数据检索 lists them). */
const cameras = new Map<number, RecognitionCamera[]>();

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  carControlOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:carControl']);
  parkingOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:parking']);
  cameras.set(1, await get<RecognitionCamera[]>('/recognition/cameras', admin));
  cameras.set(2, await get<RecognitionCamera[]>('/recognition/cameras', scenicAdmin));
}, 60_000);
afterAll(async () => server.close());
beforeEach(async () => {
  await clearAnalysedRows(db());
  // Records are never deleted but here: their rollups go with them.
  for (const table of ['recognition_records', 'recognition_hourly', 'recognition_camera_daily'] as const)
    await db().deleteFrom(table).execute();
});

const db = () => server.services.ctx.db;

async function get<T>(url: string, token = admin): Promise<T> {
  const { body } = await server.api('GET', url, { token });
  expect(body, url).toMatchObject({ code: 200 });
  return body.data as T;
}

const inWeek = (at: number) => at >= WEEK.beginTime && at <= WEEK.endTime;
const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;
const values = (data: CategoryData) => new Map(data.items.map((entry) => [entry.key ?? entry.name, entry.value]));
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
/** The week's day buckets (Shanghai days, today's included) with the count of `rows` in each. */
const perDay = <T extends { at: number }>(rows: readonly T[], valueOf: (day: T[]) => number = (day) => day.length) =>
  Array.from({ length: 7 }, (_, index) => {
    const start = WEEK.beginTime + index * DAY_MS;
    return [start, valueOf(rows.filter((row) => row.at >= start && row.at < start + DAY_MS))];
  });

/**
 * Records of both tenants over the ten days before now, drawn by the simulator's model, from the first
 * two thirds of each tenant's cameras (the rest stay silent); three plates recur 6, 5 and 4 times.
 */
async function plantRecords(count: number): Promise<RecognitionRow[]> {
  const random = seededRandom(5);
  const sites = new Map<number, { deviceId: number; longitude: number; latitude: number }[]>();
  for (const [tenantId, list] of cameras) {
    const devices = await db()
      .selectFrom('devices')
      .select(['device_id', 'longitude', 'latitude'])
      .where(
        'device_id',
        'in',
        list.map((camera) => camera.deviceId),
      )
      .orderBy('device_id')
      .execute();
    sites.set(
      tenantId,
      devices.slice(0, Math.ceil((devices.length * 2) / 3)).map((device) => ({ ...device, deviceId: device.device_id })),
    );
  }
  const rows: RecognitionRow[] = [];
  for (let index = 0; index < count; index++) {
    const tenantId = random() < 0.7 ? 1 : 2;
    const list = sites.get(tenantId)!;
    const { deviceId, longitude, latitude } = list[Math.floor(random() * list.length)]!;
    rows.push({
      ...drawRecord(tenantId, { deviceId, longitude, latitude }, NOW - Math.floor(random() * 10 * DAY_MS), random),
      origin: 'live',
    });
  }
  const vehicles = rows.filter((row) => row.tenant_id === 1 && row.kind === 'vehicle' && inWeek(row.at));
  ['浙A8RC01', '浙A8RC02', '浙A8RC03'].forEach((plate, rank) => {
    for (const row of vehicles.splice(0, 6 - rank)) row.plate = plate;
  });
  // Through the one writer: the records and their rollups.
  await RecognitionService.insert(db(), rows);
  return rows;
}

const VEHICLE_ALARMS = ['TRAFFIC_VIOLATION', 'RETROGRADE_VEHICLE', 'CAR_DEFENSE'];
const FACE_ALARMS = ['BLACKLIST_FACE', 'ORDINARY_DEFENSE', 'STRANGER_HUMAN'];

/** Alarms of both tenants: vehicle, face and other types (a fire), some at a named camera. */
async function plantAlarms(count: number) {
  const random = seededRandom(9);
  const types = [...VEHICLE_ALARMS, ...FACE_ALARMS, 'FIRE'];
  const alarms = Array.from({ length: count }, () => ({
    tenantId: random() < 0.7 ? 1 : 2,
    type: types[Math.floor(random() * types.length)]!,
    camera: ['', '卡口一号', '卡口二号'][Math.floor(random() * 3)]!,
    at: NOW - Math.floor(random() * 10 * DAY_MS),
  }));
  await db()
    .insertInto('alarms')
    .values(
      alarms.map((alarm) => ({
        alarm_id: undefined,
        tenant_id: alarm.tenantId,
        alarm_type: alarm.type,
        grade: 'ALARM_GRADE_MEDIUM',
        status: 'ALARM_STATUS_UNTREATED',
        device_id: null,
        device_name: alarm.camera,
        longitude: null,
        latitude: null,
        content: '测试告警',
        description: '',
        assignee_id: null,
        created_at: alarm.at,
        updated_at: alarm.at,
      })),
    )
    .execute();
  return alarms;
}

describe('车辆管控, 人脸管控, 目标检测 and 前端感知 (SQL over recognition records)', () => {
  it('车辆管控: flows, types, power types, plates and vehicle alarms equal counts of the planted rows', async () => {
    const records = await plantRecords(1500);
    const alarms = await plantAlarms(150);
    const mine = records.filter((row) => row.tenant_id === 1 && inWeek(row.at));
    const vehicles = mine.filter((row) => row.kind === 'vehicle');
    const nonMotor = mine.filter((row) => row.kind === 'nonMotor');
    const vehicleAlarms = alarms.filter((alarm) => alarm.tenantId === 1 && inWeek(alarm.at) && VEHICLE_ALARMS.includes(alarm.type));

    const summary = await get<StatGroupData>(`/analysis/vehicles/summary${query(WEEK)}`);
    expect(summary.items.map((entry) => entry.name)).toEqual(['过车总数', '车牌数', '新能源车', '非机动车', '车辆告警']);
    expect(item(summary, '过车总数')).toBe(vehicles.length);
    expect(item(summary, '车牌数')).toBe(new Set(vehicles.map((row) => row.plate)).size);
    expect(item(summary, '新能源车')).toBe(vehicles.filter((row) => row.power_type !== 'RYC').length);
    expect(item(summary, '非机动车')).toBe(nonMotor.length);
    expect(item(summary, '车辆告警')).toBe(vehicleAlarms.length);

    const flow = await get<SeriesData>(`/analysis/vehicles/flow${query(WEEK)}`);
    expect(flow.series).toEqual([
      { name: 'vehicle', points: perDay(vehicles) },
      { name: 'nonMotor', points: perDay(nonMotor) },
    ]);
    const byHour = await get<SeriesData>(`/analysis/vehicles/byHour${query(WEEK)}`);
    const hours = countBy(vehicles, (row) => `${localHour(row.at)}时`);
    expect(byHour.series[0]!.points).toEqual(Array.from({ length: 24 }, (_, hour) => [`${hour}时`, hours.get(`${hour}时`) ?? 0]));

    for (const [by, column] of [
      ['powerType', 'power_type'],
      ['vehicleType', 'vehicle_type'],
      ['plateColor', 'plate_color'],
      ['vehicleColor', 'vehicle_color'],
    ] as const) {
      const data = await get<CategoryData>(`/analysis/vehicles/by${query(WEEK, { by })}`);
      expect(values(data), by).toEqual(countBy(vehicles, (row) => String(row[column])));
      expect(data.items.every((entry) => entry.name === entry.key)).toBe(true);
    }
    const plates = await get<CategoryData>(`/analysis/vehicles/plates${query(WEEK)}`);
    expect(plates.items.slice(0, 3).map((entry) => [entry.name, entry.value])).toEqual([
      ['浙A·8RC01', 6],
      ['浙A·8RC02', 5],
      ['浙A·8RC03', 4],
    ]);
    expect(plates.items).toHaveLength(10);

    const byType = await get<CategoryData>(`/analysis/vehicles/alarms${query(WEEK, { by: 'type' })}`);
    expect(values(byType)).toEqual(countBy(vehicleAlarms, (alarm) => alarm.type));
    expect(byType.items.find((entry) => entry.key === 'TRAFFIC_VIOLATION')?.name).toBe('交通违法');
    const byCamera = await get<CategoryData>(`/analysis/vehicles/alarms${query(WEEK, { by: 'camera' })}`);
    expect(new Map(byCamera.items.map((entry) => [entry.name, entry.value]))).toEqual(
      countBy(vehicleAlarms, (alarm) => alarm.camera || '未关联设备'),
    );
  });

  it('人脸管控 and 目标检测: counts, watchlist alarms, demographics, attributes, detections and people counts', async () => {
    const records = await plantRecords(1500);
    const alarms = await plantAlarms(150);
    const mine = records.filter((row) => row.tenant_id === 1 && inWeek(row.at));
    const faces = mine.filter((row) => row.kind === 'face');
    const faceAlarms = alarms.filter((alarm) => alarm.tenantId === 1 && inWeek(alarm.at) && FACE_ALARMS.includes(alarm.type));

    const summary = await get<StatGroupData>(`/analysis/faces/summary${query(WEEK)}`);
    expect(item(summary, '人脸抓拍')).toBe(faces.length);
    expect(item(summary, '抓拍相机')).toBe(new Set(faces.map((row) => row.device_id)).size);
    expect(item(summary, '布防告警')).toBe(faceAlarms.length);
    expect(item(summary, '戴口罩占比')).toBe(percent(faces.filter((row) => row.attributes.includes(',MASK,')).length, faces.length));
    expect((await get<SeriesData>(`/analysis/faces/flow${query(WEEK)}`)).series).toEqual([{ name: 'face', points: perDay(faces) }]);
    const hourly = (rows: RecognitionRow[]) => {
      const hours = countBy(rows, (row) => `${localHour(row.at)}时`);
      return Array.from({ length: 24 }, (_, hour) => [`${hour}时`, hours.get(`${hour}时`) ?? 0]);
    };
    expect((await get<SeriesData>(`/analysis/faces/byHour${query(WEEK)}`)).series[0]!.points).toEqual(hourly(faces));
    const byCamera = await get<CategoryData>(`/analysis/faces/cameras${query(WEEK)}`);
    const perCamera = countBy(faces, (row) => String(row.device_id));
    expect(byCamera.items.length).toBe(Math.min(15, perCamera.size));
    for (const entry of byCamera.items) expect(entry.value).toBe(perCamera.get(entry.key!));
    expect(Math.min(...byCamera.items.map((entry) => entry.value))).toBe(
      [...perCamera.values()].sort((a, b) => b - a)[byCamera.items.length - 1],
    );
    expect(values(await get<CategoryData>(`/analysis/faces/alarms${query(WEEK, { by: 'type' })}`))).toEqual(
      countBy(faceAlarms, (alarm) => alarm.type),
    );
    const demographics = await get<SeriesData>(`/analysis/faces/demographics${query(WEEK)}`);
    for (const series of demographics.series)
      for (const [band, count] of series.points)
        expect(count, `${series.name} ${band}`).toBe(faces.filter((row) => row.gender === series.name && row.age_band === band).length);
    expect(demographics.series.map((series) => series.name)).toEqual(
      ['0', '1', '2'].filter((gender) => faces.some((row) => row.gender === gender)),
    );
    const attributes = await get<CategoryData>(`/analysis/faces/attributes${query(WEEK)}`);
    for (const entry of attributes.items)
      expect(entry.value, entry.key).toBe(faces.filter((row) => row.attributes.includes(`,${entry.key},`)).length);

    const targets = mine.filter((row) => row.kind === 'target');
    const counts = mine.filter((row) => row.kind === 'peopleCount');
    const people = counts.map((row) => row.people_count ?? 0);
    const targetSummary = await get<StatGroupData>(`/analysis/targets/summary${query(WEEK)}`);
    expect(item(targetSummary, '目标检测')).toBe(targets.length);
    expect(item(targetSummary, '检测相机')).toBe(new Set(targets.map((row) => row.device_id)).size);
    expect(item(targetSummary, '人数统计')).toBe(counts.length);
    expect(item(targetSummary, '平均人数')).toBe(Math.round((people.reduce((sum, n) => sum + n, 0) / people.length) * 10) / 10);
    expect(item(targetSummary, '最大人数')).toBe(Math.max(...people));
    expect(values(await get<CategoryData>(`/analysis/targets/by${query(WEEK, { by: 'type' })}`))).toEqual(
      countBy(targets, (row) => String(row.target_type)),
    );
    expect((await get<SeriesData>(`/analysis/targets/byHour${query(WEEK)}`)).series[0]!.points).toEqual(hourly(targets));
    const targetFlow = await get<SeriesData>(`/analysis/targets/flow${query(WEEK)}`);
    for (const series of targetFlow.series)
      expect(series.points, series.name).toEqual(perDay(targets.filter((row) => row.target_type === series.name)));
    const peopleFlow = await get<SeriesData>(`/analysis/targets/people${query(WEEK)}`);
    expect(peopleFlow.series[1]).toEqual({
      name: '最大人数',
      points: perDay(counts, (day) => (day.length ? Math.max(...day.map((row) => row.people_count ?? 0)) : 0)),
    });
  });

  it('前端感知: cameras online, uptime from status changes, records per kind and camera, silent cameras', async () => {
    const records = await plantRecords(900);
    const mine = records.filter((row) => row.tenant_id === 1 && inWeek(row.at));
    const list = cameras.get(1)!;
    const devices = await db()
      .selectFrom('devices')
      .select(['device_id', 'kind', 'online'])
      .where(
        'device_id',
        'in',
        list.map((camera) => camera.deviceId),
      )
      .orderBy('device_id')
      .execute();
    // Every camera online since before the week; the first goes offline halfway between the week's start and now.
    await db().deleteFrom('device_status_changes').where('tenant_id', '=', 1).execute();
    const halfway = WEEK.beginTime + Math.floor((NOW + 1 - WEEK.beginTime) / 2);
    await db()
      .insertInto('device_status_changes')
      .values([
        ...devices.map((device) => ({
          tenant_id: 1,
          device_id: device.device_id,
          kind: device.kind,
          online: 1,
          at: WEEK.beginTime - DAY_MS,
          source: 'test',
        })),
        { tenant_id: 1, device_id: devices[0]!.device_id, kind: devices[0]!.kind, online: 0, at: halfway, source: 'test' },
      ])
      .execute();
    const firstUp = (halfway - WEEK.beginTime) / (NOW + 1 - WEEK.beginTime);

    const summary = await get<StatGroupData>(`/analysis/frontView/summary${query(WEEK)}`);
    const producing = new Set(mine.map((row) => row.device_id));
    const online = devices.filter((device) => device.online).length;
    expect(item(summary, '识别相机')).toBe(list.length);
    expect(item(summary, '当前在线')).toBe(online);
    expect(item(summary, '当前在线率')).toBe(percent(online, list.length));
    expect(item(summary, '时段在线率')).toBe(Math.round(((devices.length - 1 + firstUp) / devices.length) * 1000) / 10);
    expect(item(summary, '识别记录')).toBe(mine.length);
    expect(item(summary, '无记录相机')).toBe(list.filter((camera) => !producing.has(camera.deviceId)).length);

    const uptime = await get<SeriesData>(`/analysis/frontView/uptime${query(WEEK)}`);
    expect(uptime.series[0]!.points).toHaveLength(7);
    expect(uptime.series[0]!.points[0]).toEqual([WEEK.beginTime, 100]);
    expect(uptime.series[0]!.points[6]).toEqual([TODAY, Math.round(((devices.length - 1) / devices.length) * 1000) / 10]);

    expect(values(await get<CategoryData>(`/analysis/frontView/kinds${query(WEEK)}`))).toEqual(
      new Map(
        ['face', 'vehicle', 'nonMotor', 'peopleCount', 'target'].map((kind) => [kind, mine.filter((row) => row.kind === kind).length]),
      ),
    );
    const table = await get<TableData>(`/analysis/frontView/cameras${query(WEEK)}`);
    const perCamera = countBy(mine, (row) => String(row.device_id));
    expect(table.total).toBe(list.length);
    expect(new Map(table.rows.map((row) => [row.key, row.records]))).toEqual(
      new Map(list.map((camera) => [String(camera.deviceId), perCamera.get(String(camera.deviceId)) ?? 0])),
    );
    expect(table.rows[0]).toMatchObject({ records: 0, lastAt: null });
  });

  it('never counts another tenant’s rows, refuses bad ranges in Chinese, and belongs to each page’s menu', async () => {
    const records = await plantRecords(600);
    const theirs = records.filter((row) => row.tenant_id === 2 && inWeek(row.at));
    const summary = await get<StatGroupData>(`/analysis/frontView/summary${query(WEEK)}`, scenicAdmin);
    expect(item(summary, '识别记录')).toBe(theirs.length);
    expect(item(summary, '识别相机')).toBe(cameras.get(2)!.length);
    const vehicles = await get<StatGroupData>(`/analysis/vehicles/summary${query(WEEK)}`, scenicAdmin);
    expect(item(vehicles, '过车总数')).toBe(theirs.filter((row) => row.kind === 'vehicle').length);
    const theirCameras = new Set(cameras.get(2)!.map((camera) => String(camera.deviceId)));
    const byCamera = await get<CategoryData>(`/analysis/targets/by${query(WEEK, { by: 'camera' })}`, scenicAdmin);
    expect(byCamera.items.every((entry) => theirCameras.has(entry.key!))).toBe(true);

    const refused = async (url: string, token = admin) => (await server.api('GET', url, { token })).body;
    expect(await refused(`/analysis/faces/summary${query({ beginTime: NOW, endTime: NOW - 1 })}`)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('endTime'),
    });
    expect(await refused(`/analysis/targets/flow${query({ beginTime: NOW - 31 * DAY_MS, endTime: NOW })}`)).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/不能超过 31 天/),
    });
    expect((await refused(`/analysis/targets/flow${query({ beginTime: NOW - 31 * DAY_MS + 1, endTime: NOW })}`)).code).toBe(200);
    expect(await refused(`/analysis/vehicles/by${query(WEEK, { by: 'colour' })}`)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('统计维度'),
    });
    expect(await refused(`/analysis/vehicles/by${query(WEEK)}`)).toMatchObject({ code: 400, msg: expect.stringContaining('by') });
    expect(await refused(`/analysis/frontView/kinds?beginTime=abc&endTime=${NOW}`)).toMatchObject({
      code: 400,
      msg: expect.stringContaining('beginTime'),
    });
    expect((await server.api('GET', `/analysis/vehicles/summary${query(WEEK)}`, { token: carControlOnly })).body.code).toBe(200);
    expect((await server.api('GET', `/analysis/faces/summary${query(WEEK)}`, { token: carControlOnly })).body.code).toBe(403);
    expect((await server.api('GET', `/analysis/vehicles/summary${query(WEEK)}`, { token: parkingOnly })).body.code).toBe(403);
  });
});
