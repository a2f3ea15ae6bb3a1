import { describe, expect, it } from 'vitest';
import type { Situation, SituationEvents } from '../../contracts/situation';
import { TrackService } from '../field/TrackService';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { setupTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let token: string;
// The administrator: every map page is among its menus.
setupTestServer((created, login) => {
  server = created;
  token = login;
}, 'ADMIN-2026-DEMO');

const MINUTE = 60_000;
type Reply = Awaited<ReturnType<TestServer['api']>>['body'];
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body;
const dataOf = <T>(reply: Reply): T => {
  expect(reply.code, reply.msg).toBe(200);
  return reply.data as T;
};
const situationAt = async (at: number, as = token) => dataOf<Situation>(await get(`/situation/at?at=${at}`, as));
const db = () => server.services.ctx.db;
const deviceOf = async (tenantId: number, kind: string) =>
  Number(
    (
      await db()
        .selectFrom('devices')
        .select('device_id')
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .where('online', '=', 1)
        .orderBy('device_id')
        .executeTakeFirstOrThrow()
    ).device_id,
  );
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};

describe('态势回放 routes', () => {
  it('shows an alarm from its raising to its closing, a device offline for its span, and people and UAVs where they were', async () => {
    const start = TEST_CLOCK_START;
    const camera = await deviceOf(1, 'camera');
    const uav = await deviceOf(1, 'uav');
    const [member] = await db()
      .insertInto('field_members')
      .values({
        tenant_id: 1,
        team: 'A',
        name: '张巡',
        role: '队员',
        shift: '白班',
        on_duty: 1,
        walkie_device_id: null,
        recorder_device_id: null,
      })
      .returning('member_id')
      .execute();
    const memberId = Number(member!.member_id);

    // start+5: the camera goes offline and the first fixes come in; start+10: the alarm is raised.
    server.advance(5 * MINUTE);
    expect(await server.services.simulator.setOnline(camera, false)).toBe(true);
    const tracks = (at: number, longitude: number) => [
      { subjectKind: 'person' as const, subjectId: memberId, at, longitude, latitude: 30.25 },
      { subjectKind: 'uav' as const, subjectId: uav, at, longitude, latitude: 30.26, altitude: 80, heading: 90 },
    ];
    const fieldTracks = new TrackService(db(), () => start + 60 * MINUTE);
    await fieldTracks.ingest(1, tracks(start + 5 * MINUTE, 120.2));
    await fieldTracks.ingest(1, tracks(start + 20 * MINUTE, 120.21));
    server.advance(5 * MINUTE);
    const alarm = await server.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', deviceId: camera, content: '烟雾告警' });
    const raisedAt = start + 10 * MINUTE;
    expect(alarm.createTime).toBe(raisedAt);
    // start+25: the camera is back; start+40: the alarm is handled step by step and closed (已处理).
    server.advance(15 * MINUTE);
    await server.services.simulator.setOnline(camera, true);
    server.advance(15 * MINUTE);
    for (const status of ['ALARM_STATUS_PROCESSING', 'ALARM_STATUS_COMPLET', 'ALARM_STATUS_CONFIRMED'])
      await server.services.alarms.transition(1, 1, alarm.alarmId, status, '处理');
    server.advance(20 * MINUTE);
    // An hour passed without a request: the session has expired, sign in again.
    token = await server.login('ADMIN-2026-DEMO');

    const alarmIds = (situation: Situation) => situation.alarms.map((open) => open.alarmId);
    const offline = (situation: Situation) => situation.offlineDevices.map((device) => device.deviceId);
    // A minute before it was raised: not there; at its time and until it was closed: there; after: gone.
    expect(alarmIds(await situationAt(raisedAt - MINUTE))).not.toContain(alarm.alarmId);
    const atRaising = await situationAt(raisedAt);
    expect(atRaising.alarms.find((open) => open.alarmId === alarm.alarmId)).toMatchObject({
      alarmType: 'SMOKE',
      alarmTypeName: expect.any(String),
      deviceId: camera,
      raisedAt,
      closedAt: start + 40 * MINUTE,
      content: '烟雾告警',
    });
    expect(alarmIds(await situationAt(start + 40 * MINUTE - 1))).toContain(alarm.alarmId);
    expect(alarmIds(await situationAt(start + 40 * MINUTE))).not.toContain(alarm.alarmId);
    expect(alarmIds(await situationAt(start + 60 * MINUTE))).not.toContain(alarm.alarmId);

    // The camera is offline from start+5 to start+25.
    expect(offline(await situationAt(start + 5 * MINUTE - 1))).not.toContain(camera);
    expect(atRaising.offlineDevices.find((device) => device.deviceId === camera)).toMatchObject({
      offlineSince: start + 5 * MINUTE,
      kind: 'camera',
    });
    expect(offline(await situationAt(start + 25 * MINUTE))).not.toContain(camera);

    // People and UAVs: the newest fix at or before T; before the first, nobody.
    expect(atRaising.subjects).toEqual([
      {
        kind: 'person',
        id: memberId,
        name: '张巡',
        longitude: 120.2,
        latitude: 30.25,
        altitude: null,
        heading: null,
        at: start + 5 * MINUTE,
      },
      expect.objectContaining({
        kind: 'uav',
        id: uav,
        longitude: 120.2,
        latitude: 30.26,
        altitude: 80,
        heading: 90,
        at: start + 5 * MINUTE,
      }),
    ]);
    expect((await situationAt(start + 21 * MINUTE)).subjects.map((subject) => subject.longitude)).toEqual([120.21, 120.21]);
    expect((await situationAt(start + 4 * MINUTE)).subjects).toEqual([]);
    expect(atRaising.marks).toEqual([]);

    // The timeline: the alarm raised and closed, the camera off- and online, in time order.
    const { events, capped } = dataOf<SituationEvents>(await get(`/situation/events?from=${start}&to=${start + 60 * MINUTE}`));
    expect(capped).toBe(false);
    const mine = events.filter((event) => event.alarmId === alarm.alarmId || event.deviceId === camera);
    expect(mine.map(({ at, kind }) => [at - start, kind])).toEqual([
      [5 * MINUTE, 'deviceOffline'],
      [10 * MINUTE, 'alarmRaised'],
      [25 * MINUTE, 'deviceOnline'],
      [40 * MINUTE, 'alarmClosed'],
    ]);
    expect(events.map((event) => event.at)).toEqual([...events.map((event) => event.at)].sort((a, b) => a - b));

    // Another tenant sees none of it.
    const other = await otherTenant();
    const theirs = await situationAt(raisedAt, other);
    expect(alarmIds(theirs)).not.toContain(alarm.alarmId);
    expect(offline(theirs)).not.toContain(camera);
    expect(theirs.subjects).toEqual([]);
    const theirEvents = dataOf<SituationEvents>(await get(`/situation/events?from=${start}&to=${start + 60 * MINUTE}`, other));
    expect(theirEvents.events.filter((event) => event.alarmId === alarm.alarmId || event.deviceId === camera)).toEqual([]);
  });

  it('refuses times outside the past 24 hours, a backwards window and missing times, in Chinese', async () => {
    const now = TEST_CLOCK_START;
    expect(await get('/situation/at')).toMatchObject({ code: 400, msg: '请指定回放时间（at）' });
    expect(await get('/situation/at?at=abc')).toMatchObject({ code: 400, msg: '回放时间（at）必须是毫秒时间戳' });
    expect(await get(`/situation/at?at=${now - 25 * 60 * MINUTE}`)).toMatchObject({
      code: 400,
      msg: '回放时间（at）必须在过去 24 小时之内',
    });
    expect(await get(`/situation/at?at=${now + 60 * MINUTE}`)).toMatchObject({ code: 400, msg: '回放时间（at）必须在过去 24 小时之内' });
    expect(await get(`/situation/events?from=${now - MINUTE}&to=${now - 2 * MINUTE}`)).toMatchObject({
      code: 400,
      msg: '结束时间（to）不能早于开始时间（from）',
    });
    expect(await get(`/situation/events?from=${now - 30 * 60 * MINUTE}&to=${now}`)).toMatchObject({
      code: 400,
      msg: '开始时间（from）必须在过去 24 小时之内',
    });
    expect(await get(`/situation/events?from=${now - MINUTE}`)).toMatchObject({ code: 400, msg: '请指定结束时间（to）' });
    // The whole past day is a window.
    expect((await get(`/situation/events?from=${now - 24 * 60 * MINUTE}&to=${now}`)).code).toBe(200);
  });
});
