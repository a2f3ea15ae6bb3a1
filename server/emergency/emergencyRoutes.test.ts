import { describe, expect, it, vi } from 'vitest';
import {
  EMERGENCY_PUSH_EVENT,
  EMERGENCY_TASK_ACTIONS,
  EMERGENCY_TASK_STATUSES,
  EMERGENCY_TASK_TRANSITIONS,
  type EmergencyEventDetail,
  type EmergencyEventRow,
  type EmergencyFeedEntry,
  type EmergencyPushData,
  type EmergencyResources,
  type EmergencyStats,
  type EmergencyTaskAction,
  type EmergencyTaskRow,
  type EmergencyTaskStatus,
  type EmergencyTeamLoad,
} from '../../contracts/emergency';
import type { AlarmDetailData } from '../../contracts/alarms';
import { emergencyRoutes as emergency } from '../../contracts/api/emergencyRoutes';
import { stateDigest } from '../testing/stateDigest';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';
import { distanceMetres } from './geo';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

/** GET /security/emergency/:eventId of one event. */
const detailPath = (eventId: number) => emergency.detail.path.replace(':eventId', String(eventId));

type Reply = { code: number; msg: string; data?: unknown; rows?: unknown[]; total?: number };
const post = async (url: string, body: Record<string, unknown>, as = token) =>
  (await server.api('POST', url, { token: as, body, json: true })).body as Reply;
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body as Reply;
const data = <T>(reply: Reply): T => {
  if (reply.code !== 200) throw new Error(`${reply.code} ${reply.msg}`);
  return reply.data as T;
};
const teamsOf = async (tenantId: number) =>
  (
    await server.services.ctx.db
      .selectFrom('teams')
      .select(['team_id', 'name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('team_id')
      .execute()
  ).map((team) => ({ teamId: Number(team.team_id), name: team.name }));
/** The admin, switched to tenant 2 (西湖风景名胜区). */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};
const createEvent = async (body: Record<string, unknown> = {}, as = token) =>
  data<EmergencyEventDetail>(
    await post(emergency.create.path, { kind: 'FIRE', title: '滨盛路商铺火情', longitude: 120.2025, latitude: 30.2072, ...body }, as),
  );
const dispatch = async (eventId: number, body: Record<string, unknown> = {}, as = token) => {
  const [team] = await teamsOf(1);
  return data<EmergencyTaskRow>(await post(emergency.dispatch.path, { eventId, title: '灭火救援', teamId: team!.teamId, ...body }, as));
};
const detail = async (eventId: number, as = token) => data<EmergencyEventDetail>(await get(detailPath(eventId), as));
const pushed = async (tenantId: number) =>
  (
    await server.services.ctx.db
      .selectFrom('push_log')
      .select(['payload'])
      .where('tenant_id', '=', tenantId)
      .where('event_type', '=', EMERGENCY_PUSH_EVENT)
      .orderBy('seq')
      .execute()
  ).map((row) => (JSON.parse(row.payload) as { data: EmergencyPushData }).data ?? JSON.parse(row.payload));

/** A task of a new event of tenant 1 brought to `status` through the API. */
async function taskIn(status: EmergencyTaskStatus): Promise<EmergencyTaskRow> {
  const event = await createEvent();
  const task = await dispatch(event.eventId);
  const step = async (url: string, body: Record<string, unknown>) =>
    expect((await post(url, { taskId: task.taskId, ...body })).code, url).toBe(200);
  if (status === 'PENDING') return task;
  if (status === 'CANCELLED') {
    await step(emergency.cancel.path, { note: '重复派发' });
    return task;
  }
  await step(emergency.accept.path, {});
  if (status === 'ACCEPTED') return task;
  await step(emergency.progress.path, { percent: 40, note: '已出水' });
  if (status === 'PROCESSING') return task;
  await step(emergency.finish.path, { note: '火已扑灭' });
  return task;
}

const actionBody = async (action: EmergencyTaskAction): Promise<Record<string, unknown>> => {
  const teams = await teamsOf(1);
  return {
    accept: {},
    progress: { percent: 50, note: '进行中' },
    finish: { note: '完成' },
    cancel: { note: '不需要了' },
    reassign: { teamId: teams[1]!.teamId },
  }[action];
};
const actionName: Record<EmergencyTaskAction, string> = {
  accept: '接收',
  progress: '上报进度',
  finish: '完成',
  cancel: '取消',
  reassign: '改派',
};
const statusName: Record<EmergencyTaskStatus, string> = {
  PENDING: '待接收',
  ACCEPTED: '已接收',
  PROCESSING: '处理中',
  DONE: '已完成',
  CANCELLED: '已取消',
};

describe('emergency events', () => {
  it('are opened by hand, listed with filters and answered by GET /security/emergency/{id} with their tasks', async () => {
    const fire = await createEvent({ description: '二楼冒烟', level: 'HIGH', radius: 250 });
    expect(fire).toMatchObject({
      kind: 'FIRE',
      kindName: '火情',
      title: '滨盛路商铺火情',
      level: 'HIGH',
      levelName: '重大',
      status: 'ACTIVE',
      statusName: '处置中',
      radius: 250,
      alarmId: null,
      alarmIds: [],
      createdBy: 2,
      createdByName: '值班员张敏',
      tasks: [],
      alarms: [],
    });
    expect(fire.history).toMatchObject([{ action: 'open', actionName: '启动事件', userName: '值班员张敏', toStatus: 'ACTIVE' }]);
    const flood = await createEvent({ kind: 'FLOOD', title: '江南大道积水' });
    expect(flood).toMatchObject({ radius: 500, level: 'MEDIUM' });
    const task = await dispatch(fire.eventId, { description: '接驳 3 号消火栓' });
    const got = await detail(fire.eventId);
    expect(got.tasks).toMatchObject([
      {
        taskId: task.taskId,
        title: '灭火救援',
        description: '接驳 3 号消火栓',
        status: 'PENDING',
        statusName: '待接收',
        teamName: '消防一队',
        percent: 0,
      },
    ]);
    expect(got.taskCounts.PENDING).toBe(1);

    const list = async (query: string) => (await get(`${emergency.list.path}${query}`)) as { rows: EmergencyEventRow[]; total: number };
    expect((await list('')).rows.map((event) => event.title)).toEqual(['江南大道积水', '滨盛路商铺火情']);
    expect((await list('?kind=FLOOD')).rows.map((event) => event.eventId)).toEqual([flood.eventId]);
    expect((await list('?keyword=冒烟')).rows.map((event) => event.eventId)).toEqual([fire.eventId]);
    expect(await list('?status=CLOSED')).toMatchObject({ rows: [], total: 0 });
    expect(await list('?pageSize=1&pageNum=2')).toMatchObject({ total: 2, rows: [{ eventId: fire.eventId }] });
  });

  it('is closed only when every task is finished or cancelled; the refusal names the open tasks and changes nothing', async () => {
    const event = await createEvent();
    const first = await dispatch(event.eventId);
    const second = await dispatch(event.eventId, { title: '人员疏散' });
    const before = await stateDigest(server.services.ctx.db);
    expect(await post(emergency.close.path, { eventId: event.eventId, result: '处置完毕' })).toEqual({
      code: 409,
      msg: '应急事件「滨盛路商铺火情」还有 2 个任务未完成（灭火救援：待接收、人员疏散：待接收），不能结束事件；请先完成或取消这些任务',
    });
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
    await post(emergency.cancel.path, { taskId: second.taskId, note: '人员已自行撤离' });
    await post(emergency.accept.path, { taskId: first.taskId });
    await post(emergency.progress.path, { taskId: first.taskId, percent: 50, note: '明火减弱' });
    expect((await post(emergency.close.path, { eventId: event.eventId, result: '处置完毕' })).msg).toContain('灭火救援：处理中');
    await post(emergency.finish.path, { taskId: first.taskId, note: '火已扑灭' });
    const closed = await post(emergency.close.path, { eventId: event.eventId, result: '火情扑灭，无人员伤亡' });
    expect(closed).toMatchObject({
      code: 200,
      msg: '应急事件已结束',
      data: {
        status: 'CLOSED',
        statusName: '已结束',
        result: '火情扑灭，无人员伤亡',
        closedByName: '值班员张敏',
        closedAt: Date.UTC(2026, 10, 22, 8, 0, 0),
      },
    });
    // Closed: nothing more is dispatched to it and it is not closed twice.
    const refused = await stateDigest(server.services.ctx.db);
    expect(await post(emergency.close.path, { eventId: event.eventId, result: '再次结束' })).toEqual({
      code: 409,
      msg: '应急事件「滨盛路商铺火情」当前状态为「已结束」，不能结束事件（仅「处置中」时可以结束）',
    });
    const [team] = await teamsOf(1);
    expect(await post(emergency.dispatch.path, { eventId: event.eventId, title: '复查', teamId: team!.teamId })).toEqual({
      code: 409,
      msg: '应急事件「滨盛路商铺火情」当前状态为「已结束」，不能派发任务（仅「处置中」时可以派发）',
    });
    expect(await stateDigest(server.services.ctx.db)).toBe(refused);
  });

  it('opens automatically from a fire-fighting alarm; a second alarm within its radius joins it, one farther away opens another; other types open none', async () => {
    const db = server.services.ctx.db;
    const devices = await db
      .selectFrom('devices')
      .select(['device_id', 'longitude', 'latitude', 'name'])
      .where('tenant_id', '=', 1)
      .orderBy('device_id')
      .execute();
    const origin = devices[0]!;
    const byDistance = devices
      .slice(1)
      .map((device) => ({ device, distance: distanceMetres(origin.longitude, origin.latitude, device.longitude, device.latitude) }));
    const near = byDistance.filter(({ distance }) => distance < 250).sort((a, b) => a.distance - b.distance)[0]!.device;
    const far = byDistance.filter(({ distance }) => distance > 1000)[0]!.device;

    const alarm = await server.services.alarms.raise({
      tenantId: 1,
      alarmType: 'FIRE_FIGHTING',
      content: '商铺起火',
      deviceId: origin.device_id,
    });
    const opened = data<EmergencyEventDetail>(await get(`${emergency.byAlarm.path}?alarmId=${alarm.alarmId}`));
    expect(opened).toMatchObject({
      kind: 'FIRE',
      level: 'HIGH',
      radius: 300,
      alarmId: alarm.alarmId,
      alarmIds: [alarm.alarmId],
      createdBy: null,
      createdByName: '系统',
      longitude: origin.longitude,
      latitude: origin.latitude,
      title: `消防救援：${origin.name}`,
      description: '商铺起火',
    });
    expect(opened.alarms.map((row) => row.alarmId)).toEqual([alarm.alarmId]);

    const joining = await server.services.alarms.raise({ tenantId: 1, alarmType: 'FIRE', content: '烟雾蔓延', deviceId: near.device_id });
    expect(data<EmergencyEventDetail>(await get(`${emergency.byAlarm.path}?alarmId=${joining.alarmId}`)).eventId).toBe(opened.eventId);
    const joined = await detail(opened.eventId);
    expect(joined.alarmIds).toEqual([alarm.alarmId, joining.alarmId]);
    expect(joined.history.at(-1)).toMatchObject({ action: 'join', actionName: '关联告警', userName: '系统' });

    const elsewhere = await server.services.alarms.raise({
      tenantId: 1,
      alarmType: 'FIRE_FIGHTING',
      content: '另一处起火',
      deviceId: far.device_id,
    });
    expect(data<EmergencyEventDetail>(await get(`${emergency.byAlarm.path}?alarmId=${elsewhere.alarmId}`)).eventId).not.toBe(
      opened.eventId,
    );
    // Same place, another kind: an event of its own.
    const flood = await server.services.alarms.raise({
      tenantId: 1,
      alarmType: 'FLOOD_PREVENTION',
      content: '积水',
      deviceId: origin.device_id,
    });
    expect(data<EmergencyEventDetail>(await get(`${emergency.byAlarm.path}?alarmId=${flood.alarmId}`))).toMatchObject({ kind: 'FLOOD' });
    const smoke = await server.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '烟雾', deviceId: origin.device_id });
    expect(await get(`${emergency.byAlarm.path}?alarmId=${smoke.alarmId}`)).toEqual({
      code: 404,
      msg: `告警 ${smoke.alarmId} 没有关联应急事件`,
    });
    // A closed event is not joined.
    await post(emergency.close.path, { eventId: opened.eventId, result: '误报' });
    const after = await server.services.alarms.raise({
      tenantId: 1,
      alarmType: 'FIRE_FIGHTING',
      content: '复燃',
      deviceId: origin.device_id,
    });
    expect(data<EmergencyEventDetail>(await get(`${emergency.byAlarm.path}?alarmId=${after.alarmId}`)).eventId).not.toBe(opened.eventId);
  });

  it('opens one event for alarms of one fire raised at the same moment', async () => {
    const db = server.services.ctx.db;
    const devices = await db
      .selectFrom('devices')
      .select(['device_id', 'longitude', 'latitude'])
      .where('tenant_id', '=', 1)
      .orderBy('device_id')
      .execute();
    const origin = devices[0]!;
    const near = devices
      .filter((device) => distanceMetres(origin.longitude, origin.latitude, device.longitude, device.latitude) < 120)
      .slice(0, 4);
    expect(near.length).toBeGreaterThanOrEqual(2);
    const alarms = await Promise.all(
      near.map((device) =>
        server.services.alarms.raise({ tenantId: 1, alarmType: 'FIRE_FIGHTING', content: '同一火场', deviceId: device.device_id }),
      ),
    );
    const events = await db
      .selectFrom('emergency_event_alarms')
      .select('event_id')
      .distinct()
      .where(
        'alarm_id',
        'in',
        alarms.map((alarm) => alarm.alarmId),
      )
      .execute();
    expect(events).toHaveLength(1);
    expect((await detail(Number(events[0]!.event_id))).alarmIds.sort((a, b) => a - b)).toEqual(
      alarms.map((alarm) => alarm.alarmId).sort((a, b) => a - b),
    );
  });

  it('keeps the alarm when opening its event fails, and logs it', async () => {
    const failing = server.services.emergency.events;
    const original = failing.alarmRaised.bind(failing);
    failing.alarmRaised = async () => {
      throw new Error('数据库暂时不可用');
    };
    const logged = vi.spyOn(server.app.log, 'error');
    try {
      const alarm = await server.services.alarms.raise({ tenantId: 1, alarmType: 'FIRE_FIGHTING', content: '起火' });
      expect((await server.services.alarms.get(1, alarm.alarmId)).alarmContent).toBe('起火');
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.objectContaining({ message: '数据库暂时不可用' }) }),
        '告警启动应急事件失败',
      );
    } finally {
      logged.mockRestore();
      failing.alarmRaised = original;
    }
  });

  it('opens from an existing alarm by an operator, once; the alarm history shows the whole chain', async () => {
    const device = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id'])
      .where('tenant_id', '=', 1)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const alarm = await server.services.alarms.raise({
      tenantId: 1,
      alarmType: 'SMOKE',
      content: '仓库烟雾浓度超标',
      deviceId: device.device_id,
    });
    const event = data<EmergencyEventDetail>(
      await post(emergency.fromAlarm.path, { alarmId: alarm.alarmId, kind: 'FIRE', title: '仓库火情' }),
    );
    expect(event).toMatchObject({
      kind: 'FIRE',
      title: '仓库火情',
      alarmId: alarm.alarmId,
      createdByName: '值班员张敏',
      description: '仓库烟雾浓度超标',
      level: 'HIGH',
    });
    expect(await post(emergency.fromAlarm.path, { alarmId: alarm.alarmId })).toEqual({
      code: 409,
      msg: `告警 ${alarm.alarmId} 已关联应急事件 ${event.eventId}，不能再次启动应急事件`,
    });
    const positionless = await server.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '烟雾' });
    expect(await post(emergency.fromAlarm.path, { alarmId: positionless.alarmId })).toEqual({
      code: 400,
      msg: `告警 ${positionless.alarmId} 没有位置，请填写事件的经纬度`,
    });
    expect(await post(emergency.fromAlarm.path, { alarmId: positionless.alarmId, longitude: 120.2 })).toEqual({
      code: 400,
      msg: '经度和纬度须同时填写',
    });
    expect(
      data<EmergencyEventDetail>(await post(emergency.fromAlarm.path, { alarmId: positionless.alarmId, longitude: 120.2, latitude: 30.2 })),
    ).toMatchObject({ kind: 'OTHER', longitude: 120.2 });

    const task = await dispatch(event.eventId);
    await post(emergency.accept.path, { taskId: task.taskId });
    await post(emergency.progress.path, { taskId: task.taskId, percent: 60, note: '明火已控制' });
    await post(emergency.finish.path, { taskId: task.taskId, note: '余火清理完毕' });
    await post(emergency.close.path, { eventId: event.eventId, result: '火情扑灭' });
    const history = data<AlarmDetailData>(await get(`/alarm/detail/${alarm.alarmId}`)).history.filter(
      (entry) => entry.action === 'emergency',
    );
    expect(history.map((entry) => entry.comment)).toEqual([
      '启动应急事件「仓库火情」（火情，重大）',
      '调度任务「灭火救援」派发给 消防一队',
      '消防一队 已接收「灭火救援」',
      '「灭火救援」进度 60%：明火已控制',
      '「灭火救援」任务完成：余火清理完毕',
      '应急事件结束：火情扑灭',
    ]);
    expect(history.every((entry) => entry.userName === '值班员张敏')).toBe(true);
  });
});

describe('emergency tasks', () => {
  it('move along the state machine: every action allowed from its statuses, refused with 409 from the others, nothing changed', async () => {
    for (const action of EMERGENCY_TASK_ACTIONS) {
      for (const status of EMERGENCY_TASK_STATUSES) {
        const task = await taskIn(status);
        const body = { taskId: task.taskId, ...(await actionBody(action)) };
        const allowed = EMERGENCY_TASK_TRANSITIONS[action].from.includes(status);
        const before = await stateDigest(server.services.ctx.db);
        const reply = await post(`/security/emergency/task/${action}`, body);
        if (allowed) {
          expect(reply.code, `${action} from ${status}: ${reply.msg}`).toBe(200);
          expect((reply.data as EmergencyTaskRow).status).toBe(EMERGENCY_TASK_TRANSITIONS[action].to);
        } else {
          const when = EMERGENCY_TASK_TRANSITIONS[action].from.map((from) => `「${statusName[from]}」`).join('或');
          expect(reply, `${action} from ${status}`).toEqual({
            code: 409,
            msg: `任务「灭火救援」当前状态为「${statusName[status]}」，不能${actionName[action]}（仅${when}时可以${actionName[action]}）`,
          });
          expect(await stateDigest(server.services.ctx.db)).toBe(before);
        }
      }
    }
  }, 120_000);

  it('record progress, reassignment and finishing with who, when and what, in the event history', async () => {
    const teams = await teamsOf(1);
    const task = await taskIn('PENDING');
    const reassigned = data<EmergencyTaskRow>(
      await post(emergency.reassign.path, { taskId: task.taskId, teamId: teams[3]!.teamId, note: '消防一队在另一现场' }),
    );
    expect(reassigned).toMatchObject({ status: 'PENDING', teamId: teams[3]!.teamId, teamName: '市政抢修队' });
    expect(await post(emergency.reassign.path, { taskId: task.taskId, teamId: teams[3]!.teamId })).toEqual({
      code: 400,
      msg: '任务「灭火救援」已派给 市政抢修队，请选择其他班组',
    });
    await post(emergency.accept.path, { taskId: task.taskId, note: '马上出发' });
    server.advance(60_000);
    expect(data<EmergencyTaskRow>(await post(emergency.progress.path, { taskId: task.taskId, percent: 30, note: '已到达' }))).toMatchObject(
      {
        status: 'PROCESSING',
        percent: 30,
        lastNote: '已到达',
      },
    );
    expect(await post(emergency.progress.path, { taskId: task.taskId, percent: 20, note: '回退' })).toEqual({
      code: 400,
      msg: '进度不能回退：当前已是 30%',
    });
    const done = data<EmergencyTaskRow>(await post(emergency.finish.path, { taskId: task.taskId }));
    expect(done).toMatchObject({ status: 'DONE', statusName: '已完成', percent: 100, finishedAt: Date.UTC(2026, 10, 22, 8, 1, 0) });
    const history = (await detail(task.eventId)).history.filter((entry) => entry.taskId === task.taskId);
    expect(
      history.map((entry) => [entry.action, entry.fromStatus, entry.toStatus, entry.percent, entry.teamName, entry.userName, entry.note]),
    ).toEqual([
      ['dispatch', null, 'PENDING', 0, '消防一队', '值班员张敏', '派发给 消防一队'],
      ['reassign', 'PENDING', 'PENDING', 0, '市政抢修队', '值班员张敏', '由 消防一队 改派给 市政抢修队：消防一队在另一现场'],
      ['accept', 'PENDING', 'ACCEPTED', null, '市政抢修队', '值班员张敏', '马上出发'],
      ['progress', 'ACCEPTED', 'PROCESSING', 30, '市政抢修队', '值班员张敏', '已到达'],
      ['finish', 'PROCESSING', 'DONE', 100, '市政抢修队', '值班员张敏', ''],
    ]);
  });

  it('are pushed to the tenant on every change, with the event, the task and the feed line', async () => {
    const event = await createEvent();
    const task = await dispatch(event.eventId);
    await post(emergency.accept.path, { taskId: task.taskId });
    const messages = await pushed(1);
    expect(messages.map((message) => [message.action, message.taskId])).toEqual([
      ['open', null],
      ['dispatch', task.taskId],
      ['accept', task.taskId],
    ]);
    expect(messages.at(-1)).toMatchObject({
      eventId: event.eventId,
      task: { status: 'ACCEPTED', teamName: '消防一队' },
      event: { taskCounts: { ACCEPTED: 1 } },
      entry: { action: 'accept', eventTitle: '滨盛路商铺火情', eventKind: 'FIRE' },
    });
    expect(await pushed(2)).toEqual([]);
    // Refused: nothing pushed.
    await post(emergency.accept.path, { taskId: task.taskId });
    expect((await pushed(1)).length).toBe(3);
  });
});

describe('dispatch panel reads', () => {
  it('teams with their current tasks and open work orders, stats and the feed', async () => {
    const teams = await teamsOf(1);
    const event = await createEvent();
    const task = await dispatch(event.eventId);
    await dispatch(event.eventId, { title: '警戒封控', teamId: teams[1]!.teamId });
    await post(emergency.accept.path, { taskId: task.taskId });
    const order = data<{ orderId: number }>(await post('/workOrder/create', { title: '消火栓漏水' }));
    await post('/workOrder/assign', { orderId: order.orderId, teamId: teams[0]!.teamId });
    const loads = data<EmergencyTeamLoad[]>(await get(emergency.teams.path));
    expect(
      loads.map((team) => [team.name, team.busy, team.tasks.map((row) => `${row.title}:${row.statusName}`), team.openWorkOrders]),
    ).toEqual([
      ['消防一队', true, ['灭火救援:已接收'], 1],
      ['巡查二组', true, ['警戒封控:待接收'], 0],
      ['运维班', false, [], 0],
      ['市政抢修队', false, [], 0],
    ]);
    expect(data<EmergencyStats>(await get(emergency.stats.path))).toMatchObject({
      activeEvents: 1,
      closedEvents: 0,
      activeByKind: { FIRE: 1, FLOOD: 0 },
      tasksByStatus: { PENDING: 1, ACCEPTED: 1, PROCESSING: 0 },
      busyTeams: 2,
      teams: 4,
    });
    const feed = data<EmergencyFeedEntry[]>(await get(`${emergency.feed.path}?limit=2`));
    expect(feed.map((entry) => entry.action)).toEqual(['accept', 'dispatch']);
  });

  it('resources near an event: hydrants with pressure, water levels, shelters and routes, nearest first', async () => {
    const db = server.services.ctx.db;
    const hydrant = await db
      .selectFrom('devices')
      .select(['device_id', 'longitude', 'latitude'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'fireHydrant')
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('devices')
      .set({ telemetry: JSON.stringify({ pressure: 0.12, valve: '开启' }) })
      .where('device_id', '=', hydrant.device_id)
      .execute();
    const event = await createEvent({ longitude: hydrant.longitude, latitude: hydrant.latitude });
    const near = data<EmergencyResources>(await get(`${emergency.resources.path}?eventId=${event.eventId}`));
    expect(near.center).toEqual({ longitude: hydrant.longitude, latitude: hydrant.latitude, radius: 300 });
    expect(near.hydrants[0]).toMatchObject({ deviceId: hydrant.device_id, distance: 0, pressure: 0.12, low: true, valve: '开启' });
    for (const list of [near.hydrants, near.waterLevels, near.shelters, near.routes]) {
      const distances = list.map((item) => item.distance!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
    }
    expect(near.hydrants.every((item) => item.distance! <= 2000)).toBe(true);
    expect(near.shelters.length).toBe(4);
    expect(near.routes[0]).toMatchObject({ fromName: expect.stringContaining('集合点'), path: expect.any(Array) });
    expect(near.routes[0]!.length).toBeGreaterThan(100);
    const all = data<EmergencyResources>(await get(emergency.resources.path));
    expect(all.center).toBeNull();
    expect(all.hydrants.length).toBeGreaterThanOrEqual(near.hydrants.length);
    expect(all.waterLevels.length).toBeGreaterThan(0);
    expect(all.waterLevels[0]).toMatchObject({ kind: 'smartManhole', distance: null });
  });
  it("cameras near an event: online first, fire cameras before ordinary ones, nearest first, only the tenant's, at most three", async () => {
    const db = server.services.ctx.db;
    const camerasOf = (tenantId: number, kind: string) =>
      db
        .selectFrom('devices')
        .select(['device_id', 'longitude', 'latitude'])
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .orderBy('device_id')
        .execute();
    const [fire] = await camerasOf(1, 'fireCamera');
    const [near, offline, far] = await camerasOf(1, 'camera');
    const [foreign] = await camerasOf(2, 'camera');
    const place = async (deviceId: number, northMetres: number, online: number) =>
      db
        .updateTable('devices')
        .set({ longitude: fire!.longitude, latitude: fire!.latitude + northMetres / 111_320, online })
        .where('device_id', '=', deviceId)
        .execute();
    await place(fire!.device_id, 0, 1);
    await place(near!.device_id, 120, 1);
    // Nearer than `near`, but offline: it shows nothing, so it comes after every online camera.
    await place(offline!.device_id, 60, 0);
    await place(far!.device_id, 1500, 1);
    // Another tenant's camera at the very spot is never offered.
    await place(foreign!.device_id, 10, 1);
    const event = await createEvent({ longitude: fire!.longitude, latitude: fire!.latitude + 30 / 111_320 });
    const { cameras } = data<EmergencyResources>(await get(`${emergency.resources.path}?eventId=${event.eventId}`));
    expect(cameras.length).toBeLessThanOrEqual(3);
    expect(cameras[0]).toMatchObject({ deviceId: fire!.device_id, kind: 'fireCamera', fire: true, online: true, distance: 30 });
    const ids = cameras.map((camera) => camera.deviceId);
    expect(ids).not.toContain(foreign!.device_id);
    expect(ids).not.toContain(far!.device_id);
    expect(cameras.every((camera) => camera.distance <= 1000)).toBe(true);
    const online = cameras.filter((camera) => camera.online);
    expect(cameras.slice(0, online.length)).toEqual(online);
    const ordinaryOnline = online.filter((camera) => !camera.fire);
    expect(ordinaryOnline.map((camera) => camera.distance)).toEqual(ordinaryOnline.map((camera) => camera.distance).sort((a, b) => a - b));
    expect(ordinaryOnline[0]).toMatchObject({ deviceId: near!.device_id, distance: 90, kind: 'camera', fire: false });
    // Without an event there is nowhere to look from.
    expect(data<EmergencyResources>(await get(emergency.resources.path)).cameras).toEqual([]);
  });
});

describe('emergency access and input', () => {
  it("answers another tenant's event, task, team and alarm like missing ones, and changes nothing", async () => {
    const event = await createEvent();
    const task = await dispatch(event.eventId);
    const other = await otherTenant();
    const [otherTeam] = await teamsOf(2);
    const alarm = await server.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '烟雾' });
    const before = await stateDigest(server.services.ctx.db);
    expect(await get(detailPath(event.eventId), other)).toEqual({ code: 404, msg: `应急事件不存在：${event.eventId}` });
    expect(await get(`${emergency.resources.path}?eventId=${event.eventId}`, other)).toEqual({
      code: 404,
      msg: `应急事件不存在：${event.eventId}`,
    });
    expect(await get(`${emergency.byAlarm.path}?alarmId=${alarm.alarmId}`, other)).toEqual({
      code: 404,
      msg: `告警不存在：${alarm.alarmId}`,
    });
    expect(await post(emergency.fromAlarm.path, { alarmId: alarm.alarmId }, other)).toEqual({
      code: 404,
      msg: `告警不存在：${alarm.alarmId}`,
    });
    expect(await post(emergency.close.path, { eventId: event.eventId, result: '结束' }, other)).toEqual({
      code: 404,
      msg: `应急事件不存在：${event.eventId}`,
    });
    expect(await post(emergency.dispatch.path, { eventId: event.eventId, title: '灭火', teamId: otherTeam!.teamId }, other)).toEqual({
      code: 404,
      msg: `应急事件不存在：${event.eventId}`,
    });
    for (const action of EMERGENCY_TASK_ACTIONS) {
      expect(
        await post(`/security/emergency/task/${action}`, { taskId: task.taskId, ...(await actionBody(action)) }, other),
        action,
      ).toEqual({ code: 404, msg: `调度任务不存在：${task.taskId}` });
    }
    // Tenant 1 may not dispatch or reassign to tenant 2's team.
    expect(await post(emergency.dispatch.path, { eventId: event.eventId, title: '灭火', teamId: otherTeam!.teamId })).toEqual({
      code: 404,
      msg: `班组不存在：${otherTeam!.teamId}`,
    });
    expect(await post(emergency.reassign.path, { taskId: task.taskId, teamId: otherTeam!.teamId })).toEqual({
      code: 404,
      msg: `班组不存在：${otherTeam!.teamId}`,
    });
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
    // Their lists hold none of tenant 1's.
    expect(await get(emergency.list.path, other)).toMatchObject({ rows: [], total: 0 });
    expect(data<EmergencyFeedEntry[]>(await get(emergency.feed.path, other))).toEqual([]);
    expect(data<EmergencyTeamLoad[]>(await get(emergency.teams.path, other)).every((team) => !team.busy)).toBe(true);
    expect(data<EmergencyResources>(await get(emergency.resources.path, other)).shelters.map((shelter) => shelter.name)).toContain(
      '太子湾公园应急避难场所',
    );
  });

  it('needs a session holding 安全应急 (403 otherwise, 401 without one)', async () => {
    const noMenus = await server.login('NOPERM-2026-DEMO');
    expect(await get(emergency.list.path, noMenus)).toMatchObject({ code: 403 });
    expect(await post(emergency.create.path, { kind: 'FIRE', title: 'x', longitude: 120, latitude: 30 }, noMenus)).toMatchObject({
      code: 403,
    });
    expect((await server.api('GET', emergency.stats.path)).body).toMatchObject({ code: 401 });
  });

  it('refuses bad input for every body and query with a Chinese message naming the field, and stores nothing', async () => {
    const event = await createEvent();
    const task = await dispatch(event.eventId);
    const [team] = await teamsOf(1);
    const before = await stateDigest(server.services.ctx.db);
    const cases: [string, string, Record<string, unknown> | undefined, string][] = [
      ['POST', emergency.create.path, {}, '请选择事件类型'],
      [
        'POST',
        emergency.create.path,
        { kind: 'QUAKE', title: 'x', longitude: 120, latitude: 30 },
        '事件类型不正确（可选：FIRE、FLOOD、STAMPEDE、HYDRANT、OTHER）',
      ],
      ['POST', emergency.create.path, { kind: 'FIRE', longitude: 120, latitude: 30 }, '请填写事件标题'],
      ['POST', emergency.create.path, { kind: 'FIRE', title: '   ', longitude: 120, latitude: 30 }, '请填写事件标题'],
      [
        'POST',
        emergency.create.path,
        { kind: 'FIRE', title: 'x'.repeat(101), longitude: 120, latitude: 30 },
        '事件标题不能超过 100 个字符',
      ],
      ['POST', emergency.create.path, { kind: 'FIRE', title: 'x', latitude: 30 }, '请填写经度'],
      ['POST', emergency.create.path, { kind: 'FIRE', title: 'x', longitude: 200, latitude: 30 }, '经度必须在 -180 到 180 之间'],
      ['POST', emergency.create.path, { kind: 'FIRE', title: 'x', longitude: '东经', latitude: 30 }, '经度必须是数字'],
      [
        'POST',
        emergency.create.path,
        { kind: 'FIRE', title: 'x', longitude: 120, latitude: 30, radius: 5 },
        '影响半径必须在 10 到 10000 米 之间',
      ],
      ['POST', emergency.create.path, { kind: 'FIRE', title: 'x', longitude: 120, latitude: 30, radius: 12.5 }, '影响半径必须是整数'],
      [
        'POST',
        emergency.create.path,
        { kind: 'FIRE', title: 'x', longitude: 120, latitude: 30, level: 'SEVERE' },
        '事件等级不正确（可选：HIGH、MEDIUM、LOW）',
      ],
      ['POST', emergency.fromAlarm.path, {}, '请指定告警'],
      ['POST', emergency.fromAlarm.path, { alarmId: 'a' }, '告警编号必须是正整数'],
      ['POST', emergency.close.path, { eventId: event.eventId }, '请填写处置结果'],
      ['POST', emergency.close.path, { eventId: event.eventId, result: '  ' }, '请填写处置结果'],
      ['POST', emergency.close.path, { eventId: 0, result: 'x' }, '事件编号必须是正整数'],
      ['POST', emergency.dispatch.path, { eventId: event.eventId, teamId: team!.teamId }, '请填写任务名称'],
      ['POST', emergency.dispatch.path, { eventId: event.eventId, title: 'x' }, '请选择班组'],
      [
        'POST',
        emergency.dispatch.path,
        { eventId: event.eventId, title: 'x', teamId: team!.teamId, dueAt: 'soon' },
        '截止时间必须是毫秒时间戳',
      ],
      [
        'POST',
        emergency.dispatch.path,
        { eventId: event.eventId, title: 'x', teamId: team!.teamId, dueAt: 1000 },
        '截止时间必须晚于当前时间',
      ],
      ['POST', emergency.accept.path, {}, '请指定任务'],
      ['POST', emergency.accept.path, { taskId: task.taskId, note: 'x'.repeat(501) }, '备注不能超过 500 个字符'],
      ['POST', emergency.progress.path, { taskId: task.taskId, note: 'x' }, '请填写进度'],
      ['POST', emergency.progress.path, { taskId: task.taskId, percent: 100, note: 'x' }, '进度必须在 0 到 99% 之间'],
      ['POST', emergency.progress.path, { taskId: task.taskId, percent: 10 }, '请填写进度说明'],
      ['POST', emergency.cancel.path, { taskId: task.taskId }, '请填写取消原因'],
      ['POST', emergency.reassign.path, { taskId: task.taskId }, '请选择班组'],
      ['GET', `${emergency.list.path}?status=OPEN`, undefined, '事件状态不正确（可选：ACTIVE、CLOSED）'],
      ['GET', `${emergency.list.path}?kind=x`, undefined, '事件类型不正确（可选：FIRE、FLOOD、STAMPEDE、HYDRANT、OTHER）'],
      ['GET', `${emergency.list.path}?pageSize=500`, undefined, '每页条数不能超过 200'],
      ['GET', `${emergency.list.path}?keyword=${'x'.repeat(51)}`, undefined, '搜索关键字不能超过 50 个字符'],
      ['GET', emergency.byAlarm.path, undefined, '请指定告警'],
      ['GET', `${emergency.byAlarm.path}?alarmId=-1`, undefined, '告警编号必须是正整数'],
      ['GET', `${emergency.resources.path}?eventId=abc`, undefined, '事件编号必须是正整数'],
      ['GET', `${emergency.feed.path}?limit=0`, undefined, '条数必须是 1 到 100 的整数'],
      ['GET', '/security/emergency/abc', undefined, '事件编号必须是正整数'],
    ];
    for (const [method, url, body, message] of cases) {
      const reply = method === 'GET' ? await get(url) : await post(url, body!);
      expect(reply, `${method} ${url} ${JSON.stringify(body)}`).toEqual({ code: 400, msg: message });
    }
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
  });
});

describe('field-work simulator', () => {
  it('accepts a waiting task after the delay and reports 30/60/90 %, never finishing it; it accepts work orders dispatched to a team', async () => {
    const event = await createEvent();
    const task = await dispatch(event.eventId);
    const teams = await teamsOf(1);
    const order = data<{ orderId: number }>(await post('/workOrder/create', { title: '路灯不亮' }));
    await post('/workOrder/assign', { orderId: order.orderId, teamId: teams[2]!.teamId });
    const sim = server.services.fieldWork;
    // Field work is off in tests (delay 0): the step does nothing until the delay is set and has passed.
    (sim as unknown as { options: { delayMs: number } }).options.delayMs = 5_000;
    expect(await sim.step()).toBe(0);
    const statusOf = async () =>
      data<EmergencyTaskRow>(
        await get(detailPath(event.eventId)).then((reply) => ({ ...reply, data: (reply.data as EmergencyEventDetail).tasks[0] })),
      );
    server.advance(5_000);
    expect(await sim.step()).toBe(2);
    expect(await statusOf()).toMatchObject({ status: 'ACCEPTED', percent: 0 });
    const orderDetail = data<{ status: string; events: { action: string; userName: string; note: string }[] }>(
      await get(`/workOrder/detail/${order.orderId}`),
    );
    expect(orderDetail.status).toBe('PROCESSING');
    expect(orderDetail.events.slice(-2).map((entry) => [entry.action, entry.userName])).toEqual([
      ['accept', '系统'],
      ['progress', '系统'],
    ]);
    for (const percent of [30, 60, 90]) {
      expect(await sim.step()).toBe(0);
      server.advance(5_000);
      expect(await sim.step()).toBe(1);
      expect(await statusOf()).toMatchObject({ status: 'PROCESSING', percent });
    }
    server.advance(60_000);
    expect(await sim.step()).toBe(0);
    const history = (await detail(event.eventId)).history.filter((entry) => entry.taskId === task.taskId);
    expect(history.map((entry) => [entry.action, entry.percent, entry.userName, entry.userId])).toEqual([
      ['dispatch', 0, '值班员张敏', 2],
      ['accept', null, '消防一队', null],
      ['progress', 30, '消防一队', null],
      ['progress', 60, '消防一队', null],
      ['progress', 90, '消防一队', null],
    ]);
    expect(history[2]!.note).toBe('已到达现场，接驳就近消火栓出水灭火');
    // The operator finishes it.
    expect(data<EmergencyTaskRow>(await post(emergency.finish.path, { taskId: task.taskId }))).toMatchObject({ status: 'DONE' });
    // Pushed as the team.
    expect((await pushed(1)).filter((message) => message.entry.userName === '消防一队').length).toBe(4);
  });
});

describe('pushes', () => {
  it('stored only messages whose data passes their topic schema (what the web app accepts)', async () => {
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });
});
