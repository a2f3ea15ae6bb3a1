import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CASE_ACTIONS,
  CASE_STATUSES,
  CASE_TRANSITIONS,
  type CaseDetail,
  type CaseRow,
  type CaseStats,
  type CaseStatus,
} from '../../contracts/cases';
import type { WorkOrderRow } from '../../contracts/workOrders';
import { stateDigest } from '../testing/stateDigest';
import { setupTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

type Reply = { code: number; msg: string; data?: unknown; rows?: unknown[]; total?: number };
const post = async (url: string, body: Record<string, unknown> = {}, as = token) =>
  (await server.api('POST', url, { token: as, body, json: true })).body as Reply;
const get = async (url: string, as = token) => (await server.api('GET', url, { token: as })).body as Reply;
const dataOf = <T>(reply: Reply): T => {
  expect(reply.code, reply.msg).toBe(200);
  return reply.data as T;
};
/** 江南大道 (tenant 1's first named place) and a step east. */
const PLACE = { longitude: 120.2105, latitude: 30.2085 };
const register = async (body: Record<string, unknown> = {}, as = token) =>
  dataOf<CaseRow>(await post('/cases', { kind: 'complaint', title: '夜间施工噪音扰民', reporterName: '王先生', ...PLACE, ...body }, as));
const detail = async (caseId: number, as = token) => dataOf<CaseDetail>(await get(`/cases/${caseId}`, as));
const ACTION_BODY = { assign: { team: 'B' }, handle: { note: '已到场处置' }, close: { note: '回访满意' }, reject: { reason: '重复上报' } };
/** The path from registered to each status. */
const PATH: Record<CaseStatus, (keyof typeof ACTION_BODY)[]> = {
  registered: [],
  assigned: ['assign'],
  handled: ['assign', 'handle'],
  closed: ['assign', 'handle', 'close'],
  rejected: ['reject'],
};
const caseIn = async (status: CaseStatus) => {
  const created = await register();
  for (const action of PATH[status]) dataOf(await post(`/cases/${created.caseId}/${action}`, ACTION_BODY[action]));
  return detail(created.caseId);
};
const otherTenant = async () => {
  const other = await server.login('ADMIN-2026-DEMO');
  expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
  return other;
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100, 3)]);
const upload = async (caseId: number | string, bytes: Buffer, contentType = 'image/png', as = token) =>
  (
    await server.app.inject({
      method: 'POST',
      url: `/api/cases/evidence?caseId=${caseId}`,
      headers: { authorization: `Bearer ${as}`, 'content-type': contentType },
      payload: bytes,
    })
  ).json() as Reply;
const evidenceFiles = (): string[] => {
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        )
      : [];
  return walk(join(server.dataDir, 'cases'));
};

describe('cases', () => {
  it('are numbered per tenant and day, raise their city alarm, and move registered → assigned (a work order) → handled → closed with an audit row per step', async () => {
    const first = await register();
    const second = await register({ kind: 'environment', title: '河道水面漂浮垃圾', reporterName: '', source: 'patrol' });
    expect(first).toMatchObject({
      caseNo: 'AJ-20261122-0001',
      status: 'registered',
      statusName: '已登记',
      kindName: '投诉',
      area: '江南大道',
      team: null,
    });
    expect(second).toMatchObject({ caseNo: 'AJ-20261122-0002', sourceName: '巡查上报', alarmId: null });
    // A complaint raises COMPLAINT_SUGGESTION; the toast's page finds the case by its alarm.
    expect(first.alarmId).not.toBeNull();
    const alarm = await server.services.alarms.get(1, first.alarmId!);
    expect(alarm).toMatchObject({ alarmType: 'COMPLAINT_SUGGESTION', alarmContent: `投诉案件 ${first.caseNo}：夜间施工噪音扰民` });
    expect(dataOf<CaseRow>(await get(`/cases/byAlarm/${first.alarmId}`)).caseId).toBe(first.caseId);
    const pushed = await server.services.ctx.db
      .selectFrom('push_log')
      .select(['event_type', 'payload'])
      .where('tenant_id', '=', 1)
      .execute();
    const cityEvent = pushed.find((row) => row.event_type === 'COMPLAINT_SUGGESTION_EVENT');
    expect(JSON.parse(String(cityEvent?.payload)).data).toMatchObject({
      alarmId: first.alarmId,
      caseId: first.caseId,
      caseNo: first.caseNo,
    });
    expect(pushed.filter((row) => row.event_type === 'CASE_CHANGED')).toHaveLength(2);

    const assigned = dataOf<CaseRow>(await post(`/cases/${first.caseId}/assign`, { team: 'B' }));
    expect(assigned).toMatchObject({ status: 'assigned', team: 'B', teamName: 'B 班组' });
    const order = dataOf<WorkOrderRow>(await get(`/workOrder/detail/${assigned.workOrderId}`));
    expect(order).toMatchObject({
      title: `案件 ${first.caseNo}：夜间施工噪音扰民`,
      status: 'ASSIGNED',
      alarmId: first.alarmId,
      category: 'INSPECTION',
    });
    // The field team handles (the simulator's way: no operator), the operator closes.
    await server.services.cases.cases.actions.handle(1, null, first.caseId, '已责令停工');
    const closed = dataOf<CaseRow>(await post(`/cases/${first.caseId}/close`, { note: '回访满意' }));
    expect(closed).toMatchObject({ status: 'closed', statusName: '已结案' });
    expect(closed.closedAt).not.toBeNull();
    // The work order followed: accepted with the handling, done at closing.
    expect(dataOf<WorkOrderRow>(await get(`/workOrder/detail/${assigned.workOrderId}`)).status).toBe('DONE');
    const full = await detail(first.caseId);
    expect(full.actions).toEqual([]);
    expect(full.events.map((event) => [event.action, event.fromStatus, event.toStatus, event.note, event.userName])).toEqual([
      ['register', null, 'registered', '', '值班员张敏'],
      ['assign', 'registered', 'assigned', '派遣至B 班组', '值班员张敏'],
      ['handle', 'assigned', 'handled', '已责令停工', '现场班组'],
      ['close', 'handled', 'closed', '回访满意', '值班员张敏'],
    ]);

    // Refusing an assigned case cancels its work order.
    const refused = await caseIn('assigned');
    dataOf(await post(`/cases/${refused.caseId}/reject`, { reason: '不属于本部门职责' }));
    expect(dataOf<WorkOrderRow>(await get(`/workOrder/detail/${refused.workOrderId}`)).status).toBe('CANCELLED');

    // Figures: today's new, open and closed, by kind, team and status.
    const stats = dataOf<CaseStats>(await get('/cases/stats?group=complaintSuggestion'));
    expect(stats).toMatchObject({ today: 2, open: 0, closed: 1, overdue: 0 });
    expect(stats.byKind).toEqual([
      { name: '投诉', value: 2 },
      { name: '建议', value: 0 },
    ]);
    expect(stats.byTeam).toEqual([
      { name: 'A 班组', value: 0 },
      { name: 'B 班组', value: 2 },
      { name: 'C 班组', value: 0 },
    ]);
    expect(stats.byArea).toEqual([{ name: '江南大道', value: 2 }]);
    const all = dataOf<CaseStats>(await get('/cases/stats'));
    expect(all).toMatchObject({ today: 3, open: 1 });
    // The situation replay: the cases open at a time are marks at their place; registrations and ends are on its timeline.
    const start = Date.UTC(2026, 10, 22, 8, 0, 0);
    // (Every step ran at the test clock's time: at it, the closed and the refused case have ended, the environment one stands.)
    const situation = dataOf<{ marks: { source: string; id: string; label: string }[] }>(await get(`/situation/at?at=${start}`));
    expect(situation.marks.filter((mark) => mark.source === 'cases')).toEqual([
      expect.objectContaining({ id: String(second.caseId), label: `环境案件 ${second.caseNo}：河道水面漂浮垃圾` }),
    ]);
    const timeline = dataOf<{ events: { kind: string; label: string }[] }>(
      await get(`/situation/events?from=${start - 60_000}&to=${start + 60_000}`),
    );
    expect(timeline.events.filter((event) => event.kind === 'caseRegistered')).toHaveLength(3);
    expect(
      timeline.events
        .filter((event) => event.kind === 'caseEnded')
        .map((event) => event.label.split('：')[0])
        .sort(),
    ).toEqual(['不予受理', '结案']);
    // Two days on, the environment case is overdue and aged 1–2 days.
    server.advance(49 * 3_600_000);
    token = await server.login();
    expect(dataOf<CaseStats>(await get('/cases/stats?group=greenEnv'))).toMatchObject({ today: 0, open: 1, overdue: 1 });
    expect((await get('/cases?group=greenEnv&overdue=1')).rows).toEqual([
      expect.objectContaining({ caseId: second.caseId, overdue: true }),
    ]);
    const listed = await get('/cases?group=complaintSuggestion&pageSize=1&pageNum=2');
    expect(listed).toMatchObject({ total: 2, rows: [expect.objectContaining({ caseId: first.caseId })] });
    expect((await get('/cases?keyword=河道')).rows).toEqual([expect.objectContaining({ caseId: second.caseId })]);
    expect((await get('/cases?status=closed')).total).toBe(1);
  });

  it('refuse every move their status does not allow with 409 naming both, and let one of two concurrent moves win', async () => {
    for (const status of CASE_STATUSES) {
      const item = await caseIn(status);
      expect(item.actions).toEqual(CASE_ACTIONS.filter((action) => CASE_TRANSITIONS[action].from.includes(status)));
      for (const action of CASE_ACTIONS) {
        if (CASE_TRANSITIONS[action].from.includes(status)) continue;
        const before = await stateDigest(server.services.ctx.db);
        const reply = await post(`/cases/${item.caseId}/${action}`, ACTION_BODY[action]);
        expect(reply.code, `${status} ${action}`).toBe(409);
        expect(reply.msg).toContain(`案件 ${item.caseNo} 当前状态为「${item.statusName}」，不能`);
        expect(await stateDigest(server.services.ctx.db)).toBe(before);
      }
    }
    // Two dispatchers at once: one wins, the other is refused and its work order cancelled.
    const raced = await register();
    const replies = await Promise.all([
      post(`/cases/${raced.caseId}/assign`, { team: 'A' }),
      post(`/cases/${raced.caseId}/assign`, { team: 'C' }),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 409]);
    const won = await detail(raced.caseId);
    expect(won.events.filter((event) => event.action === 'assign')).toHaveLength(1);
    const orders = (await get(`/workOrder/list?alarmId=${raced.alarmId}`)).rows as WorkOrderRow[];
    // A refused dispatcher's order, if it was made, is cancelled: the case's one live order is the winner's.
    expect(orders.filter((order) => order.status !== 'CANCELLED').map((order) => order.orderId)).toEqual([won.workOrderId]);
    // Two concurrent registrations get consecutive numbers, none twice.
    const numbers = (await Promise.all([register(), register(), register()])).map((row) => row.caseNo).sort();
    expect(new Set(numbers).size).toBe(3);
  });

  it('refuse bad input with a Chinese message and change nothing', async () => {
    const item = await caseIn('registered');
    const before = await stateDigest(server.services.ctx.db);
    const cases: [string, Record<string, unknown>, string][] = [
      ['/cases', { kind: 'fire', title: 'x', ...PLACE }, '案件类型（kind）不正确'],
      ['/cases', { kind: 'complaint', ...PLACE }, '请填写案件标题'],
      ['/cases', { kind: 'complaint', title: '   ', ...PLACE }, '请填写案件标题'],
      ['/cases', { kind: 'complaint', title: 'x', longitude: 121.5, latitude: 31.2 }, '案件位置不在本辖区范围内'],
      ['/cases', { kind: 'complaint', title: 'x', ...PLACE, longitude: 500 }, '经度（longitude）必须在 -180 到 180 之间'],
      ['/cases', { kind: 'complaint', title: 'x', ...PLACE, reporterPhone: '12345' }, '报告人电话必须是 11 位手机号'],
      ['/cases', { kind: 'complaint', title: 'x'.repeat(101), ...PLACE }, '案件标题不能超过 100 个字符'],
      [`/cases/${item.caseId}/assign`, { team: 'D' }, '班组（team）不正确'],
      [`/cases/${item.caseId}/assign`, {}, '请选择派遣的班组（team）'],
      [`/cases/${item.caseId}/reject`, { reason: '' }, '请填写不予受理的原因'],
      [`/cases/${item.caseId}/reject`, { reason: '  ' }, '请填写不予受理的原因'],
      ['/cases/x/assign', { team: 'A' }, '案件编号（caseId）必须是正整数'],
      ['/cases/999999/assign', { team: 'A' }, '案件不存在：999999'],
    ];
    for (const [url, body, message] of cases) {
      const reply = await post(url, body);
      expect(reply.code, url).not.toBe(200);
      expect(reply.msg, JSON.stringify(body)).toContain(message);
    }
    expect((await get('/cases?status=open')).msg).toContain('案件状态（status）不正确');
    expect((await get('/cases/stats?beginTime=10&endTime=5')).msg).toBe('开始时间不能晚于结束时间');
    expect(await get('/cases/byAlarm/999999')).toEqual({ code: 404, msg: '告警 999999 没有对应的案件' });
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
  });

  it('take JPEG, PNG and WebP evidence of open cases by their bytes, refuse anything else with nothing stored, and keep every call to their tenant', async () => {
    const item = await caseIn('assigned');
    const closed = await caseIn('closed');
    const before = await stateDigest(server.services.ctx.db);
    expect(await upload(closed.caseId, PNG)).toEqual({
      code: 409,
      msg: `案件 ${closed.caseNo} 当前状态为「已结案」，不能上传证据（仅办理中的案件可以上传证据）`,
    });
    expect(await upload(item.caseId, GIF, 'image/png')).toEqual({ code: 415, msg: '证据必须是 JPEG、PNG 或 WebP 图片' });
    expect(await upload(item.caseId, GIF, 'image/gif')).toMatchObject({ code: 415 });
    expect(await upload(item.caseId, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).toEqual({
      code: 413,
      msg: '证据图片不能超过 5 MB',
    });
    expect(await upload(item.caseId, Buffer.alloc(0))).toMatchObject({ code: 400 });
    expect(await upload('x', PNG)).toEqual({ code: 400, msg: '案件编号（caseId）必须是正整数' });
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
    expect(evidenceFiles()).toEqual([]);
    const stored = dataOf<{ evidenceId: number; url: string }>(await upload(item.caseId, JPEG, 'image/jpeg'));
    expect(evidenceFiles()).toEqual([join(server.dataDir, 'cases', '1', String(item.caseId), `${stored.evidenceId}.jpg`)]);
    expect((await detail(item.caseId)).evidence).toEqual([
      expect.objectContaining({ evidenceId: stored.evidenceId, mime: 'image/jpeg', status: 'assigned' }),
    ]);
    const file = await server.app.inject({ method: 'GET', url: `/api${stored.url}`, headers: { authorization: `Bearer ${token}` } });
    expect(file.headers['content-type']).toBe('image/jpeg');

    // Another tenant: every call reads as not found and changes nothing.
    const other = await otherTenant();
    const untouched = await stateDigest(server.services.ctx.db);
    const missing = { code: 404, msg: `案件不存在：${item.caseId}` };
    expect(await get(`/cases/${item.caseId}`, other)).toEqual(missing);
    for (const action of CASE_ACTIONS)
      expect(await post(`/cases/${item.caseId}/${action}`, ACTION_BODY[action], other), action).toEqual(missing);
    expect(await upload(item.caseId, PNG, 'image/png', other)).toEqual(missing);
    expect(await get(`/cases/evidence/file?id=${stored.evidenceId}`, other)).toEqual({ code: 404, msg: '证据不存在' });
    expect(await get(`/cases/byAlarm/${item.alarmId}`, other)).toMatchObject({ code: 404 });
    expect(await get('/cases', other)).toMatchObject({ code: 200, rows: [], total: 0 });
    expect(dataOf<unknown[]>(await get('/cases/map', other))).toEqual([]);
    expect(dataOf<CaseStats>(await get('/cases/stats', other))).toMatchObject({ today: 0, open: 0, closed: 0 });
    expect(await stateDigest(server.services.ctx.db)).toBe(untouched);
    // The map shows tenant 1's open cases and those closed today.
    expect(
      dataOf<CaseRow[]>(await get('/cases/map'))
        .map((row) => row.caseId)
        .sort(),
    ).toEqual([item.caseId, closed.caseId].sort());
    // The parking lots stand at the smart-parking devices with their occupancy.
    // Each tenant reads its own lots and places only.
    const { BUSINESS_PROFILES } = await import('../seed/seedBusiness');
    for (const [tenantId, as] of [
      [1, token],
      [2, other],
    ] as const) {
      const lots = dataOf<{ name: string; capacity: number; occupied: number; occupancy: number }[]>(await get('/cases/parking/lots', as));
      expect(lots.map((lot) => lot.name)).toEqual(BUSINESS_PROFILES[tenantId]!.lots.map((lot) => lot.name));
      for (const lot of lots) expect(lot.occupancy).toBeCloseTo(lot.capacity ? Math.min(1, lot.occupied / lot.capacity) : 0, 6);
    }
    expect(dataOf<{ name: string }[]>(await get('/cases/places', other)).map((place) => place.name)).toEqual([
      '断桥',
      '苏堤',
      '雷峰塔',
      '湖滨',
    ]);
    expect(dataOf<{ name: string }[]>(await get('/cases/places')).map((place) => place.name)).toEqual([
      '江南大道',
      '滨盛路',
      '奥体中心',
      '钱江新城',
    ]);
  });

  it('are played by the simulator: new public cases, then assigned and handled, never closed', async () => {
    const random = (() => {
      let seed = 7;
      return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    })();
    const { CaseSimulator } = await import('./CaseSimulator');
    const { TENANT_AREAS } = await import('../seed/seedData');
    // The server's test clock, followed step by step.
    let elapsed = 0;
    const now = () => Date.UTC(2026, 10, 22, 8, 0, 0) + elapsed;
    const simulator = new CaseSimulator(server.services.ctx.db, server.services.cases.cases.actions, TENANT_AREAS, now, random);
    for (let step = 0; step < 40; step++) {
      await simulator.step();
      server.advance(60_000);
      elapsed += 60_000;
    }
    token = await server.login();
    const stats = dataOf<CaseStats>(await get('/cases/stats'));
    const count = (name: string) => stats.byStatus.find((row) => row.name === name)?.value ?? 0;
    expect(count('已登记') + count('已派遣') + count('已处置')).toBeGreaterThan(5);
    expect(count('已派遣') + count('已处置')).toBeGreaterThan(0);
    expect(count('已处置')).toBeGreaterThan(0);
    expect(count('已结案')).toBe(0);
  });
});
