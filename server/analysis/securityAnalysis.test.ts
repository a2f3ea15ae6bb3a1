import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import { TENANT_AREAS } from '../seed/seedData';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS } from '../stats/periods';
import { testServer, type TestServer } from '../testing/testServer';
import { sessionWithMenus } from '../testing/testUsers';
import { clearAnalysedRows, countBy, MINUTE, minutes, nearestPlace, nearestRank, NOW, query, WEEK } from './analysisTestRows';

let server: TestServer;
let admin: string;
let scenicAdmin: string;
let securityOnly: string;
let parkingOnly: string;

beforeAll(async () => {
  server = await testServer();
  admin = await server.services.ctx.sessions.create(1, 1);
  scenicAdmin = await server.services.ctx.sessions.create(1, 2);
  securityOnly = await sessionWithMenus(server, 1, ['platform:dataAnalysis:security']);
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

interface PlantedAlarm {
  tenantId: number;
  type: string;
  grade: string;
  createdAt: number;
  position: { longitude: number; latitude: number } | null;
  takenUpAt: number | null;
  handledAt: number | null;
}
interface PlantedEvent {
  tenantId: number;
  kind: string;
  level: string;
  createdAt: number;
  longitude: number;
  latitude: number;
}

/** Alarms (with their handling steps) and emergency events of both tenants over the ten days before now. */
async function plant(count: number): Promise<{ alarms: PlantedAlarm[]; events: PlantedEvent[] }> {
  const random = seededRandom(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const near = (tenantId: number) => {
    const place = pick(TENANT_AREAS[tenantId]!);
    return { longitude: place.longitude + (random() - 0.5) * place.spread, latitude: place.latitude + (random() - 0.5) * place.spread };
  };
  const alarms: PlantedAlarm[] = [];
  const events: PlantedEvent[] = [];
  for (let index = 0; index < count; index++) {
    const tenantId = random() < 0.7 ? 1 : 2;
    const createdAt = NOW - Math.floor(random() * 10 * DAY_MS);
    const takenUpAt = random() < 0.8 ? Math.min(NOW, createdAt + Math.floor(random() * 90) * MINUTE) : null;
    const handledAt = takenUpAt !== null && random() < 0.7 ? Math.min(NOW, takenUpAt + Math.floor(random() * 300) * MINUTE) : null;
    const alarm: PlantedAlarm = {
      tenantId,
      type: pick(['FIRE', 'SMOKE', 'CROWD_FLOW', 'ONE_KEY_ALARM']),
      grade: pick(['ALARM_GRADE_HIGH', 'ALARM_GRADE_MEDIUM', 'ALARM_GRADE_LOW']),
      createdAt,
      position: random() < 0.85 ? near(tenantId) : null,
      takenUpAt,
      handledAt,
    };
    const row = await db()
      .insertInto('alarms')
      .values({
        alarm_id: undefined,
        tenant_id: tenantId,
        alarm_type: alarm.type,
        grade: alarm.grade,
        status: handledAt !== null ? 'ALARM_STATUS_CONFIRMED' : takenUpAt !== null ? 'ALARM_STATUS_PROCESSING' : 'ALARM_STATUS_UNTREATED',
        device_id: null,
        device_name: '',
        longitude: alarm.position?.longitude ?? null,
        latitude: alarm.position?.latitude ?? null,
        content: '测试告警',
        description: '',
        assignee_id: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('alarm_id')
      .executeTakeFirstOrThrow();
    const step = (at: number, to: string, action = 'transition') => ({
      id: undefined,
      alarm_id: row.alarm_id!,
      at,
      user_id: null,
      action,
      from_status: null,
      to_status: to,
      comment: '',
    });
    const steps = [
      ...(takenUpAt !== null ? [step(takenUpAt, 'ALARM_STATUS_PROCESSING')] : []),
      // A note is no step, and a second step into 处理中 (after a reopening) does not count again.
      ...(takenUpAt !== null ? [step(takenUpAt, 'ALARM_STATUS_PROCESSING', 'comment')] : []),
      ...(handledAt !== null ? [step(handledAt, 'ALARM_STATUS_CONFIRMED')] : []),
      ...(handledAt !== null && index % 4 === 0 ? [step(Math.min(NOW, handledAt + 5 * MINUTE), 'ALARM_STATUS_PROCESSING')] : []),
    ];
    if (steps.length) await db().insertInto('alarm_history').values(steps).execute();
    alarms.push(alarm);
    if (index % 6 === 0) {
      const event: PlantedEvent = {
        tenantId,
        kind: pick(['FIRE', 'FLOOD', 'STAMPEDE']),
        level: pick(['HIGH', 'MEDIUM', 'LOW']),
        createdAt: createdAt + MINUTE,
        ...near(tenantId),
      };
      await db()
        .insertInto('emergency_events')
        .values({
          event_id: undefined,
          tenant_id: tenantId,
          kind: event.kind,
          title: '测试事件',
          description: '',
          level: event.level,
          status: 'ACTIVE',
          longitude: event.longitude,
          latitude: event.latitude,
          radius: 100,
          alarm_id: null,
          created_by: null,
          created_at: event.createdAt,
          closed_by: null,
          closed_at: null,
          result: '',
          updated_at: event.createdAt,
        })
        .execute();
      events.push(event);
    }
  }
  return { alarms, events };
}

const inWeek = (at: number | null) => at !== null && at >= WEEK.beginTime && at <= WEEK.endTime;
const item = (data: StatGroupData, name: string) => data.items.find((entry) => entry.name === name)?.value;
const values = (data: CategoryData) => new Map(data.items.filter((entry) => entry.value > 0).map((entry) => [entry.key, entry.value]));
const shanghaiHour = (at: number) => new Date(at + 8 * HOUR_MS).getUTCHours();

describe('治安分析', () => {
  it('counts alarms and events and the median and 90th percentile of taking up and handling from the planted rows', async () => {
    const planted = await plant(240);
    const alarms = planted.alarms.filter((alarm) => alarm.tenantId === 1);
    const summary = await get<StatGroupData>(`/analysis/security/summary${query(WEEK)}`);
    const raised = alarms.filter((alarm) => inWeek(alarm.createdAt));
    expect(item(summary, '告警总数')).toBe(raised.length);
    expect(item(summary, '高等级告警')).toBe(raised.filter((alarm) => alarm.grade === 'ALARM_GRADE_HIGH').length);
    expect(item(summary, '应急事件')).toBe(planted.events.filter((event) => event.tenantId === 1 && inWeek(event.createdAt)).length);
    const takenUp = alarms.filter((alarm) => inWeek(alarm.takenUpAt)).map((alarm) => alarm.takenUpAt! - alarm.createdAt);
    const handled = alarms.filter((alarm) => inWeek(alarm.handledAt)).map((alarm) => alarm.handledAt! - alarm.createdAt);
    expect(item(summary, '确认时长中位数')).toBe(minutes(nearestRank(takenUp, 0.5)));
    expect(item(summary, '确认时长 P90')).toBe(minutes(nearestRank(takenUp, 0.9)));
    expect(item(summary, '处置时长中位数')).toBe(minutes(nearestRank(handled, 0.5)));
    expect(item(summary, '处置时长 P90')).toBe(minutes(nearestRank(handled, 0.9)));
    expect(handled.length).toBeGreaterThan(20);
  });

  it('counts alarms by type, grade, area and hour of day, and events by kind, level and area', async () => {
    const planted = await plant(240);
    const alarms = planted.alarms.filter((alarm) => alarm.tenantId === 1 && inWeek(alarm.createdAt));
    const events = planted.events.filter((event) => event.tenantId === 1 && inWeek(event.createdAt));

    expect(values(await get(`/analysis/security/alarms${query(WEEK, { by: 'type' })}`))).toEqual(countBy(alarms, (alarm) => alarm.type));
    const byGrade = await get<CategoryData>(`/analysis/security/alarms${query(WEEK, { by: 'grade' })}`);
    expect(byGrade.items.map((entry) => entry.name)).toEqual(['高', '中', '低']);
    expect(values(byGrade)).toEqual(countBy(alarms, (alarm) => alarm.grade));
    const byArea = values(await get(`/analysis/security/alarms${query(WEEK, { by: 'area' })}`));
    expect(byArea).toEqual(countBy(alarms, (alarm) => nearestPlace(alarm.position?.longitude ?? null, alarm.position?.latitude ?? null)));
    expect(byArea.get('未定位')).toBeGreaterThan(0);

    const byHour = await get<SeriesData>(`/analysis/security/byHour${query(WEEK)}`);
    const alarmHours = countBy(alarms, (alarm) => `${shanghaiHour(alarm.createdAt)}时`);
    const eventHours = countBy(events, (event) => `${shanghaiHour(event.createdAt)}时`);
    expect(byHour.series[0]).toEqual({
      name: '告警',
      points: Array.from({ length: 24 }, (_, hour) => [`${hour}时`, alarmHours.get(`${hour}时`) ?? 0]),
    });
    expect(byHour.series[1]).toEqual({
      name: '应急事件',
      points: Array.from({ length: 24 }, (_, hour) => [`${hour}时`, eventHours.get(`${hour}时`) ?? 0]),
    });

    expect(values(await get(`/analysis/security/events${query(WEEK, { by: 'kind' })}`))).toEqual(countBy(events, (event) => event.kind));
    expect(values(await get(`/analysis/security/events${query(WEEK, { by: 'level' })}`))).toEqual(countBy(events, (event) => event.level));
    expect(values(await get(`/analysis/security/events${query(WEEK, { by: 'area' })}`))).toEqual(
      countBy(events, (event) => nearestPlace(event.longitude, event.latitude)),
    );
  });

  it('never counts another tenant’s alarms or events, and belongs to 治安分析', async () => {
    const planted = await plant(120);
    const summary = await get<StatGroupData>(`/analysis/security/summary${query(WEEK)}`, scenicAdmin);
    expect(item(summary, '告警总数')).toBe(planted.alarms.filter((alarm) => alarm.tenantId === 2 && inWeek(alarm.createdAt)).length);
    const byArea = await get<CategoryData>(`/analysis/security/alarms${query(WEEK, { by: 'area' })}`, scenicAdmin);
    const scenicPlaces = new Set([...TENANT_AREAS[2]!.map((place) => place.name), '未定位']);
    expect(byArea.items.every((entry) => scenicPlaces.has(entry.name))).toBe(true);
    expect((await server.api('GET', `/analysis/security/byHour${query(WEEK)}`, { token: securityOnly })).body.code).toBe(200);
    expect((await server.api('GET', `/analysis/security/byHour${query(WEEK)}`, { token: parkingOnly })).body.code).toBe(403);
  });
});
