import type { FastifyInstance } from 'fastify';
import type { VideoRoomCreateBody, VideoRoomDestroyBody, VideoRoomKickBody } from '../../contracts/videoRooms';
import { access } from '../access/RouteAccess';
import { VIDEO_ROOM_KINDS } from '../janus/JanusVideoRooms';
import { ok } from '../envelope';
import { videoRoomMessages, type VideoRoomService } from './VideoRoomService';

const ROOM_MESSAGE = '会议室编号（room）必须是正整数';
const UID_MESSAGE = '成员编号（uid）必须是正整数';
const KIND_MESSAGE = '会议室类型（kind）只能是 camera（摄像机视频）或 other（其他）';
const integer = (message: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  errorMessage: { type: message, minimum: message, maximum: message },
});
const room = integer(ROOM_MESSAGE);
const body = (properties: Record<string, object>, required: Record<string, string>) => ({
  type: 'object',
  properties,
  required: Object.keys(required),
  errorMessage: { type: '请求参数格式不正确', required },
});

const createBody = body(
  {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 40,
      errorMessage: { type: videoRoomMessages.name, minLength: videoRoomMessages.name, maxLength: videoRoomMessages.name },
    },
    kind: { type: 'string', enum: VIDEO_ROOM_KINDS, errorMessage: { type: KIND_MESSAGE, enum: KIND_MESSAGE } },
  },
  { name: '请填写会议室名称（name）', kind: '请指定会议室类型（kind）' },
);
const roomBody = body({ room }, { room: '请指定会议室（room）' });
const kickBody = body({ room, uid: integer(UID_MESSAGE) }, { room: '请指定会议室（room）', uid: '请指定要移出的成员（uid）' });

/**
 * Video rooms of the caller's tenant (contracts/videoRooms.ts): 监控中心 and its child pages (视频会商,
 * 语音对讲) open them. Kick and destroy are the room creator's or a tenant admin's.
 */
export async function videoRoomRoutes(api: FastifyInstance, rooms: VideoRoomService): Promise<void> {
  const config = { access: access.menu('platform:monitoringCenter') };

  api.get('/videoRoom/status', { config }, async () => ok(await rooms.status()));

  api.get('/videoRoom/list', { config }, async (request) => {
    const { tenantId, userId } = request.session!;
    return ok(await rooms.list(tenantId, userId));
  });

  api.post('/videoRoom/create', { config, schema: { body: createBody } }, async (request) => {
    const { tenantId, userId } = request.session!;
    const { name, kind } = request.body as VideoRoomCreateBody;
    return ok(await rooms.createRoom(tenantId, userId, name, kind), {}, '会议室已创建');
  });

  api.post('/videoRoom/join', { config, schema: { body: roomBody } }, async (request) => {
    const { tenantId, userId } = request.session!;
    return ok(await rooms.joinInfo(tenantId, userId, (request.body as VideoRoomDestroyBody).room));
  });

  api.post('/videoRoom/kick', { config, schema: { body: kickBody } }, async (request) => {
    const { tenantId, userId } = request.session!;
    const { room: target, uid } = request.body as VideoRoomKickBody;
    await rooms.kick(tenantId, userId, target, uid);
    return ok(undefined, {}, '已将该成员移出会议室');
  });

  api.post('/videoRoom/destroy', { config, schema: { body: roomBody } }, async (request) => {
    const { tenantId, userId } = request.session!;
    await rooms.destroy(tenantId, userId, (request.body as VideoRoomDestroyBody).room);
    return ok(undefined, {}, '会议室已关闭');
  });
}
