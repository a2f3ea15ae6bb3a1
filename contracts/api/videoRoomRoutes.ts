/**
 * Video rooms of the caller's tenant (contracts/videoRooms.ts): 监控中心 and its child pages (视频会商,
 * 语音对讲) open them. Kick and destroy are the room creator's or a tenant admin's.
 */
import { access } from './routeAccess';
import { dataReply, defineRoute, messageReply } from './defineRoute';
import { boundedInteger, fields, oneOf, stringField } from './schemas';
import {
  VIDEO_ROOM_CREATE_KINDS,
  VIDEO_ROOM_NAME_MESSAGE,
  type VideoRoomJoin,
  type VideoRoomStatus,
  type VideoRoomSummary,
} from '../videoRooms';

const monitoringCenter = access.menu('platform:monitoringCenter');

// Janus's room numbers and participant ids are wider than a table's ids: any safe integer.
const room = boundedInteger('会议室编号（room）必须是正整数', 1, Number.MAX_SAFE_INTEGER);
const uid = boundedInteger('成员编号（uid）必须是正整数', 1, Number.MAX_SAFE_INTEGER);
const needRoom = { room: '请指定会议室（room）' } as const;

export const videoRoomRoutes = {
  /** Whether rooms are available now and, if not, why. */
  status: defineRoute({ method: 'GET', path: '/videoRoom/status', reply: dataReply<VideoRoomStatus>(), access: monitoringCenter }),
  /** The tenant's open rooms, newest first. */
  list: defineRoute({ method: 'GET', path: '/videoRoom/list', reply: dataReply<VideoRoomSummary[]>(), access: monitoringCenter }),
  create: defineRoute({
    method: 'POST',
    path: '/videoRoom/create',
    body: fields(
      {
        name: stringField({ required: VIDEO_ROOM_NAME_MESSAGE, invalid: VIDEO_ROOM_NAME_MESSAGE }, { maxLength: 40 }),
        kind: oneOf('会议室类型', VIDEO_ROOM_CREATE_KINDS, '会议室类型（kind）只能是 camera（摄像机视频）或 other（其他）'),
      },
      { name: '请填写会议室名称（name）', kind: '请指定会议室类型（kind）' },
    ),
    bodyEncoding: 'json',
    reply: dataReply<VideoRoomSummary>(),
    access: monitoringCenter,
  }),
  /** What a member needs to join on Janus: the address, the room and its pin. */
  join: defineRoute({
    method: 'POST',
    path: '/videoRoom/join',
    body: fields({ room }, needRoom),
    bodyEncoding: 'json',
    reply: dataReply<VideoRoomJoin>(),
    access: monitoringCenter,
  }),
  /** Spec section 3 Kick: `uid` is the Janus participant id. */
  kick: defineRoute({
    method: 'POST',
    path: '/videoRoom/kick',
    body: fields({ room, uid }, { ...needRoom, uid: '请指定要移出的成员（uid）' }),
    bodyEncoding: 'json',
    reply: messageReply(),
    access: monitoringCenter,
  }),
  /** Closes the room on Janus and for good. */
  destroy: defineRoute({
    method: 'POST',
    path: '/videoRoom/destroy',
    body: fields({ room }, needRoom),
    bodyEncoding: 'json',
    reply: messageReply(),
    access: monitoringCenter,
  }),
};
