/**
 * Live video (spec section 7) of the caller's tenant's cameras and operators, and the cameras'
 * recordings. The stream endpoint itself (`play`, `push`) takes an SDP offer as text/plain and answers
 * `{ code: 0, sdp }` (any other code refuses, with a Chinese message); recordings come back as WebM.
 * Those are fetched with the session (core/http/sessionFetch), their paths taken from here.
 */
import { access } from './routeAccess';
import { dataReply, defineRoute, fileReply, replyOf } from './defineRoute';
import { exactlyOneOf, fields, flag, id, patterned, text, time } from './schemas';
import type { LiveOperator, PushAddress, RecordList, SdpAnswer, StreamAddress } from '../stream';

// Cameras: any user who may read the camera's kind (checked per device); operators' pictures: 监控中心.
const readDevices = access.readDevices;
const watch = access.menu('platform:monitoringCenter');

const deviceId = id('设备编号');
const needDevice = { deviceId: '请指定设备编号' } as const;
const span = { beginTime: time('开始时间'), endTime: time('结束时间') };

export const streamRoutes = {
  /** Where a camera plays (`type` play, the default, with its `deviceId`), or where the caller pushes (`type=push`). */
  getStream: defineRoute({
    method: 'GET',
    path: '/stream/getStream',
    query: fields({ deviceId, type: text('码流类型', 20) }),
    reply: dataReply<StreamAddress | PushAddress>(),
    access: readDevices,
  }),
  /** 录像回放: a camera's recorded segments over a time range (default: the last 24 h, at most 31 days). */
  records: defineRoute({
    method: 'GET',
    path: '/stream/records',
    query: fields({ deviceId, ...span }, needDevice),
    reply: dataReply<RecordList>(),
    access: readDevices,
  }),
  /** One segment's WebM, with byte ranges so a player can seek; `download=1` saves it. */
  recordFile: defineRoute({
    method: 'GET',
    path: '/stream/record/file',
    query: fields({ deviceId, name: patterned('录像文件名不正确', '^\\d{9,11}\\.webm$'), download: flag('下载参数') }, needDevice),
    reply: fileReply(),
    access: readDevices,
  }),
  /** A clip over a time range, across segments, as one WebM to save (录像回放's 下载片段). */
  recordClip: defineRoute({
    method: 'GET',
    path: '/stream/record/clip',
    query: fields({ deviceId, ...span }, needDevice),
    reply: fileReply(),
    access: readDevices,
  }),
  /** The stream endpoint: plays a camera (`deviceId`) or another operator's pushed picture (`userId`). Body: the SDP offer (text/plain). */
  play: defineRoute({
    method: 'POST',
    path: '/stream/play',
    query: exactlyOneOf({ deviceId, userId: id('操作员编号') }, '请指定设备编号或操作员编号（二选一）'),
    reply: replyOf<SdpAnswer>(),
    access: readDevices,
  }),
  /** Pushes the caller's camera or screen (one picture per operator). Body: the SDP offer (text/plain). */
  push: defineRoute({ method: 'POST', path: '/stream/push', reply: replyOf<SdpAnswer>(), access: watch }),
  stopPush: defineRoute({ method: 'POST', path: '/stream/push/stop', reply: dataReply<{ stopped: boolean }>(), access: watch }),
  /** The tenant's operators who push a picture now. */
  live: defineRoute({ method: 'GET', path: '/stream/live', reply: dataReply<LiveOperator[]>(), access: watch }),
};
