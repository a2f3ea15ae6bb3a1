import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRoomJoin, VideoRoomStatus, VideoRoomSummary } from '../../contracts/videoRooms';
import { NO_PERMISSION } from '../access/UserAccess';
import { freePort } from '../mqtt/testing/mosquitto';
import { findJanus, JANUS_MISSING, startJanus, type RunningJanus } from '../janus/JanusProcess';
import { JanusVideoRooms } from '../janus/JanusVideoRooms';
import { joinAsPublisher } from '../testing/janusParticipant';
import { stateDigest } from '../testing/stateDigest';
import { testServer, type TestServer } from '../testing/testServer';
import { videoRoomMessages } from './VideoRoomService';

// A real Janus (Debian's, our own configuration on loopback) per file, and the server administering it.
const janus = findJanus();
if (!janus && process.env.REQUIRE_JANUS === '1') throw new Error(JANUS_MISSING);
if (!janus) console.warn(`${JANUS_MISSING}：跳过视频会商测试`);

const NOT_FOUND = { code: 404, msg: videoRoomMessages.notFound };

interface Reply {
  code: number;
  msg: string;
  data?: unknown;
}

describe.skipIf(!janus)('video rooms per tenant on Janus', () => {
  let running: RunningJanus;
  let folder: string;
  let server: TestServer;
  let direct: JanusVideoRooms;
  /** 值班员张敏 (city operator, tenant 1), 系统管理员 in tenant 1 and in tenant 2, 访客李强 (no menus). */
  let operator: string;
  let admin: string;
  let otherTenant: string;
  let viewer: string;

  const call = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown): Promise<Reply> => {
    const reply = await server.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    expect(reply.body).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
    return reply.json() as Reply;
  };
  const create = async (token: string, name: string, kind: 'camera' | 'other' = 'other') => {
    const reply = await call('POST', '/videoRoom/create', token, { name, kind });
    expect(reply.code, reply.msg).toBe(200);
    return reply.data as VideoRoomSummary;
  };
  const list = async (token: string) => {
    const reply = await call('GET', '/videoRoom/list', token);
    expect(reply.code, reply.msg).toBe(200);
    return reply.data as VideoRoomSummary[];
  };
  const joinInfo = async (token: string, room: number) => (await call('POST', '/videoRoom/join', token, { room })).data as VideoRoomJoin;
  const janusRooms = async () => (await direct.list()).map((room) => room.room).sort();

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'ops-videoroom-'));
    running = await startJanus(janus!, {
      folder,
      httpPort: await freePort(),
      wsPort: await freePort(),
      adminKey: randomBytes(18).toString('base64url'),
    });
    direct = new JanusVideoRooms(running.httpUrl, running.adminKey);
    server = await testServer({ janus: { url: running.httpUrl, adminKey: running.adminKey, publicUrl: running.wsUrl } });
    operator = await server.services.ctx.sessions.create(2, 1);
    admin = await server.services.ctx.sessions.create(1, 1);
    otherTenant = await server.services.ctx.sessions.create(1, 2);
    viewer = await server.services.ctx.sessions.create(3, 1);
  }, 40_000);
  afterAll(async () => {
    await server?.close();
    await running?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is available, and only to 监控中心 and its pages', async () => {
    expect(await call('GET', '/videoRoom/status', operator)).toEqual({
      code: 200,
      msg: '操作成功',
      data: { available: true, message: null } satisfies VideoRoomStatus,
    });
    for (const [method, url] of [
      ['GET', '/videoRoom/status'],
      ['GET', '/videoRoom/list'],
      ['POST', '/videoRoom/create'],
      ['POST', '/videoRoom/join'],
      ['POST', '/videoRoom/kick'],
      ['POST', '/videoRoom/destroy'],
    ] as const) {
      expect(await call(method, url, viewer, method === 'POST' ? { room: 1, uid: 1, name: 'x', kind: 'other' } : undefined)).toEqual({
        code: 403,
        msg: NO_PERMISSION,
      });
    }
  });

  it('creates private rooms with a pin on Janus with the spec parameters, lists them newest first, and hands out the pin on join', async () => {
    const camera = await create(operator, '江南大道视频会商', 'camera');
    server.advance(1000);
    const other = await create(admin, '指挥调度');
    expect(camera).toMatchObject({
      kind: 'camera',
      name: '江南大道视频会商',
      description: `${camera.room} 江南大道视频会商`,
      creatorId: 2,
      creatorName: '值班员张敏',
      participants: 0,
      canManage: true,
    });
    expect(camera.room).toBeGreaterThanOrEqual(1_000_000_000);
    expect(camera.room).not.toBe(other.room);
    const onJanus = await direct.list();
    expect(onJanus.find((room) => room.room === camera.room)).toMatchObject({
      description: `${camera.room} 江南大道视频会商`,
      max_publishers: 32,
      bitrate: 20_480_000,
      fir_freq: 10,
      audiocodec: 'pcmu',
      videocodec: 'vp8,h264',
    });
    expect(onJanus.find((room) => room.room === other.room)).toMatchObject({
      description: `${other.room} 指挥调度`,
      audiocodec: 'opus',
      videocodec: 'vp8,vp9',
    });
    // Private: Janus's list without the admin key does not show them.
    expect((await new JanusVideoRooms(running.httpUrl, '').list()).map((room) => room.room)).not.toContain(camera.room);
    // Stored with a secret and pin of 32 random characters each.
    const row = await server.services.ctx.db
      .selectFrom('video_rooms')
      .selectAll()
      .where('room_id', '=', camera.room)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: 1, kind: 'camera', name: '江南大道视频会商', creator_id: 2, closed_at: null });
    expect(row.secret).toMatch(/^[\w-]{32}$/);
    expect(row.pin).toMatch(/^[\w-]{32}$/);

    // Newest first; the operator manages its own room only, the admin both.
    expect((await list(operator)).map((room) => [room.room, room.canManage])).toEqual([
      [other.room, false],
      [camera.room, true],
    ]);
    expect((await list(admin)).map((room) => room.canManage)).toEqual([true, true]);
    // Another tenant sees none of them.
    expect(await list(otherTenant)).toEqual([]);

    const info = await joinInfo(operator, camera.room);
    expect(info).toEqual({
      room: camera.room,
      pin: row.pin,
      kind: 'camera',
      description: `${camera.room} 江南大道视频会商`,
      server: running.wsUrl,
      display: '值班员张敏',
      userId: 2,
    } satisfies VideoRoomJoin);
    expect((await joinInfo(admin, camera.room)).display).toBe('系统管理员');
    // The pin is needed on Janus itself: without one 429 (missing element), a wrong one 433 (unauthorized).
    expect(await joinAsPublisher(running.httpUrl, camera.room, '无口令')).toMatchObject({ error_code: 429 });
    expect(await joinAsPublisher(running.httpUrl, camera.room, '错误口令', 'wrong')).toMatchObject({ error_code: 433 });
    const member = await joinAsPublisher(running.httpUrl, camera.room, info.display, info.pin);
    expect(member).toHaveProperty('id');
    if ('id' in member) await member.leave();
  });

  it('kicks a real participant (creator or admin only), and counts participants in the list', async () => {
    const room = await create(operator, '现场处置');
    const info = await joinInfo(admin, room.room);
    const member = await joinAsPublisher(running.httpUrl, room.room, info.display, info.pin);
    if (!('id' in member)) throw new Error(member.error);
    const second = await joinAsPublisher(running.httpUrl, room.room, '值班员张敏', info.pin);
    if (!('id' in second)) throw new Error(second.error);
    try {
      expect((await list(operator)).find((listed) => listed.room === room.room)?.participants).toBe(2);
      // 系统管理员's room: the operator is neither its creator nor an admin.
      const adminsRoom = await create(admin, '管理员会商');
      const before = await stateDigest(server.services.ctx.db);
      expect(await call('POST', '/videoRoom/kick', operator, { room: adminsRoom.room, uid: member.id })).toEqual({
        code: 403,
        msg: videoRoomMessages.notManager,
      });
      expect(await call('POST', '/videoRoom/destroy', operator, { room: adminsRoom.room })).toEqual({
        code: 403,
        msg: videoRoomMessages.notManager,
      });
      expect(await stateDigest(server.services.ctx.db)).toBe(before);
      expect(await janusRooms()).toContain(adminsRoom.room);

      expect(await call('POST', '/videoRoom/kick', operator, { room: room.room, uid: member.id })).toEqual({
        code: 200,
        msg: '已将该成员移出会议室',
      });
      expect((await direct.participants(room.room)).map((participant) => participant.id)).toEqual([second.id]);
      // Kicking someone not (or no longer) there.
      expect(await call('POST', '/videoRoom/kick', operator, { room: room.room, uid: member.id })).toEqual({
        code: 404,
        msg: videoRoomMessages.participantGone,
      });
      // An admin kicks in someone else's room.
      expect((await call('POST', '/videoRoom/kick', admin, { room: room.room, uid: second.id })).code).toBe(200);
      expect(await direct.participants(room.room)).toEqual([]);
    } finally {
      await member.leave();
      await second.leave();
    }
  });

  it('never shows a room to another tenant: 404 exactly like a missing one, nothing changes', async () => {
    const room = await create(operator, '租户内部会商');
    const before = await stateDigest(server.services.ctx.db);
    expect(await call('POST', '/videoRoom/join', otherTenant, { room: room.room })).toEqual(NOT_FOUND);
    expect(await call('POST', '/videoRoom/kick', otherTenant, { room: room.room, uid: 1 })).toEqual(NOT_FOUND);
    expect(await call('POST', '/videoRoom/destroy', otherTenant, { room: room.room })).toEqual(NOT_FOUND);
    expect(await call('POST', '/videoRoom/join', operator, { room: 1234 })).toEqual(NOT_FOUND);
    expect((await list(otherTenant)).map((listed) => listed.room)).not.toContain(room.room);
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
    expect(await janusRooms()).toContain(room.room);
  });

  it('destroys a room on Janus and for good; a room Janus no longer has is closed (404)', async () => {
    const room = await create(operator, '临时会商');
    expect(await call('POST', '/videoRoom/destroy', operator, { room: room.room })).toEqual({ code: 200, msg: '会议室已关闭' });
    expect(await janusRooms()).not.toContain(room.room);
    expect(
      (
        await server.services.ctx.db
          .selectFrom('video_rooms')
          .select('closed_at')
          .where('room_id', '=', room.room)
          .executeTakeFirstOrThrow()
      ).closed_at,
    ).not.toBeNull();
    expect((await list(operator)).map((listed) => listed.room)).not.toContain(room.room);
    expect(await call('POST', '/videoRoom/join', operator, { room: room.room })).toEqual(NOT_FOUND);
    expect(await call('POST', '/videoRoom/destroy', operator, { room: room.room })).toEqual(NOT_FOUND);

    // Gone from Janus behind our back (Janus restarted, or destroyed by hand): kick, join and list close it.
    for (const action of ['kick', 'join', 'list', 'destroy'] as const) {
      const lost = await create(admin, `丢失的会议室 ${action}`);
      const { secret } = await server.services.ctx.db
        .selectFrom('video_rooms')
        .select('secret')
        .where('room_id', '=', lost.room)
        .executeTakeFirstOrThrow();
      await direct.destroy(lost.room, secret);
      if (action === 'list') expect((await list(admin)).map((listed) => listed.room)).not.toContain(lost.room);
      else expect(await call('POST', `/videoRoom/${action}`, admin, { room: lost.room, uid: 1 })).toEqual(NOT_FOUND);
      expect(
        (
          await server.services.ctx.db
            .selectFrom('video_rooms')
            .select('closed_at')
            .where('room_id', '=', lost.room)
            .executeTakeFirstOrThrow()
        ).closed_at,
        action,
      ).not.toBeNull();
    }
  });

  it('refuses bad bodies with the field named, and changes nothing', async () => {
    const room = await create(operator, '输入校验');
    const before = await stateDigest(server.services.ctx.db);
    const rooms = await janusRooms();
    const ROOM = '会议室编号（room）必须是正整数';
    const cases: [string, unknown, string][] = [
      ['create', {}, '请填写会议室名称（name）'],
      ['create', { name: '会商' }, '请指定会议室类型（kind）'],
      ['create', { name: '', kind: 'other' }, videoRoomMessages.name],
      ['create', { name: '   ', kind: 'other' }, videoRoomMessages.name],
      ['create', { name: '会'.repeat(41), kind: 'other' }, videoRoomMessages.name],
      ['create', { name: 12, kind: 'other' }, videoRoomMessages.name],
      ['create', { name: '会商', kind: 'audio' }, '会议室类型（kind）只能是 camera（摄像机视频）或 other（其他）'],
      ['create', { name: '会商', kind: null }, '会议室类型（kind）只能是 camera（摄像机视频）或 other（其他）'],
      ['create', '[1]', '请求参数格式不正确'],
      ['create', '{"name":', '请求体格式不正确'],
      ['join', {}, '请指定会议室（room）'],
      ['join', { room: 'abc' }, ROOM],
      ['join', { room: String(room.room) }, ROOM],
      ['join', { room: -1 }, ROOM],
      ['join', { room: 1.5 }, ROOM],
      ['join', { room: 2 ** 60 }, ROOM],
      ['kick', { room: room.room }, '请指定要移出的成员（uid）'],
      ['kick', { uid: 1 }, '请指定会议室（room）'],
      ['kick', { room: room.room, uid: 'x' }, '成员编号（uid）必须是正整数'],
      ['kick', { room: room.room, uid: 0 }, '成员编号（uid）必须是正整数'],
      ['destroy', {}, '请指定会议室（room）'],
      ['destroy', { room: null }, ROOM],
      ['destroy', { room: [room.room] }, ROOM],
    ];
    for (const [action, body, msg] of cases)
      expect(await call('POST', `/videoRoom/${action}`, operator, body), `${action} ${JSON.stringify(body)}`).toEqual({ code: 400, msg });
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
    expect(await janusRooms()).toEqual(rooms);
  });

  it('answers 503 with nothing stored or changed when Janus cannot be reached (last: stops Janus)', async () => {
    const room = await create(operator, '停机前的会议室');
    await running.stop();
    const before = await stateDigest(server.services.ctx.db);
    const status = (await call('GET', '/videoRoom/status', operator)).data as VideoRoomStatus;
    expect(status.available).toBe(false);
    expect(status.message).toMatch(/^视频会商服务不可用：无法连接 Janus/);
    for (const [action, body] of [
      ['create', { name: '会商', kind: 'other' }],
      ['join', { room: room.room }],
      ['kick', { room: room.room, uid: 1 }],
      ['destroy', { room: room.room }],
    ] as const) {
      const reply = await call('POST', `/videoRoom/${action}`, operator, body);
      expect(reply.code, action).toBe(503);
      expect(reply.msg).toMatch(/^视频会商服务不可用：/);
    }
    // The list still answers from the table, with unknown counts.
    expect((await list(operator)).find((listed) => listed.room === room.room)?.participants).toBeNull();
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
  });
});

describe('video rooms without Janus', () => {
  it.each([
    ['switched off (JANUS=0)', { off: true }, videoRoomMessages.off],
    ['not installed', { unavailable: JANUS_MISSING }, JANUS_MISSING],
    ['not configured', undefined, videoRoomMessages.notConfigured],
  ])('%s: status says why, the other calls answer 503 with it, nothing is stored', async (_label, janusConfig, reason) => {
    const server = await testServer(janusConfig ? { janus: janusConfig } : {});
    try {
      const token = await server.services.ctx.sessions.create(2, 1);
      const send = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
        (
          await server.app.inject({
            method,
            url: `/api${url}`,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { payload: JSON.stringify(body) } : {}),
          })
        ).json() as Reply;
      expect(await send('GET', '/videoRoom/status')).toEqual({ code: 200, msg: '操作成功', data: { available: false, message: reason } });
      const before = await stateDigest(server.services.ctx.db);
      expect(await send('GET', '/videoRoom/list')).toEqual({ code: 503, msg: reason });
      expect(await send('POST', '/videoRoom/create', { name: '会商', kind: 'other' })).toEqual({ code: 503, msg: reason });
      expect(await send('POST', '/videoRoom/join', { room: 1_000_000_001 })).toEqual({ code: 503, msg: reason });
      expect(await stateDigest(server.services.ctx.db)).toBe(before);
    } finally {
      await server.close();
    }
  });
});
