import type { FastifyInstance } from 'fastify';
import { videoRoomRoutes as declared } from '../../contracts/api/videoRoomRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { VideoRoomService } from './VideoRoomService';

/**
 * Video rooms of the caller's tenant (contracts/api/videoRoomRoutes.ts): 监控中心 and its child pages (视频会商,
 * 语音对讲) open them. Kick and destroy are the room creator's or a tenant admin's.
 */
export async function videoRoomRoutes(api: FastifyInstance, rooms: VideoRoomService): Promise<void> {
  route(api, declared.status, async () => ok(await rooms.status()));

  route(api, declared.list, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await rooms.list(tenantId, userId));
  });

  route(api, declared.create, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { name, kind } = request.body;
    return ok(await rooms.createRoom(tenantId, userId, name, kind), {}, '会议室已创建');
  });

  route(api, declared.join, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await rooms.joinInfo(tenantId, userId, request.body.room));
  });

  route(api, declared.kick, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    await rooms.kick(tenantId, userId, request.body.room, request.body.uid);
    return ok(undefined, {}, '已将该成员移出会议室');
  });

  route(api, declared.destroy, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    await rooms.destroy(tenantId, userId, request.body.room);
    return ok(undefined, {}, '会议室已关闭');
  });
}
