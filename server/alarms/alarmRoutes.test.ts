import { describe, expect, it } from 'vitest';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const raise = (alarmType = 'SMOKE', tenantId = 1, deviceId?: number) =>
  server.services.alarms.raise({ tenantId, alarmType, content: '烟雾浓度超标', ...(deviceId ? { deviceId } : {}) });
const post = async (url: string, body: Record<string, unknown>, as = token) => (await server.api('POST', url, { token: as, body })).body;
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body;

describe('alarms', () => {
  it('are raised with the type default grade, listed newest first and filtered', async () => {
    const device = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'name'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'smoke')
      .executeTakeFirstOrThrow();
    await raise('SMOKE', 1, device.device_id);
    await raise('TRASH_OVERFLOW');
    const list = (await get('/devi/aep/alarm/lists?pageNum=1&pageSize=10')) as unknown as {
      rows: { alarmType: string; alarmTypeName: string; grade: string; status: string; deviceName: string }[];
      total: number;
    };
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({
      alarmType: 'TRASH_OVERFLOW',
      alarmTypeName: '垃圾满溢',
      grade: 'ALARM_GRADE_LOW',
      status: 'ALARM_STATUS_UNTREATED',
    });
    expect(list.rows[1]).toMatchObject({ alarmType: 'SMOKE', grade: 'ALARM_GRADE_HIGH', deviceName: device.name });
    expect(((await get('/devi/aep/alarm/lists?grade=ALARM_GRADE_HIGH')) as unknown as { total: number }).total).toBe(1);
    expect(((await get(`/devi/aep/alarm/lists?id=${device.device_id}`)) as unknown as { total: number }).total).toBe(1);
    expect(((await get('/devi/aep/alarm/lists?alarmType=SMOKE&status=ALARM_STATUS_UNTREATED')) as unknown as { total: number }).total).toBe(
      1,
    );
    expect(((await get(`/devi/aep/alarm/lists?beginTime=${Date.UTC(2030, 0, 1)}`)) as unknown as { total: number }).total).toBe(0);
  });

  it.each([
    ['?grade=URGENT', '告警等级不正确'],
    ['?status=DONE', '告警状态不正确'],
    ['?alarmType=smoke;drop', '告警类型不正确'],
    ['?pageSize=201', '每页条数不能超过 200'],
    ['?beginTime=yesterday', '开始时间必须是毫秒时间戳'],
    ['?id=0', '设备编号必须是正整数'],
  ])('refuses the filter %s', async (query, msg) => {
    expect(await get(`/devi/aep/alarm/lists${query}`)).toEqual({ code: 400, msg });
  });

  it('go through their lifecycle one step at a time, each step recorded with who, when and a comment', async () => {
    const alarm = await raise();
    for (const [status, comment] of [
      ['ALARM_STATUS_PROCESSING', '已派人前往'],
      ['ALARM_STATUS_COMPLET', '现场已处置'],
      ['ALARM_STATUS_CONFIRMED', '确认完成'],
    ]) {
      expect((await post('/alarm/transition', { alarmId: alarm.alarmId, status, comment })).code).toBe(200);
    }
    const detail = (await get(`/alarm/detail/${alarm.alarmId}`)).data as {
      status: string;
      history: { action: string; toStatus: string; comment: string; userName: string }[];
    };
    expect(detail.status).toBe('ALARM_STATUS_CONFIRMED');
    expect(detail.history.map((entry) => [entry.action, entry.toStatus, entry.comment, entry.userName])).toEqual([
      ['raise', 'ALARM_STATUS_UNTREATED', '', '系统'],
      ['transition', 'ALARM_STATUS_PROCESSING', '已派人前往', '值班员张敏'],
      ['transition', 'ALARM_STATUS_COMPLET', '现场已处置', '值班员张敏'],
      ['transition', 'ALARM_STATUS_CONFIRMED', '确认完成', '值班员张敏'],
    ]);
  });

  it('refuse skipping, going back, repeating and unknown statuses, changing nothing', async () => {
    const alarm = await raise();
    expect(await post('/alarm/transition', { alarmId: alarm.alarmId, status: 'ALARM_STATUS_COMPLET' })).toEqual({
      code: 400,
      msg: '告警须逐步处理：「待处理」之后是「处理中」，不能直接变为「待确认」',
    });
    expect(await post('/alarm/transition', { alarmId: alarm.alarmId, status: 'ALARM_STATUS_UNTREATED' })).toEqual({
      code: 400,
      msg: '告警已经是「待处理」',
    });
    await post('/alarm/transition', { alarmId: alarm.alarmId, status: 'ALARM_STATUS_PROCESSING' });
    expect(await post('/alarm/transition', { alarmId: alarm.alarmId, status: 'ALARM_STATUS_UNTREATED' })).toEqual({
      code: 400,
      msg: '告警状态不能回退：「处理中」不能改为「待处理」',
    });
    expect(await post('/alarm/transition', { alarmId: alarm.alarmId, status: 'DONE' })).toEqual({ code: 400, msg: '告警状态不正确' });
    expect(await post('/alarm/transition', { alarmId: alarm.alarmId })).toEqual({ code: 400, msg: '请指定目标状态' });
    expect(await post('/alarm/transition', { alarmId: 999999, status: 'ALARM_STATUS_PROCESSING' })).toEqual({
      code: 404,
      msg: '告警不存在：999999',
    });
    const detail = (await get(`/alarm/detail/${alarm.alarmId}`)).data as { status: string; history: unknown[] };
    expect(detail.status).toBe('ALARM_STATUS_PROCESSING');
    expect(detail.history).toHaveLength(2);
  });

  it('are assigned to an operator of the tenant and commented on', async () => {
    const alarm = await raise();
    expect((await post('/alarm/assign', { alarmId: alarm.alarmId, userId: 3, comment: '请李强处理' })).code).toBe(200);
    expect(await post('/alarm/assign', { alarmId: alarm.alarmId, userId: 4 })).toEqual({ code: 400, msg: '处理人不属于当前租户：4' });
    expect((await post('/alarm/comment', { alarmId: alarm.alarmId, comment: '现场有积水' })).code).toBe(200);
    expect(await post('/alarm/comment', { alarmId: alarm.alarmId, comment: '' })).toMatchObject({ code: 400, msg: '请输入备注' });
    const detail = (await get(`/alarm/detail/${alarm.alarmId}`)).data as {
      assigneeId: number;
      history: { action: string; comment: string }[];
    };
    expect(detail.assigneeId).toBe(3);
    expect(detail.history.map((entry) => entry.action)).toEqual(['raise', 'assign', 'comment']);
    expect(((await get('/alarm/assignees')).data as { userId: number }[]).map((user) => user.userId)).toEqual([1, 2, 3]);
  });

  it('count by status and grade', async () => {
    await raise('SMOKE');
    await raise('SMOKE');
    const third = await raise('TRASH_OVERFLOW');
    await post('/alarm/transition', { alarmId: third.alarmId, status: 'ALARM_STATUS_PROCESSING' });
    const stats = (await get('/alarm/stats')).data as { byStatus: Record<string, number>; byGrade: Record<string, number>; total: number };
    expect(stats.total).toBe(3);
    expect(stats.byStatus).toMatchObject({ ALARM_STATUS_UNTREATED: 2, ALARM_STATUS_PROCESSING: 1, ALARM_STATUS_COMPLET: 0 });
    expect(stats.byGrade).toMatchObject({ ALARM_GRADE_HIGH: 2, ALARM_GRADE_LOW: 1 });
  });

  it('show the emergency view with cameras and speakers nearby', async () => {
    const device = await server.services.ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'smoke')
      .executeTakeFirstOrThrow();
    const alarm = await raise('SMOKE', 1, device.device_id);
    const view = (await get(`/alarm/emergency/${alarm.alarmId}`)).data as { alarm: { alarmId: number }; nearbyDevices: { kind: string }[] };
    expect(view.alarm.alarmId).toBe(alarm.alarmId);
    expect(view.nearbyDevices.every((entry) => ['camera', 'broad', 'screen'].includes(entry.kind))).toBe(true);
  });

  it('of one tenant are invisible to another', async () => {
    const alarm = await raise('SMOKE', 1);
    const scenic = await server.login('ADMIN-2026-DEMO');
    await post('/tenantLogin', { tenantId: 2 }, scenic);
    expect(((await get('/devi/aep/alarm/lists', scenic)) as unknown as { total: number }).total).toBe(0);
    expect(await get(`/alarm/detail/${alarm.alarmId}`, scenic)).toEqual({ code: 404, msg: `告警不存在：${alarm.alarmId}` });
    expect(await post('/alarm/transition', { alarmId: alarm.alarmId, status: 'ALARM_STATUS_PROCESSING' }, scenic)).toEqual({
      code: 404,
      msg: `告警不存在：${alarm.alarmId}`,
    });
    expect(await get(`/alarm/emergency/${alarm.alarmId}`, scenic)).toMatchObject({ code: 404 });
    // Written from the tenant's own row only: nothing changes, nothing is recorded.
    expect(await post('/alarm/comment', { alarmId: alarm.alarmId, comment: '越权备注' }, scenic)).toEqual({
      code: 404,
      msg: `告警不存在：${alarm.alarmId}`,
    });
    const history = await server.services.ctx.db
      .selectFrom('alarm_history')
      .select('action')
      .where('alarm_id', '=', alarm.alarmId)
      .execute();
    expect(history.map((entry) => entry.action)).toEqual(['raise']);
    expect((await server.services.alarms.get(1, alarm.alarmId)).status).toBe('ALARM_STATUS_UNTREATED');
  });

  it('raised by the simulated fleet go through the same path', async () => {
    expect(await server.services.simulator.raiseAlarms(5)).toBe(5);
    const all = await server.services.ctx.db.selectFrom('alarms').selectAll().execute();
    expect(all).toHaveLength(5);
    // Each pushed as an alarm (an emergency type may also open an event, pushed as EMERGENCY_TASK).
    expect(await server.services.ctx.db.selectFrom('push_log').selectAll().where('event_type', '=', 'DEVICE_ALARM').execute()).toHaveLength(
      5,
    );
  });
});

describe('pushes', () => {
  it('stored only messages whose data passes their topic schema (what the web app accepts)', async () => {
    expect(await storedPushesFailingTheirTopic(server.services.ctx.db)).toEqual([]);
  });
});
