import { describe, expect, it } from 'vitest';
import type { CheckIn, MissedCheckpoint, PatrolRoute, PatrolStatistics } from '../../contracts/patrols';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';
import { setupTestServer, type TestServer } from '../testing/testServer';
import type { CheckpointPlan } from './PatrolPlans';
import { seedPatrols } from './seedPatrols';

let server: TestServer;
let token: string;
// The administrator: the six patrol pages are among its menus.
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
/** The admin, switched to tenant 2. */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};
/** Field members are the teams feature's rows: the test writes the few it needs. */
const member = async (tenantId: number, team: string, name: string) =>
  Number(
    (
      await server.services.ctx.db
        .insertInto('field_members')
        .values({
          member_id: undefined,
          tenant_id: tenantId,
          team,
          name,
          role: '巡查员',
          shift: '白班',
          on_duty: 1,
          walkie_device_id: null,
          recorder_device_id: null,
        })
        .returning('member_id')
        .executeTakeFirstOrThrow()
    ).member_id,
  );
// The test clock starts at 16:00 in Shanghai (minute 960).
const point = (name: string, longitude: number, dueFromMinute: number, dueToMinute: number): CheckpointPlan => ({
  name,
  longitude,
  latitude: 30.25,
  radiusM: 50,
  dueFromMinute,
  dueToMinute,
});
const countOf = async (table: 'patrol_check_ins' | 'patrol_missed') =>
  Number(
    (
      await server.services.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('巡查与打卡 routes', () => {
  it('checks a check-in against its member, radius, window and day; lists, figures, photo and tenant isolation', async () => {
    const { plans } = server.services.patrols;
    const li = await member(1, 'A', '李巡查');
    const wang = await member(1, 'B', '王保洁');
    const other = await member(2, 'A', '赵巡查');
    const green = await plans.create(1, {
      name: '江南大道绿化1号线',
      kind: 'greening',
      memberId: li,
      checkpoints: [point('花坛', 120.2, 900, 1000), point('草坪', 120.201, 600, 700), point('树池', 120.202, 1000, 1100)],
    });
    await plans.create(1, {
      name: '滨盛路环卫1号线',
      kind: 'sanitation',
      memberId: wang,
      checkpoints: [point('垃圾桶', 120.21, 1000, 1100)],
    });
    const foreign = await plans.create(2, {
      name: '断桥巡查',
      kind: 'cityPatrol',
      memberId: other,
      checkpoints: [point('桥头', 120.15, 900, 1000)],
    });
    const route = dataOf<PatrolRoute>(await get(`/patrols/routes/${green}`));
    const [flowerBed, lawn, treePit] = route.checkpoints;
    expect(route.checkpoints.map((checkpoint) => checkpoint.state)).toEqual(['due', 'missed', 'due']);

    // Refused, nothing stored: another member, too far, an ended window, another tenant's checkpoint, bad input.
    const at = (checkpointId: number, memberId: number, longitude: number) => ({
      checkpointId,
      memberId,
      longitude,
      latitude: 30.25,
      note: '花坛已修剪',
    });
    expect(await post('/patrols/checkIns', at(flowerBed!.checkpointId, wang, 120.2))).toMatchObject({
      code: 403,
      msg: '该巡查人员不是打卡点「花坛」所在路线的指派人员，不能打卡',
    });
    expect(await post('/patrols/checkIns', at(flowerBed!.checkpointId, li, 120.205))).toMatchObject({
      code: 400,
      msg: '距打卡点「花坛」480 米，超出打卡范围 50 米，不能打卡',
    });
    expect(await post('/patrols/checkIns', at(lawn!.checkpointId, li, 120.201))).toMatchObject({
      code: 409,
      msg: '打卡点「草坪」今天的打卡时段已于 11:40 结束，已记为漏打卡',
    });
    const foreignPoint = dataOf<PatrolRoute>(await get(`/patrols/routes/${foreign}`, await otherTenant())).checkpoints[0]!;
    expect(await post('/patrols/checkIns', at(foreignPoint.checkpointId, other, 120.15))).toMatchObject({ code: 404 });
    expect(await post('/patrols/checkIns', { ...at(flowerBed!.checkpointId, li, 120.2), longitude: '东经' })).toMatchObject({
      code: 400,
      msg: '经度（longitude）必须是数字',
    });
    expect(await countOf('patrol_check_ins')).toBe(0);

    // Within 50 m: stored with its distance, then refused a second time the same day (also when two race).
    const done = dataOf<CheckIn>(await post('/patrols/checkIns', at(flowerBed!.checkpointId, li, 120.2002)));
    expect(done).toMatchObject({
      routeId: green,
      kind: 'greening',
      team: 'A',
      memberName: '李巡查',
      checkpointName: '花坛',
      note: '花坛已修剪',
      hasPhoto: false,
    });
    expect(done.distanceM).toBeGreaterThan(15);
    expect(done.distanceM).toBeLessThan(25);
    expect(await post('/patrols/checkIns', at(flowerBed!.checkpointId, li, 120.2))).toMatchObject({
      code: 409,
      msg: '打卡点「花坛」今天已经打过卡，不能重复打卡',
    });
    const raced = await Promise.all([1, 2, 3].map(() => post('/patrols/checkIns', at(treePit!.checkpointId, li, 120.202))));
    expect(raced.map((reply) => reply.code).sort()).toEqual([200, 409, 409]);
    expect(await countOf('patrol_check_ins')).toBe(2);

    // The day's state per route and checkpoint, the lists with filters and paging, the figures.
    const detail = dataOf<PatrolRoute>(await get(`/patrols/routes/${green}`));
    expect(detail.checkpoints.map((checkpoint) => [checkpoint.name, checkpoint.state])).toEqual([
      ['花坛', 'done'],
      ['草坪', 'missed'],
      ['树池', 'done'],
    ]);
    expect(detail.checkpoints[0]!.checkInId).toBe(done.checkInId);
    const routes = await get('/patrols/routes?kind=greening');
    expect(routes.total).toBe(1);
    expect(routes.rows).toEqual([
      expect.objectContaining<Partial<PatrolRoute>>({
        routeId: green,
        memberName: '李巡查',
        done: 2,
        missed: 1,
        due: 0,
      }),
    ]);
    expect((await get('/patrols/routes?team=B')).rows).toEqual([expect.objectContaining({ kind: 'sanitation', due: 1 })]);
    const page = await get('/patrols/checkIns?kind=greening&pageSize=1&pageNum=2');
    expect(page.total).toBe(2);
    expect(page.rows).toEqual([expect.objectContaining({ checkInId: done.checkInId })]);
    expect((await get('/patrols/checkIns?kind=sanitation')).total).toBe(0);
    expect((await get(`/patrols/checkIns?day=${TEST_CLOCK_START - 86_400_000}`)).total).toBe(0);
    const figures = dataOf<PatrolStatistics>(await get('/patrols/statistics'));
    expect(figures.total).toEqual({ done: 2, missed: 1, due: 1, checkIns: 2 });
    expect(figures.byKind.find((entry) => entry.kind === 'sanitation')).toEqual({
      kind: 'sanitation',
      done: 0,
      missed: 0,
      due: 1,
      checkIns: 0,
    });
    expect(figures.byTeam.find((entry) => entry.team === 'A')).toEqual({ team: 'A', done: 2, missed: 1, due: 0, checkIns: 2 });
    // Yesterday every window had ended and nothing was checked in.
    expect(dataOf<PatrolStatistics>(await get(`/patrols/statistics?day=${TEST_CLOCK_START - 86_400_000}`)).total).toEqual({
      done: 0,
      missed: 4,
      due: 0,
      checkIns: 0,
    });

    // The photo: the image itself as the body, once; its type by its bytes.
    const photoPath = `/patrols/checkIns/${done.checkInId}/photo`;
    const upload = (payload: Buffer, type = 'image/png', as = token) =>
      server.app.inject({
        method: 'POST',
        url: `/api${photoPath}`,
        headers: { authorization: `Bearer ${as}`, 'content-type': type },
        payload,
      });
    expect((await upload(Buffer.from('not an image'))).json()).toMatchObject({
      code: 400,
      msg: '打卡照片（photo）必须是 JPEG 或 PNG 图片',
    });
    expect((await upload(PNG, 'application/pdf')).json()).toMatchObject({ code: 415 });
    expect((await upload(PNG)).json()).toMatchObject({ code: 200, data: { checkInId: done.checkInId, hasPhoto: true } });
    expect((await upload(PNG)).json()).toMatchObject({ code: 409, msg: '该打卡记录已有照片，不能重复上传' });
    const photo = await server.app.inject({ method: 'GET', url: `/api${photoPath}`, headers: { authorization: `Bearer ${token}` } });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);

    // Another tenant sees none of it.
    const tenant2 = await otherTenant();
    expect(await get(`/patrols/routes/${green}`, tenant2)).toMatchObject({ code: 404, msg: `巡查路线不存在：${green}` });
    expect(await get(`/patrols/checkIns/${done.checkInId}`, tenant2)).toMatchObject({ code: 404 });
    expect((await get('/patrols/checkIns', tenant2)).total).toBe(0);
    expect((await get('/patrols/routes', tenant2)).rows).toEqual([expect.objectContaining({ routeId: foreign })]);
    expect((await upload(PNG, 'image/png', tenant2)).json()).toMatchObject({ code: 404 });
    expect(
      (await server.app.inject({ method: 'GET', url: `/api${photoPath}`, headers: { authorization: `Bearer ${tenant2}` } })).json(),
    ).toMatchObject({
      code: 404,
    });
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });

  it('raises each missed checkpoint’s alarm once per day, however often and concurrently the job runs', async () => {
    const { plans, missed } = server.services.patrols;
    const zhang = await member(1, 'C', '张执法');
    const chen = await member(1, 'A', '陈园丁');
    const law = await plans.create(1, {
      name: '钱江新城执法巡查',
      kind: 'lawPatrol',
      memberId: zhang,
      checkpoints: [point('沿街商铺', 120.21, 600, 700), point('夜市', 120.211, 1000, 1100)],
    });
    await plans.create(1, { name: '奥体绿化', kind: 'greening', memberId: chen, checkpoints: [point('绿化带', 120.23, 800, 900)] });
    const alarmsBefore = Number(
      (
        await server.services.ctx.db
          .selectFrom('alarms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const rounds = await Promise.all([missed.run(), missed.run(), missed.run()]);
    expect(rounds.reduce((sum, raised) => sum + raised, 0)).toBe(2);
    expect(await missed.run()).toBe(0);
    expect(await countOf('patrol_missed')).toBe(2);
    const alarms = await server.services.ctx.db
      .selectFrom('alarms')
      .select(['alarm_id', 'alarm_type', 'content'])
      .where('tenant_id', '=', 1)
      .orderBy('alarm_id', 'desc')
      .limit(2)
      .execute();
    expect(alarms.map((alarm) => [alarm.alarm_type, alarm.content]).sort()).toEqual([
      ['GREENING', '绿化打卡点「绿化带」漏打卡'],
      ['LAW_ENFORCEMENT', '执法巡查打卡点「沿街商铺」漏打卡'],
    ]);
    const alarmsAfter = Number(
      (
        await server.services.ctx.db
          .selectFrom('alarms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(alarmsAfter - alarmsBefore).toBe(2);
    // The city events, each once, with the checkpoint where it is.
    const pushes = await server.services.ctx.db
      .selectFrom('push_log')
      .select(['event_type', 'payload'])
      .where('event_type', 'in', ['CITY_PATROL_EVENT', 'GREEN_CHECK_IN_EVENT'])
      .execute();
    expect(pushes.map((push) => push.event_type).sort()).toEqual(['CITY_PATROL_EVENT', 'GREEN_CHECK_IN_EVENT']);
    const lawAlarm = alarms.find((alarm) => alarm.alarm_type === 'LAW_ENFORCEMENT')!;
    const found = await get(`/patrols/missed?alarmId=${lawAlarm.alarm_id}`);
    expect(found.total).toBe(1);
    expect(found.rows).toEqual([
      expect.objectContaining<Partial<MissedCheckpoint>>({
        routeId: law,
        kind: 'lawPatrol',
        checkpointName: '沿街商铺',
        memberName: '张执法',
        alarmId: Number(lawAlarm.alarm_id),
      }),
    ]);
    expect(dataOf<PatrolRoute>(await get(`/patrols/routes/${law}`)).checkpoints[0]).toMatchObject({
      state: 'missed',
      alarmId: Number(lawAlarm.alarm_id),
    });
    expect((await get(`/patrols/missed?alarmId=${lawAlarm.alarm_id}`, await otherTenant())).total).toBe(0);

    // As of a day already over (the dev endpoint's way), one checkpoint: its window (to 18:20) had ended then.
    const nightMarket = dataOf<PatrolRoute>(await get(`/patrols/routes/${law}`)).checkpoints[1]!;
    expect(nightMarket.state).toBe('due');
    const yesterdayNight = TEST_CLOCK_START - 17 * 3_600_000;
    expect(await missed.run(1, { at: yesterdayNight, checkpointId: nightMarket.checkpointId })).toBe(1);
    expect(await missed.run(1, { at: yesterdayNight, checkpointId: nightMarket.checkpointId })).toBe(0);
    expect((await get(`/patrols/missed?day=${yesterdayNight}`)).rows).toEqual([expect.objectContaining({ checkpointName: '夜市' })]);

    // The next day, once more for each (the 夜市 window ends at 18:20, after the clock's 16:00).
    server.advance(86_400_000);
    expect(await missed.run()).toBe(2);
    expect(await countOf('patrol_missed')).toBe(5);
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });

  it('walks the simulator through its seam and seeds a tenant with members through the services', async () => {
    const { plans, checkIns } = server.services.patrols;
    const sun = await member(2, 'B', '孙保洁');
    const routeId = await plans.create(2, {
      name: '湖滨环卫',
      kind: 'sanitation',
      memberId: sun,
      checkpoints: [point('果皮箱', 120.16, 900, 1000), point('公厕', 120.161, 900, 1000), point('转运站', 120.162, 1000, 1100)],
    });
    const waypoints = await checkIns.waypointsOf(2, sun, TEST_CLOCK_START);
    expect(waypoints?.map((waypoint) => waypoint.lng)).toEqual([120.16, 120.161, 120.162]);
    expect(await checkIns.waypointsOf(1, sun, TEST_CLOCK_START)).toBeNull();
    for (const waypoint of waypoints!) await checkIns.arrived(2, sun, waypoint.checkpointId, TEST_CLOCK_START, waypoint.lng, waypoint.lat);
    // Far from it, or again: nothing recorded, nothing thrown.
    await checkIns.arrived(2, sun, waypoints![0]!.checkpointId, TEST_CLOCK_START, 121, 31);
    const stored = await server.services.ctx.db
      .selectFrom('patrol_check_ins')
      .select(['checkpoint_id', 'note', 'photo_file'])
      .where('route_id', '=', routeId)
      .execute();
    // The seeded share skipped leaves at most one of three undone here; each stored one has a drawn note and no photo.
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const row of stored) expect(row).toMatchObject({ note: expect.stringMatching(/.+/), photo_file: null });

    // A tenant with members and no routes is seeded: two routes per kind, today's check-ins so far through the service.
    await member(1, 'A', '周巡查');
    await member(1, 'B', '吴保洁');
    expect(await seedPatrols(server.services.ctx.db, { plans, checkIns, now: TEST_CLOCK_START, withCheckIns: true })).toBe(8);
    expect(await seedPatrols(server.services.ctx.db, { plans, checkIns, now: TEST_CLOCK_START, withCheckIns: true })).toBe(0);
    const seeded = dataOf<PatrolStatistics>(await get('/patrols/statistics'));
    expect(seeded.byKind.map((entry) => entry.kind)).toEqual(['cityPatrol', 'lawPatrol', 'greening', 'sanitation']);
    expect(seeded.total.done).toBeGreaterThan(30);
    expect(seeded.total.due).toBeGreaterThan(0);
    expect(seeded.total.done + seeded.total.missed + seeded.total.due).toBe(64);
    const seededCheckIns = await get('/patrols/checkIns?pageSize=100');
    expect(seededCheckIns.total).toBe(seeded.total.done);
    for (const row of seededCheckIns.rows as CheckIn[]) expect(row.distanceM).toBeLessThanOrEqual(50);
  });
});
