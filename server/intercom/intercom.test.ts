import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type {
  IntercomOperator,
  IntercomReply,
  ProductSocketMessage,
  QuickGroup,
  QuickGroupCreated,
  TempCallData,
} from '../../contracts/videoRooms';
import { findJanus, JANUS_MISSING, startJanus, type RunningJanus } from '../janus/JanusProcess';
import { JanusVideoRooms } from '../janus/JanusVideoRooms';
import { freePort } from '../mqtt/testing/mosquitto';
import { stateDigest } from '../testing/stateDigest';
import { testServer, type TestServer } from '../testing/testServer';

const janus = findJanus();
if (!janus && process.env.REQUIRE_JANUS === '1') throw new Error(JANUS_MISSING);
if (!janus) console.warn(`${JANUS_MISSING}：跳过需要语音会议室的对讲测试`);

const NAME_RULE = '群组名称必须是“群组”加 0 到 10001 的数字，如 群组1024';

async function call<T = unknown>(server: TestServer, method: 'GET' | 'POST', url: string, token: string | undefined, body?: unknown) {
  const reply = await server.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  expect(reply.body).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
  return reply.json() as IntercomReply<T> & { code: number; msg: string };
}

/** The product socket of a session, collecting what arrives (ready once the server answers a ping). */
async function productSocket(server: TestServer, token: string) {
  const { ticket } = (await call<{ ticket: string }>(server, 'POST', '/productSocket/ticket', token)).data as unknown as { ticket: string };
  const received: ProductSocketMessage[] = [];
  let ready = false;
  const socket: WebSocket = await server.app.injectWS(
    `/api/productSocket?token=${ticket}`,
    { headers: { host: 'localhost:80' } } as never,
    {
      onInit: (ws) =>
        ws.on('message', (raw) => {
          if (String(raw) === 'pong') ready = true;
          else received.push(JSON.parse(String(raw)) as ProductSocketMessage);
        }),
    },
  );
  while (!ready) {
    socket.send('ping');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const until = async (check: () => boolean) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > 10_000) throw new Error('等待超时');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { socket, received, until };
}

describe('quick intercom groups: refusals (no audio rooms needed)', () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await testServer();
    admin = await server.services.ctx.sessions.create(1, 1);
  });
  afterAll(async () => server?.close());

  it('refuses bad members and names with status 1000 and a Chinese message, creating nothing', async () => {
    const before = await stateDigest(server.services.ctx.db);
    const create = (body: unknown) => call(server, 'POST', '/gis/sapi/group/quick/create', admin, body);
    const refused = (message: string, code = 400) => ({ status: 1000, message, code, msg: message });
    expect(await create({ uids: [], name: '群组12' })).toEqual(refused('请选择群组成员'));
    expect(await create({ uids: [1], name: '群组12' })).toEqual(refused('请至少选择一名其他成员'));
    expect(await create({ uids: [999], name: '群组12' })).toEqual(refused('用户不存在或不属于当前租户：999'));
    // 景区值守王芳 (user 4) is a user of tenant 2 only.
    expect(await create({ uids: [2, 4], name: '群组12' })).toEqual(refused('用户不存在或不属于当前租户：4'));
    expect(await create({ uids: Array.from({ length: 32 }, (_value, index) => index + 2), name: '群组12' })).toEqual(
      refused('群组成员最多 32 人（含创建者），当前 33 人'),
    );
    for (const name of ['群组10002', '群组', '小组12', '群组12 ', '群组123456'])
      expect(await create({ uids: [2], name })).toEqual(refused(NAME_RULE));
    expect(await create({ uids: [true], name: '群组12' })).toEqual(refused('成员必须是用户编号（正整数）的列表'));
    expect(await create({ name: '群组12' })).toEqual(refused('请选择群组成员'));
    expect(await call(server, 'GET', '/gis/sapi/group/quick/delete?gid=abc', admin)).toEqual(refused('群组编号必须是正整数'));
    expect(await call(server, 'GET', '/gis/sapi/group/quick/delete?gid=77', admin)).toEqual(refused('群组不存在或已删除', 404));
    expect(await call(server, 'POST', '/intercom/hangup', admin, { gid: 77 })).toEqual({ code: 404, msg: '群组不存在或已删除' });
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
  });

  it('answers 401 in the envelope without a session, and lists no groups for a new user', async () => {
    expect(await call(server, 'GET', '/gis/sapi/group/quick/list', undefined)).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
    expect(await call(server, 'GET', '/gis/sapi/group/quick/list', admin)).toEqual({
      status: 0,
      message: '操作成功',
      data: [],
      code: 200,
      msg: '操作成功',
    });
  });

  it('refuses to create a group while audio rooms are unavailable, storing nothing', async () => {
    const reply = await call(server, 'POST', '/gis/sapi/group/quick/create', admin, { uids: [2], name: '群组12' });
    expect(reply).toMatchObject({ status: 1000, code: 503 });
    expect(reply.message).toMatch(/^创建临时群组失败，请稍后再试（.+）$/);
    expect(await server.services.ctx.db.selectFrom('intercom_groups').selectAll().execute()).toEqual([]);
  });

  it("lists the tenant's other users as operators, online when seen in the last minutes", async () => {
    const operators = (await call<IntercomOperator[]>(server, 'GET', '/intercom/operators', admin)).data!;
    expect(operators.map((operator) => operator.userId)).toEqual([2, 3]);
    expect(operators.every((operator) => !operator.online)).toBe(true);
    await server.services.ctx.sessions.create(2, 1);
    expect((await call<IntercomOperator[]>(server, 'GET', '/intercom/operators', admin)).data).toEqual([
      { userId: 2, nickName: '值班员张敏', online: true },
      { userId: 3, nickName: '访客李强', online: false },
    ]);
    server.advance(6 * 60_000);
    const later = await server.services.ctx.sessions.create(1, 1);
    expect((await call<IntercomOperator[]>(server, 'GET', '/intercom/operators', later)).data!.map((operator) => operator.online)).toEqual([
      false,
      false,
    ]);
  });
});

describe.skipIf(!janus)('quick intercom groups with their audio rooms on Janus', () => {
  let running: RunningJanus;
  let folder: string;
  let server: TestServer;
  let direct: JanusVideoRooms;
  let admin: string;
  let operator: string;
  let viewer: string;
  let otherTenant: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ops-intercom-'));
    running = await startJanus(janus!, {
      folder,
      httpPort: await freePort(),
      wsPort: await freePort(),
      adminKey: randomBytes(18).toString('base64url'),
    });
    direct = new JanusVideoRooms(running.httpUrl, running.adminKey);
    server = await testServer({ janus: { url: running.httpUrl, adminKey: running.adminKey, publicUrl: running.wsUrl } });
    admin = await server.services.ctx.sessions.create(1, 1);
    operator = await server.services.ctx.sessions.create(2, 1);
    viewer = await server.services.ctx.sessions.create(3, 1);
    otherTenant = await server.services.ctx.sessions.create(1, 2);
  }, 40_000);
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    await server?.close();
    await running?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('creates a group with its audio room, calls the other members over the product socket, and only the creator deletes it', async () => {
    const callee = await productSocket(server, operator);
    const creator = await productSocket(server, admin);
    sockets.push(callee.socket, creator.socket);
    const created = await call<QuickGroupCreated>(server, 'POST', '/gis/sapi/group/quick/create', admin, {
      uids: [2, 2],
      name: '群组1024',
    });
    expect(created).toMatchObject({ status: 0, code: 200, data: { name: '群组1024', uids: [1, 2], creatorId: 1 } });
    const group = created.data!;
    expect(group.join).toMatchObject({ kind: 'audio', userId: 1, display: '系统管理员', server: running.wsUrl });
    const room = group.join.room;
    expect((await direct.list()).find((listed) => listed.room === room)).toMatchObject({ audiocodec: 'opus' });

    // The callee hears the call with its own way in; the creator hears nothing.
    await callee.until(() => callee.received.length === 1);
    const incoming = callee.received[0] as { response: 'tempcall'; result: 2; data: TempCallData };
    expect(incoming).toMatchObject({
      response: 'tempcall',
      result: 2,
      data: { gid: group.gid, name: '群组1024', fromUserId: 1, fromName: '系统管理员', uids: [1, 2] },
    });
    expect(incoming.data.join).toMatchObject({ room, pin: group.join.pin, userId: 2, display: '值班员张敏' });
    expect(creator.received).toEqual([]);
    // A product socket the callee opens just after (a page still loading) rings too; the creator's does not.
    const late = await productSocket(server, operator);
    const creatorLate = await productSocket(server, admin);
    sockets.push(late.socket, creatorLate.socket);
    await late.until(() => late.received.length === 1);
    expect(late.received[0]).toMatchObject({
      response: 'tempcall',
      result: 2,
      data: { gid: group.gid, fromUserId: 1, join: { room, userId: 2 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(creatorLate.received).toEqual([]);

    // Members see it (newest first); others of the tenant and other tenants do not.
    const listOf = async (token: string) => (await call<QuickGroup[]>(server, 'GET', '/gis/sapi/group/quick/list', token)).data!;
    expect(await listOf(operator)).toEqual([{ gid: group.gid, name: '群组1024', uids: [1, 2], creatorId: 1 }]);
    expect(await listOf(admin)).toHaveLength(1);
    // 访客李强 has no menu at all: 403 in the envelope, like every page's calls.
    expect((await call(server, 'GET', '/gis/sapi/group/quick/list', viewer)).code).toBe(403);
    expect(await listOf(otherTenant)).toEqual([]);
    expect((await call(server, 'POST', '/intercom/join', operator, { gid: group.gid })).data).toMatchObject({ room, userId: 2 });
    expect(await call(server, 'POST', '/intercom/join', otherTenant, { gid: group.gid })).toEqual({ code: 404, msg: '群组不存在或已删除' });

    // Hanging up tells the others.
    expect((await call(server, 'POST', '/intercom/hangup', operator, { gid: group.gid })).code).toBe(200);
    await creator.until(() => creator.received.length === 1);
    expect(creator.received[0]).toEqual({ response: 'tempcall', result: 1, data: { gid: group.gid, byUserId: 2 } });
    // …and a call the callee hung up (or refused) does not ring again when their page reloads.
    const reloaded = await productSocket(server, operator);
    sockets.push(reloaded.socket);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reloaded.received).toEqual([]);

    // Only the creator deletes; another tenant's admin finds nothing.
    expect(await call(server, 'GET', `/gis/sapi/group/quick/delete?gid=${group.gid}`, operator)).toMatchObject({
      status: 1000,
      message: '只有群组创建者可以删除该群组',
    });
    expect(await call(server, 'GET', `/gis/sapi/group/quick/delete?gid=${group.gid}`, otherTenant)).toMatchObject({
      status: 1000,
      message: '群组不存在或已删除',
    });
    expect(await call(server, 'GET', `/gis/sapi/group/quick/delete?gid=${group.gid}`, admin)).toMatchObject({
      status: 0,
      message: '群组已删除',
    });
    await callee.until(() => callee.received.length === 2);
    expect(callee.received[1]).toEqual({ response: 'tempcall', result: 1, data: { gid: group.gid, byUserId: 1 } });
    expect((await direct.list()).some((listed) => listed.room === room)).toBe(false);
    expect(await listOf(admin)).toEqual([]);
  });

  it('stops ringing for every member once the caller hangs up', async () => {
    const created = (await call<QuickGroupCreated>(server, 'POST', '/gis/sapi/group/quick/create', admin, { uids: [2], name: '群组2048' }))
      .data!;
    expect((await call(server, 'POST', '/intercom/hangup', admin, { gid: created.gid })).code).toBe(200);
    const late = await productSocket(server, operator);
    sockets.push(late.socket);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(late.received.filter((message) => (message as { data?: { gid?: number } }).data?.gid === created.gid)).toEqual([]);
    expect((await call(server, 'GET', `/gis/sapi/group/quick/delete?gid=${created.gid}`, admin)).status).toBe(0);
  });

  it("runs the spec's flow: list, delete each of one's own, create, list again and take the first gid", async () => {
    for (const name of ['群组1', '群组2'])
      expect((await call(server, 'POST', '/gis/sapi/group/quick/create', admin, { uids: [2], name })).status).toBe(0);
    const mine = (await call<QuickGroup[]>(server, 'GET', '/gis/sapi/group/quick/list', admin)).data!.filter(
      (group) => group.creatorId === 1,
    );
    expect(mine.map((group) => group.name)).toEqual(['群组2', '群组1']);
    for (const group of mine) expect((await call(server, 'GET', `/gis/sapi/group/quick/delete?gid=${group.gid}`, admin)).status).toBe(0);
    const created = (
      await call<QuickGroupCreated>(server, 'POST', '/gis/sapi/group/quick/create', admin, { uids: [2, 3], name: '群组10001' })
    ).data!;
    expect((await call<QuickGroup[]>(server, 'GET', '/gis/sapi/group/quick/list', admin)).data![0]!.gid).toBe(created.gid);
    expect((await direct.list()).map((room) => room.room)).toEqual([created.join.room]);
  });
});
