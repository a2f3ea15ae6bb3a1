import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  type WorkOrderAction,
  type WorkOrderDetail,
  type WorkOrderRow,
  type WorkOrderStats,
  type WorkOrderStatus,
} from '../../contracts/workOrders';
import { stateDigest } from '../testing/stateDigest';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { workOrderPushTopic } from '../../contracts/push';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const HOUR = 3_600_000;
/** Moves the clock on; the operator logs in again (a session idle that long has expired). */
const later = async (ms: number) => {
  server.advance(ms);
  token = await server.login();
};
type Reply = { code: number; msg: string; data?: unknown; rows?: unknown[]; total?: number };
const post = async (url: string, body: Record<string, unknown>, as = token) =>
  (await server.api('POST', url, { token: as, body, json: true })).body as Reply;
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body as Reply;
const create = async (body: Record<string, unknown> = {}, as = token) => {
  const reply = await post('/workOrder/create', { title: '路灯不亮', ...body }, as);
  if (reply.code !== 200) throw new Error(reply.msg);
  return reply.data as WorkOrderRow;
};
const detail = async (orderId: number, as = token) => (await get(`/workOrder/detail/${orderId}`, as)).data as WorkOrderDetail;
const teamsOf = async (tenantId: number) =>
  (
    await server.app.ctx.db.selectFrom('teams').select(['team_id', 'name']).where('tenant_id', '=', tenantId).orderBy('team_id').execute()
  ).map((team) => ({ teamId: Number(team.team_id), name: team.name }));
/** The admin, switched to tenant 2 (西湖风景名胜区), where every module is open to them. */
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([100, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(100, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 3)]);
const upload = async (orderId: number, bytes: Buffer, contentType = 'image/png', as = token) => {
  const reply = await server.app.inject({
    method: 'POST',
    url: `/api/workOrder/photo?orderId=${orderId}`,
    headers: { authorization: `Bearer ${as}`, 'content-type': contentType },
    payload: bytes,
  });
  return reply.json() as Reply;
};
const photoDir = () => join(server.dataDir, 'workorders');
const storedPhotoFiles = (): string[] => {
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        )
      : [];
  return walk(photoDir());
};

/** An order of tenant 1 brought to `status` through the API. */
async function orderIn(status: WorkOrderStatus): Promise<WorkOrderRow> {
  const order = await create();
  const [team] = await teamsOf(1);
  const step = async (url: string, body: Record<string, unknown>) =>
    expect((await post(url, { orderId: order.orderId, ...body })).code, url).toBe(200);
  if (status === 'PENDING') return order;
  if (status === 'CANCELLED') {
    await step('/workOrder/cancel', { note: '重复报修' });
    return order;
  }
  await step('/workOrder/assign', { teamId: team!.teamId });
  if (status === 'ASSIGNED') return order;
  await step('/workOrder/accept', {});
  if (status === 'PROCESSING') return order;
  await step('/workOrder/close', { result: '已更换灯泡' });
  return order;
}

const actionBody: Record<WorkOrderAction, Record<string, unknown>> = {
  assign: { userId: 2 },
  accept: {},
  progress: { note: '已到现场' },
  close: { result: '已修复' },
  reopen: { note: '又坏了' },
  cancel: { note: '不需要了' },
};
const actionName: Record<WorkOrderAction, string> = {
  assign: '派发',
  accept: '接单',
  progress: '填写进展',
  close: '办结',
  reopen: '重新打开',
  cancel: '取消',
};
const statusName: Record<WorkOrderStatus, string> = {
  PENDING: '待派发',
  ASSIGNED: '已派发',
  PROCESSING: '处理中',
  DONE: '已完成',
  CANCELLED: '已取消',
};

describe('work orders', () => {
  it('are created by hand, from a device and from an alarm, numbered GD-<day>-nnnn consecutively per tenant', async () => {
    const manual = await create({ description: '滨盛路 3 号杆', priority: 'HIGH' });
    expect(manual).toMatchObject({
      orderNo: 'GD-20261122-0001',
      status: 'PENDING',
      statusName: '待派发',
      source: 'manual',
      sourceName: '人工',
      category: 'OTHER',
      priority: 'HIGH',
      priorityName: '高',
      createdBy: 2,
      createdByName: '值班员张敏',
      dueAt: NOW + 8 * HOUR,
      overdue: false,
    });
    const device = await server.app.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'name'])
      .where('tenant_id', '=', 1)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const fromDevice = await create({ title: '设备离线', deviceId: device.device_id });
    expect(fromDevice).toMatchObject({
      orderNo: 'GD-20261122-0002',
      source: 'device',
      category: 'REPAIR',
      priority: 'NORMAL',
      deviceId: device.device_id,
      deviceName: device.name,
      dueAt: NOW + 24 * HOUR,
    });

    const alarm = await server.app.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '烟雾浓度超标', deviceId: device.device_id });
    const fromAlarm = await post('/alarm/workOrder', { alarmId: alarm.alarmId });
    expect(fromAlarm).toMatchObject({
      code: 200,
      msg: '工单已创建',
      data: {
        orderNo: 'GD-20261122-0003',
        source: 'alarm',
        category: 'ALARM',
        priority: 'URGENT',
        alarmId: alarm.alarmId,
        deviceId: device.device_id,
        title: `${alarm.alarmTypeName}：烟雾浓度超标`,
      },
    });
    const orderId = (fromAlarm.data as WorkOrderRow).orderId;
    // The order shows its alarm, the alarm its orders and, in its history, the order raised.
    expect((await detail(orderId)).alarm).toMatchObject({ alarmId: alarm.alarmId, alarmContent: '烟雾浓度超标' });
    expect(((await get(`/alarm/workOrders?alarmId=${alarm.alarmId}`)).data as WorkOrderRow[]).map((order) => order.orderNo)).toEqual([
      'GD-20261122-0003',
    ]);
    const history = ((await get(`/alarm/detail/${alarm.alarmId}`)).data as { history: { action: string; comment: string }[] }).history;
    expect(history.at(-1)).toMatchObject({ action: 'workOrder', comment: '已创建工单 GD-20261122-0003' });
    // Also through /workOrder/create with alarmId.
    expect(await create({ title: '复查', alarmId: alarm.alarmId })).toMatchObject({ orderNo: 'GD-20261122-0004', source: 'alarm' });

    // Another tenant starts its own sequence; a new day starts again at 1.
    expect((await create({}, await otherTenant())).orderNo).toBe('GD-20261122-0001');
    await later(24 * HOUR);
    expect((await create()).orderNo).toBe('GD-20261123-0001');
  });

  it('refuses bad creations, naming the field, and stores nothing', async () => {
    const before = await stateDigest(server.app.ctx.db);
    const alarm = await server.app.alarms.raise({ tenantId: 2, alarmType: 'SMOKE', content: '烟雾' });
    const afterAlarm = await stateDigest(server.app.ctx.db);
    expect(afterAlarm).not.toBe(before);
    for (const [body, reply] of [
      [{}, { code: 400, msg: '请填写工单标题' }],
      [{ title: '' }, { code: 400, msg: '请填写工单标题' }],
      [{ title: '   ' }, { code: 400, msg: '请输入工单标题' }],
      [{ title: 'x'.repeat(101) }, { code: 400, msg: '工单标题不能超过 100 个字符' }],
      [
        { title: 'x', priority: 'P1' },
        { code: 400, msg: '优先级不正确（可选：URGENT、HIGH、NORMAL、LOW）' },
      ],
      [
        { title: 'x', category: 'fix' },
        { code: 400, msg: '工单类别不正确（可选：ALARM、REPAIR、INSPECTION、MAINTENANCE、OTHER）' },
      ],
      [
        { title: 'x', dueAt: 'tomorrow' },
        { code: 400, msg: '截止时间必须是毫秒时间戳' },
      ],
      [
        { title: 'x', dueAt: NOW - 1 },
        { code: 400, msg: '截止时间必须晚于当前时间' },
      ],
      [
        { title: 'x', deviceId: 0 },
        { code: 400, msg: '设备编号必须是正整数' },
      ],
      [
        { title: 'x', deviceId: 999999 },
        { code: 404, msg: '设备不存在：999999' },
      ],
      [
        { title: 'x', alarmId: alarm.alarmId },
        { code: 404, msg: `告警不存在：${alarm.alarmId}` },
      ],
      [
        { title: 'x', description: 5 },
        { code: 400, msg: '工单描述必须是文字' },
      ],
    ] as const) {
      expect(await post('/workOrder/create', body), JSON.stringify(body)).toEqual(reply);
    }
    expect(await post('/alarm/workOrder', {})).toEqual({ code: 400, msg: '请指定告警' });
    expect(await post('/alarm/workOrder', { alarmId: alarm.alarmId })).toEqual({ code: 404, msg: `告警不存在：${alarm.alarmId}` });
    expect(await stateDigest(server.app.ctx.db)).toBe(afterAlarm);
    // A refused creation used no number.
    expect((await create()).orderNo).toBe('GD-20261122-0001');
  });

  it('go 待派发 → 已派发 → 处理中 → 已完成 → 处理中 → 已完成, every change audited with who, when and a note', async () => {
    const order = await create();
    const [team] = await teamsOf(1);
    expect(await post('/workOrder/assign', { orderId: order.orderId, teamId: team!.teamId })).toMatchObject({
      code: 200,
      msg: '工单已派发',
      data: { status: 'ASSIGNED', assigneeTeamId: team!.teamId, assigneeTeamName: '消防一队', assigneeUserId: null },
    });
    // Re-dispatch (改派) to a person while 已派发.
    expect(await post('/workOrder/assign', { orderId: order.orderId, userId: 1, note: '改派管理员' })).toMatchObject({
      code: 200,
      data: { status: 'ASSIGNED', assigneeUserId: 1, assigneeUserName: '系统管理员', assigneeTeamId: null },
    });
    server.advance(60_000);
    expect(await post('/workOrder/accept', { orderId: order.orderId })).toMatchObject({
      code: 200,
      msg: '已接单',
      data: { status: 'PROCESSING' },
    });
    const photo = await upload(order.orderId, PNG);
    expect(photo).toMatchObject({ code: 200, msg: '照片已上传', data: { mime: 'image/png', size: PNG.length, eventId: null } });
    const photoId = (photo.data as { photoId: number }).photoId;
    expect(await post('/workOrder/progress', { orderId: order.orderId, note: '已到现场，灯泡烧毁', photoIds: [photoId] })).toMatchObject({
      code: 200,
      msg: '进展已记录',
      data: { status: 'PROCESSING' },
    });
    expect(await post('/workOrder/close', { orderId: order.orderId, result: '已更换灯泡' })).toMatchObject({
      code: 200,
      msg: '工单已办结',
      data: { status: 'DONE', result: '已更换灯泡', closedAt: NOW + 60_000 },
    });
    expect(await post('/workOrder/reopen', { orderId: order.orderId, note: '夜间复查仍不亮' })).toMatchObject({
      code: 200,
      data: { status: 'PROCESSING', closedAt: null, result: '' },
    });
    expect(await post('/workOrder/close', { orderId: order.orderId, result: '更换镇流器' })).toMatchObject({
      code: 200,
      data: { status: 'DONE', result: '更换镇流器' },
    });

    const full = await detail(order.orderId);
    expect(full.events.map((event) => [event.action, event.fromStatus, event.toStatus, event.note, event.userName])).toEqual([
      ['create', null, 'PENDING', '', '值班员张敏'],
      ['assign', 'PENDING', 'ASSIGNED', '派发给 消防一队', '值班员张敏'],
      ['assign', 'ASSIGNED', 'ASSIGNED', '改派管理员', '值班员张敏'],
      ['accept', 'ASSIGNED', 'PROCESSING', '', '值班员张敏'],
      ['photo', null, null, `照片 ${photoId}（1 KB）`, '值班员张敏'],
      ['progress', 'PROCESSING', 'PROCESSING', '已到现场，灯泡烧毁', '值班员张敏'],
      ['close', 'PROCESSING', 'DONE', '已更换灯泡', '值班员张敏'],
      ['reopen', 'DONE', 'PROCESSING', '夜间复查仍不亮', '值班员张敏'],
      ['close', 'PROCESSING', 'DONE', '更换镇流器', '值班员张敏'],
    ]);
    expect(full.events[3]!.time).toBe(NOW + 60_000);
    expect(full.events[5]!.photoIds).toEqual([photoId]);
    expect(full.photos).toEqual([
      expect.objectContaining({ photoId, eventId: full.events[5]!.id, url: `/workOrder/photo/file?id=${photoId}` }),
    ]);
    const file = await server.app.inject({
      method: 'GET',
      url: `/api/workOrder/photo/file?id=${photoId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // A photo once attached cannot be attached again.
    await post('/workOrder/reopen', { orderId: order.orderId, note: '再查' });
    expect(await post('/workOrder/progress', { orderId: order.orderId, note: 'x', photoIds: [photoId] })).toEqual({
      code: 400,
      msg: `照片 ${photoId} 已附加到其他记录`,
    });
  });

  describe('refuse every action their status does not allow (409, naming both), changing nothing', () => {
    for (const status of WORK_ORDER_STATUSES) {
      const refused = WORK_ORDER_ACTIONS.filter((action) => !WORK_ORDER_TRANSITIONS[action].from.includes(status));
      it(`${statusName[status]}: ${refused.map((action) => actionName[action]).join('、')} refused; the rest allowed`, async () => {
        const order = await orderIn(status);
        const before = await stateDigest(server.app.ctx.db);
        for (const action of refused) {
          const reply = await post(`/workOrder/${action}`, { orderId: order.orderId, ...actionBody[action] });
          expect(reply.code, action).toBe(409);
          expect(reply.msg, action).toMatch(
            new RegExp(`^工单 ${order.orderNo} 当前状态为「${statusName[status]}」，不能${actionName[action]}（仅「`),
          );
        }
        expect(await stateDigest(server.app.ctx.db)).toBe(before);
        // Each allowed action goes through from this status (on a fresh order each time).
        for (const action of WORK_ORDER_ACTIONS.filter((candidate) => !refused.includes(candidate))) {
          const fresh = await orderIn(status);
          const reply = await post(`/workOrder/${action}`, { orderId: fresh.orderId, ...actionBody[action] });
          expect(reply, action).toMatchObject({ code: 200, data: { status: WORK_ORDER_TRANSITIONS[action].to } });
          const last = (await detail(fresh.orderId)).events.at(-1)!;
          expect(last).toMatchObject({ action, fromStatus: status, toStatus: WORK_ORDER_TRANSITIONS[action].to });
        }
      });
    }

    it('names the states an action needs', async () => {
      const order = await orderIn('DONE');
      expect(await post('/workOrder/cancel', { orderId: order.orderId, note: '不用了' })).toEqual({
        code: 409,
        msg: `工单 ${order.orderNo} 当前状态为「已完成」，不能取消（仅「待派发」或「已派发」时可以取消）`,
      });
      expect(await post('/workOrder/accept', { orderId: order.orderId })).toEqual({
        code: 409,
        msg: `工单 ${order.orderNo} 当前状态为「已完成」，不能接单（仅「已派发」时可以接单）`,
      });
    });
  });

  it('refuse assignments to nobody, to both, or outside the tenant, and notes that are missing', async () => {
    const order = await create();
    const [otherTeam] = await teamsOf(2);
    const before = await stateDigest(server.app.ctx.db);
    expect(await post('/workOrder/assign', { orderId: order.orderId })).toEqual({ code: 400, msg: '请指定处理人或处理班组（二选一）' });
    expect(await post('/workOrder/assign', { orderId: order.orderId, userId: 2, teamId: 1 })).toEqual({
      code: 400,
      msg: '请指定处理人或处理班组（二选一）',
    });
    expect(await post('/workOrder/assign', { orderId: order.orderId, userId: 4 })).toEqual({ code: 400, msg: '处理人不属于当前租户：4' });
    expect(await post('/workOrder/assign', { orderId: order.orderId, teamId: otherTeam!.teamId })).toEqual({
      code: 400,
      msg: `班组不存在：${otherTeam!.teamId}`,
    });
    expect(await post('/workOrder/assign', { orderId: order.orderId, userId: 'two' })).toEqual({
      code: 400,
      msg: '处理人编号必须是正整数',
    });
    expect(await post('/workOrder/assign', { userId: 2 })).toEqual({ code: 400, msg: '请指定工单' });
    expect(await post('/workOrder/cancel', { orderId: order.orderId })).toEqual({ code: 400, msg: '请填写取消原因' });
    expect(await post('/workOrder/cancel', { orderId: order.orderId, note: '  ' })).toEqual({ code: 400, msg: '请填写取消原因' });
    expect(await post('/workOrder/cancel', { orderId: order.orderId, note: 'x'.repeat(501) })).toEqual({
      code: 400,
      msg: '取消原因不能超过 500 个字符',
    });
    expect(await post('/workOrder/accept', { orderId: 999999 })).toEqual({ code: 404, msg: '工单不存在：999999' });
    expect(await post('/workOrder/progress', { orderId: order.orderId, note: 'x', photoIds: [true] })).toEqual({
      code: 400,
      msg: '照片编号必须是正整数的列表（最多 9 张）',
    });
    expect(await post('/workOrder/close', { orderId: order.orderId })).toEqual({ code: 400, msg: '请填写处理结果' });
    expect(await stateDigest(server.app.ctx.db)).toBe(before);
  });

  it('take JPEG, PNG and WebP photos while 处理中, by their bytes, and refuse anything else with nothing stored', async () => {
    const pending = await create();
    expect(await upload(pending.orderId, PNG)).toEqual({
      code: 409,
      msg: `工单 ${pending.orderNo} 当前状态为「待派发」，不能上传照片（仅「处理中」时可以上传照片）`,
    });
    const order = await orderIn('PROCESSING');
    const before = await stateDigest(server.app.ctx.db);
    expect(await upload(order.orderId, GIF, 'image/png')).toEqual({ code: 400, msg: '照片必须是 JPEG、PNG 或 WebP 图片' });
    expect(await upload(order.orderId, Buffer.from('not an image at all'), 'application/octet-stream')).toEqual({
      code: 400,
      msg: '照片必须是 JPEG、PNG 或 WebP 图片',
    });
    expect(await upload(order.orderId, GIF, 'image/gif')).toMatchObject({ code: 415 });
    expect(await upload(order.orderId, PNG, 'multipart/form-data; boundary=x')).toMatchObject({ code: 415 });
    expect(await upload(order.orderId, JPEG, 'image/png')).toEqual({
      code: 400,
      msg: '照片内容是 image/jpeg，与声明的类型 image/png 不符',
    });
    expect(await upload(order.orderId, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png')).toEqual({
      code: 413,
      msg: '照片不能超过 5 MB',
    });
    expect(await upload(order.orderId, Buffer.alloc(0), 'image/png')).toMatchObject({ code: 400 });
    expect(await upload(999999, PNG)).toEqual({ code: 404, msg: '工单不存在：999999' });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/workOrder/photo?orderId=x',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
          payload: PNG,
        })
      ).json(),
    ).toEqual({ code: 400, msg: '工单编号必须是正整数' });
    expect(await stateDigest(server.app.ctx.db)).toBe(before);
    expect(storedPhotoFiles()).toEqual([]);

    for (const [bytes, type, ext] of [
      [JPEG, 'image/jpeg', 'jpg'],
      [PNG, 'application/octet-stream', 'png'],
      [WEBP, 'image/webp', 'webp'],
    ] as const) {
      const reply = await upload(order.orderId, bytes, type);
      expect(reply.code, type).toBe(200);
      expect(storedPhotoFiles()).toContain(
        join(photoDir(), '1', String(order.orderId), `${(reply.data as { photoId: number }).photoId}.${ext}`),
      );
    }
    expect((await detail(order.orderId)).photos.map((photo) => photo.mime)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(await get('/workOrder/photo/file?id=999999')).toEqual({ code: 404, msg: '照片不存在' });
  });

  it("of one tenant are another's 404 on every call", async () => {
    const order = await orderIn('PROCESSING');
    const photoId = ((await upload(order.orderId, PNG)).data as { photoId: number }).photoId;
    const alarm = await server.app.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '烟雾' });
    const other = await otherTenant();
    const before = await stateDigest(server.app.ctx.db);
    const missing = { code: 404, msg: `工单不存在：${order.orderId}` };
    expect(await get(`/workOrder/detail/${order.orderId}`, other)).toEqual(missing);
    for (const action of WORK_ORDER_ACTIONS)
      expect(
        await post(
          `/workOrder/${action}`,
          { orderId: order.orderId, ...actionBody[action], ...(action === 'assign' ? { userId: 1 } : {}) },
          other,
        ),
        action,
      ).toEqual(missing);
    expect(await upload(order.orderId, PNG, 'image/png', other)).toEqual(missing);
    expect(await get(`/workOrder/photo/file?id=${photoId}`, other)).toEqual({ code: 404, msg: '照片不存在' });
    expect(await get(`/alarm/workOrders?alarmId=${alarm.alarmId}`, other)).toEqual({ code: 404, msg: `告警不存在：${alarm.alarmId}` });
    expect(await post('/alarm/workOrder', { alarmId: alarm.alarmId }, other)).toEqual({ code: 404, msg: `告警不存在：${alarm.alarmId}` });
    expect(await get('/workOrder/list', other)).toMatchObject({ code: 200, rows: [], total: 0 });
    expect(await get(`/workOrder/list?alarmId=${alarm.alarmId}`, other)).toMatchObject({ total: 0 });
    expect((await get('/workOrder/stats', other)).data).toMatchObject({ total: 0 });
    const assignees = (await get('/workOrder/assignees', other)).data as { teams: { name: string }[]; users: { userId: number }[] };
    expect(assignees.teams.map((team) => team.name)).toEqual(['景区巡逻队', '运维班', '保洁组', '应急救援队']);
    expect(assignees.users.map((user) => user.userId)).toEqual([1, 2, 4]);
    expect(await stateDigest(server.app.ctx.db)).toBe(before);
  });

  it('are open to 工单管理; the alarm side to 告警管理 too; to nobody else', async () => {
    const viewer = await server.login('NOPERM-2026-DEMO');
    expect(await get('/workOrder/list', viewer)).toMatchObject({ code: 403 });
    expect(await post('/workOrder/create', { title: 'x' }, viewer)).toMatchObject({ code: 403 });
    // The scenic operator has 告警管理 but not 运维管理.
    const scenic = await server.login('OPER-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token: scenic, body: { tenantId: 2 } })).body.code).toBe(200);
    expect(await get('/workOrder/list', scenic)).toMatchObject({ code: 403 });
    const alarm = await server.app.alarms.raise({ tenantId: 2, alarmType: 'SMOKE', content: '烟雾' });
    expect(await post('/alarm/workOrder', { alarmId: alarm.alarmId, title: '湖滨烟雾复核' }, scenic)).toMatchObject({
      code: 200,
      data: { title: '湖滨烟雾复核', source: 'alarm' },
    });
    expect(((await get(`/alarm/workOrders?alarmId=${alarm.alarmId}`, scenic)).data as unknown[]).length).toBe(1);
  });

  it('are escalated once when overdue (the leader job), shown as overdue, and counted against the SLA', async () => {
    const soon = await create({ title: '井盖缺失', dueAt: NOW + HOUR });
    const lowPriority = await create({ title: '绿化修剪', priority: 'LOW' });
    const done = await orderIn('DONE');
    expect(await server.app.workOrders.escalateOverdue()).toBe(0);
    await later(2 * HOUR);
    const before = await detail(soon.orderId);
    expect(before).toMatchObject({ overdue: true, escalatedAt: null });
    expect(await server.app.workOrders.escalateOverdue()).toBe(1);
    expect(await server.app.workOrders.escalateOverdue()).toBe(0);
    const after = await detail(soon.orderId);
    expect(after).toMatchObject({ overdue: true, escalatedAt: NOW + 2 * HOUR, status: 'PENDING' });
    expect(after.events.at(-1)).toMatchObject({
      action: 'escalate',
      actionName: '超时升级',
      userName: '系统',
      userId: null,
      note: '已超过处理时限 60 分钟，自动升级',
    });
    expect((await detail(lowPriority.orderId)).escalatedAt).toBeNull();
    expect((await detail(done.orderId)).escalatedAt).toBeNull();
    expect(await get('/workOrder/list?overdue=1')).toMatchObject({ total: 1, rows: [expect.objectContaining({ orderId: soon.orderId })] });
    expect(await get('/workOrder/list?escalated=1')).toMatchObject({ total: 1 });
    expect(await get('/workOrder/list?overdue=0')).toMatchObject({ total: 2 });

    // Closed late: one SLA miss beside the one met.
    await post('/workOrder/assign', { orderId: soon.orderId, userId: 2 });
    await post('/workOrder/accept', { orderId: soon.orderId });
    await post('/workOrder/close', { orderId: soon.orderId, result: '已补装井盖' });
    const stats = (await get('/workOrder/stats?days=3')).data as WorkOrderStats;
    expect(stats).toMatchObject({ total: 3, open: 1, overdue: 0, escalated: 0, slaMet: 1, slaMissed: 1, slaRate: 0.5, createdToday: 3 });
    expect(stats.byStatus).toEqual({ PENDING: 1, ASSIGNED: 0, PROCESSING: 0, DONE: 2, CANCELLED: 0 });
    expect(stats.byPriority).toEqual({ URGENT: 0, HIGH: 0, NORMAL: 2, LOW: 1 });
    const today = Date.UTC(2026, 10, 21, 16, 0, 0);
    expect(stats.perDay).toEqual([
      { day: today - 2 * 86_400_000, created: 0, closed: 0 },
      { day: today - 86_400_000, created: 0, closed: 0 },
      { day: today, created: 3, closed: 2 },
    ]);
  });

  it('statistics are read once per 10 s per tenant, and again at once after any change of the tenant', async () => {
    // The order's own push reaches this instance first (on PostgreSQL through NOTIFY, a moment later).
    const announced = new Promise<void>((resolve) =>
      server.app.pushHub.subscribe(1, (message) => message.eventType === 'WORK_ORDER' && resolve()),
    );
    await create({ title: '路灯不亮' });
    await announced;
    const first = (await get('/workOrder/stats')).data as WorkOrderStats;
    expect(first).toMatchObject({ total: 1, createdToday: 1 });
    // Written behind the service's back (as another instance of a cluster would): not seen within 10 s…
    const row = await server.app.ctx.db.selectFrom('work_orders').selectAll().executeTakeFirstOrThrow();
    await server.app.ctx.db
      .insertInto('work_orders')
      .values({ ...row, order_id: undefined, order_no: 'GD-20261122-9999' })
      .execute();
    expect(((await get('/workOrder/stats')).data as WorkOrderStats).total).toBe(1);
    // …another tenant has its own…
    const other = await otherTenant();
    expect(((await get('/workOrder/stats', other)).data as WorkOrderStats).total).toBe(0);
    // …a change through the service shows at once…
    await create({ title: '井盖松动' });
    expect(((await get('/workOrder/stats')).data as WorkOrderStats).total).toBe(3);
    // …so does one another instance made: its push reaches this one…
    await server.app.ctx.db
      .insertInto('work_orders')
      .values({ ...row, order_id: undefined, order_no: 'GD-20261122-9997' })
      .execute();
    await server.app.pushHub.publish(1, workOrderPushTopic, {
      orderId: 99,
      orderNo: 'GD-20261122-9997',
      action: 'create',
      actionName: '创建',
      status: 'PENDING',
      statusName: '待派发',
      alarmId: null,
      userId: null,
      time: Date.now(),
    });
    await vi.waitFor(async () => expect(((await get('/workOrder/stats')).data as WorkOrderStats).total).toBe(4));
    // …and the time limit, with the overdue count, holds without changes too.
    await server.app.ctx.db
      .insertInto('work_orders')
      .values({ ...row, order_id: undefined, order_no: 'GD-20261122-9998' })
      .execute();
    await later(10_000);
    expect(((await get('/workOrder/stats')).data as WorkOrderStats).total).toBe(5);
  });

  it('are listed newest first with filters and paging', async () => {
    const [team] = await teamsOf(1);
    const device = await server.app.ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', 1)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const first = await create({ title: '东广场路灯闪烁', priority: 'URGENT' });
    await later(HOUR);
    const second = await create({ title: '摄像机画面模糊', deviceId: device.device_id });
    await later(HOUR);
    const third = await create({ title: '西广场积水', category: 'INSPECTION' });
    await post('/workOrder/assign', { orderId: second.orderId, teamId: team!.teamId });
    await post('/workOrder/assign', { orderId: third.orderId, userId: 1 });
    const ids = async (search: string) => {
      const reply = await get(`/workOrder/list${search}`);
      expect(reply.code, search).toBe(200);
      return { ids: (reply.rows as WorkOrderRow[]).map((row) => row.orderId), total: reply.total };
    };
    expect(await ids('')).toEqual({ ids: [third.orderId, second.orderId, first.orderId], total: 3 });
    expect(await ids('?pageNum=2&pageSize=2')).toEqual({ ids: [first.orderId], total: 3 });
    expect(await ids('?pageNum=5&pageSize=2')).toEqual({ ids: [], total: 3 });
    expect(await ids('?status=ASSIGNED')).toEqual({ ids: [third.orderId, second.orderId], total: 2 });
    expect(await ids('?priority=URGENT')).toEqual({ ids: [first.orderId], total: 1 });
    expect(await ids('?source=device')).toEqual({ ids: [second.orderId], total: 1 });
    expect(await ids('?category=INSPECTION')).toEqual({ ids: [third.orderId], total: 1 });
    expect(await ids(`?assigneeTeamId=${team!.teamId}`)).toEqual({ ids: [second.orderId], total: 1 });
    expect(await ids('?assigneeUserId=1')).toEqual({ ids: [third.orderId], total: 1 });
    expect(await ids(`?deviceId=${device.device_id}`)).toEqual({ ids: [second.orderId], total: 1 });
    expect(await ids(`?keyword=${encodeURIComponent('广场')}`)).toEqual({ ids: [third.orderId, first.orderId], total: 2 });
    expect(await ids('?keyword=gd-20261122-0002')).toEqual({ ids: [second.orderId], total: 1 });
    // A number's beginning, in any case, finds the numbers that begin so (a range of the number index).
    expect(await ids('?keyword=GD-20261122')).toEqual({ ids: [third.orderId, second.orderId, first.orderId], total: 3 });
    expect(await ids('?keyword=gd-')).toEqual({ ids: [third.orderId, second.orderId, first.orderId], total: 3 });
    expect(await ids('?keyword=GD-20261122-0009')).toEqual({ ids: [], total: 0 });
    expect(await ids('?keyword=GD-20261123')).toEqual({ ids: [], total: 0 });
    expect(await ids('?keyword=0003')).toEqual({ ids: [third.orderId], total: 1 });
    expect(await ids(`?keyword=${encodeURIComponent('%')}`)).toEqual({ ids: [], total: 0 });
    expect(await ids(`?keyword=${encodeURIComponent('西广场')}`)).toEqual({ ids: [third.orderId], total: 1 });
    expect(await ids(`?keyword=${encodeURIComponent('广场_')}`)).toEqual({ ids: [], total: 0 });
    expect(await ids(`?beginTime=${NOW + HOUR}&endTime=${NOW + HOUR}`)).toEqual({ ids: [second.orderId], total: 1 });
    expect(await ids(`?dueEnd=${NOW + 10 * HOUR}`)).toEqual({ ids: [first.orderId], total: 1 });
    expect(await ids(`?dueBegin=${NOW + 10 * HOUR}&status=ASSIGNED&priority=NORMAL`)).toEqual({
      ids: [third.orderId, second.orderId],
      total: 2,
    });
  });

  it.each([
    ['?status=OPEN', '工单状态不正确（可选：PENDING、ASSIGNED、PROCESSING、DONE、CANCELLED）'],
    ['?priority=P1', '优先级不正确（可选：URGENT、HIGH、NORMAL、LOW）'],
    ['?source=email', '工单来源不正确（可选：alarm、device、manual）'],
    ['?category=x', '工单类别不正确（可选：ALARM、REPAIR、INSPECTION、MAINTENANCE、OTHER）'],
    ['?assigneeUserId=0', '处理人编号必须是正整数'],
    ['?assigneeTeamId=abc', '班组编号必须是正整数'],
    ['?pageSize=201', '每页条数不能超过 200'],
    ['?pageNum=0', '页码必须是正整数'],
    ['?beginTime=yesterday', '开始时间必须是毫秒时间戳'],
    ['?dueEnd=-1', '截止结束时间必须是毫秒时间戳'],
    ['?overdue=yes', '是否超时只能是 0 或 1'],
    ['?escalated=2', '是否已升级只能是 0 或 1'],
    [`?keyword=${'x'.repeat(51)}`, '搜索关键字不能超过 50 个字符'],
    ['?status=PENDING&status=DONE', '工单状态不正确'],
  ])('refuse the list filter %s', async (search, msg) => {
    expect(await get(`/workOrder/list${search}`)).toEqual({ code: 400, msg });
  });

  it('refuse bad ids and days elsewhere', async () => {
    expect(await get('/workOrder/detail/abc')).toEqual({ code: 400, msg: '工单编号必须是正整数' });
    expect(await get('/workOrder/stats?days=91')).toEqual({ code: 400, msg: '天数必须是 1 到 90 的整数' });
    expect(await get('/workOrder/photo/file')).toEqual({ code: 400, msg: '请指定照片编号' });
    expect(await get('/alarm/workOrders')).toEqual({ code: 400, msg: '请指定告警' });
    expect(await get('/alarm/workOrders?alarmId=-3')).toEqual({ code: 400, msg: '告警编号必须是正整数' });
  });
});
