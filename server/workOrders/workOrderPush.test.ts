import { describe, expect, it, vi } from 'vitest';
import pushEvents from '../../registry/pushEvents.json';
import { WORK_ORDER_PUSH_EVENT, WORK_ORDER_PUSH_TOPIC, type WorkOrderChanged, type WorkOrderRow } from '../../contracts/workOrders';
import { workOrderPushTopic } from '../../contracts/push';
import { pushValidator } from '../../core/push/pushValidator';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const HOUR = 3_600_000;
type Reply = { code: number; msg: string; data?: unknown };
const post = async (url: string, body: Record<string, unknown>) =>
  (await server.api('POST', url, { token, body, json: true })).body as Reply;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The WORK_ORDER messages committed to push_log since `afterSeq`, per tenant, in order. */
async function pushed(afterSeq = 0): Promise<{ tenantId: number; seq: number; data: WorkOrderChanged }[]> {
  const rows = await server.app.ctx.db
    .selectFrom('push_log')
    .select(['tenant_id', 'seq', 'payload'])
    .where('event_type', '=', WORK_ORDER_PUSH_EVENT)
    .where('seq', '>', afterSeq)
    .orderBy('tenant_id')
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({
    tenantId: row.tenant_id,
    seq: Number(row.seq),
    data: (JSON.parse(row.payload) as { data: WorkOrderChanged }).data,
  }));
}
const lastSeq = async () => Math.max(0, ...(await pushed()).map((message) => message.seq));

describe('work-order pushes', () => {
  it('are routed silently to the workOrder.changed topic', () => {
    expect((pushEvents.events as Record<string, unknown>)[WORK_ORDER_PUSH_EVENT]).toEqual({
      action: 'silent',
      topic: WORK_ORDER_PUSH_TOPIC,
    });
  });

  it('announce every change once, after it is committed, to its tenant only, with number, action and status', async () => {
    const team = await server.app.ctx.db
      .selectFrom('teams')
      .select('team_id')
      .where('tenant_id', '=', 1)
      .orderBy('team_id')
      .executeTakeFirstOrThrow();
    const created = (await post('/workOrder/create', { title: '路灯不亮', dueAt: NOW + HOUR })).data as WorkOrderRow;
    // Each live message as the web app takes it: checked against the topic's schema (one that fails is missing below).
    const live: WorkOrderChanged[] = [];
    const validate = pushValidator(workOrderPushTopic);
    server.app.pushHub.subscribe(1, ({ eventType, data }) => {
      if (eventType === workOrderPushTopic.eventType && validate(data)) live.push(data);
    });
    const orderId = created.orderId;
    expect((await post('/workOrder/assign', { orderId, teamId: Number(team.team_id) })).code).toBe(200);
    expect((await post('/workOrder/assign', { orderId, userId: 1 })).code).toBe(200);
    expect((await post('/workOrder/accept', { orderId })).code).toBe(200);
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/workOrder/photo?orderId=${orderId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    const photoId = (upload.json() as { data: { photoId: number } }).data.photoId;
    expect((await post('/workOrder/progress', { orderId, note: '已到现场', photoIds: [photoId] })).code).toBe(200);
    expect((await post('/workOrder/close', { orderId, result: '已更换灯泡' })).code).toBe(200);
    expect((await post('/workOrder/reopen', { orderId, note: '又不亮了' })).code).toBe(200);
    const cancelled = (await post('/workOrder/create', { title: '井盖松动' })).data as WorkOrderRow;
    expect((await post('/workOrder/cancel', { orderId: cancelled.orderId, note: '重复报修' })).code).toBe(200);
    const late = (await post('/workOrder/create', { title: '护栏损坏', dueAt: NOW + HOUR })).data as WorkOrderRow;
    server.advance(2 * HOUR);
    await server.app.workOrders.escalateOverdue();

    const messages = await pushed();
    expect(messages.every((message) => message.tenantId === 1)).toBe(true);
    expect(messages.map(({ data }) => [data.orderNo, data.action, data.status])).toEqual([
      [created.orderNo, 'create', 'PENDING'],
      [created.orderNo, 'assign', 'ASSIGNED'],
      [created.orderNo, 'assign', 'ASSIGNED'],
      [created.orderNo, 'accept', 'PROCESSING'],
      [created.orderNo, 'photo', 'PROCESSING'],
      [created.orderNo, 'progress', 'PROCESSING'],
      [created.orderNo, 'close', 'DONE'],
      [created.orderNo, 'reopen', 'PROCESSING'],
      [cancelled.orderNo, 'create', 'PENDING'],
      [cancelled.orderNo, 'cancel', 'CANCELLED'],
      [late.orderNo, 'create', 'PENDING'],
      // The reopened order is overdue too: both open ones escalate, oldest first.
      [created.orderNo, 'escalate', 'PROCESSING'],
      [late.orderNo, 'escalate', 'PENDING'],
    ]);
    expect(messages[1]!.data).toMatchObject({
      orderId,
      actionName: '派发',
      statusName: '已派发',
      alarmId: null,
      userId: expect.any(Number),
    });
    expect(messages.at(-1)!.data).toMatchObject({ orderId: late.orderId, actionName: '超时升级', userId: null });
    // The live sockets of the tenant got the same messages (those after subscribing), each once.
    // On PostgreSQL they reach the sockets through NOTIFY, a moment after the commit.
    await vi.waitFor(() =>
      expect(live.map((data) => `${data.orderNo}:${data.action}`)).toEqual(
        messages.slice(1).map(({ data }) => `${data.orderNo}:${data.action}`),
      ),
    );
    // Escalating again marks nothing and announces nothing.
    const before = await lastSeq();
    await server.app.workOrders.escalateOverdue();
    expect(await pushed(before)).toEqual([]);
  });

  it('announce nothing for a refused change, bad input or another tenant', async () => {
    const order = (await post('/workOrder/create', { title: '路灯不亮' })).data as WorkOrderRow;
    const before = await lastSeq();
    expect((await post('/workOrder/accept', { orderId: order.orderId })).code).toBe(409);
    expect((await post('/workOrder/close', { orderId: order.orderId, result: '已修复' })).code).toBe(409);
    expect((await post('/workOrder/reopen', { orderId: order.orderId, note: '再开' })).code).toBe(409);
    expect((await post('/workOrder/assign', { orderId: order.orderId })).code).toBe(400);
    expect((await post('/workOrder/create', { title: '' })).code).toBe(400);
    expect((await post('/workOrder/create', { title: '过期', dueAt: NOW - 1 })).code).toBe(400);
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api/workOrder/photo?orderId=${order.orderId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect((upload.json() as Reply).code).toBe(409);
    const other = await server.login('ADMIN-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
    expect(
      (await server.api('POST', '/workOrder/cancel', { token: other, body: { orderId: order.orderId, note: '不是我的' }, json: true })).body
        .code,
    ).toBe(404);
    expect(await pushed(before)).toEqual([]);
  });
});

describe('pushes', () => {
  it('stored only messages whose data passes their topic schema (what the web app accepts)', async () => {
    expect(await storedPushesFailingTheirTopic(server.app.ctx.db)).toEqual([]);
  });
});
