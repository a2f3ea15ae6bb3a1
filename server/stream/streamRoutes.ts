import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../access/RouteAccess';
import { AppError, ok } from '../envelope';
import type { DeviceService } from '../devices/DeviceService';
import { streamMessages } from './streamMessages';
import type { StreamService } from './StreamService';

const deviceIdField = {
  type: 'integer',
  minimum: 1,
  maximum: 2147483647,
  errorMessage: { type: '设备编号必须是正整数', minimum: '设备编号必须是正整数', maximum: '设备编号必须是正整数' },
};
const deviceQuery = (extra: Record<string, object> = {}) => ({
  querystring: {
    type: 'object',
    properties: { deviceId: deviceIdField, ...extra },
    required: ['deviceId'],
    errorMessage: { required: { deviceId: '请指定设备编号' } },
  },
});
const timeField = (label: string) => ({
  type: 'integer',
  minimum: 0,
  maximum: 8_640_000_000_000,
  errorMessage: { type: `${label}必须是毫秒时间戳`, minimum: `${label}必须是毫秒时间戳`, maximum: `${label}必须是毫秒时间戳` },
});
const segmentField = {
  type: 'string',
  pattern: '^\\d{9,11}\\.webm$',
  errorMessage: { type: '录像文件名不正确', pattern: '录像文件名不正确' },
};
const DAY_MS = 24 * 3600 * 1000;
/** The longest span one records query covers. */
const MAX_SPAN_DAYS = 31;

/** The largest SDP offer taken (a browser's offer with every codec is a few KB). */
const MAX_OFFER_BYTES = 32 * 1024;

/**
 * Live video of the caller's tenant's cameras (spec section 7): `GET /stream/getStream` answers where a
 * camera plays, and `POST /stream/play` is the stream endpoint itself (an SDP offer as text/plain in,
 * `{code: 0, sdp}` out; errors non-zero with a Chinese message). Another tenant's camera is not found.
 */
export async function streamRoutes(api: FastifyInstance, devices: DeviceService, streams: StreamService): Promise<void> {
  const read = { access: access.readDevices };

  /** The caller's tenant's device, of a kind the caller may read and that has live video. */
  const videoDevice = async (request: FastifyRequest, deviceId: number) => {
    const device = await devices.device(request.session!.tenantId, deviceId);
    const kind = devices.kindOf(device.kind);
    request.access!.requireKind(kind, 'read');
    if (!kind.liveVideo) throw new AppError(400, streamMessages.notVideoDevice(device.deviceName));
    return device;
  };

  const streamType = { type: 'string', maxLength: 20, errorMessage: { type: '码流类型不正确', maxLength: '码流类型不正确' } };
  const getStreamQuery = {
    querystring: {
      type: 'object',
      properties: { deviceId: deviceIdField, type: streamType },
    },
  };
  api.get('/stream/getStream', { config: read, schema: getStreamQuery }, async (request) => {
    const { deviceId, type } = request.query as { deviceId?: number; type?: string };
    // Pushing needs no device: the caller pushes their own camera or screen.
    if (type === 'push') return ok({ streamUrl: '/stream/push', available: true });
    if (deviceId === undefined) throw new AppError(400, '请指定设备编号');
    const device = await videoDevice(request, deviceId);
    return ok({
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      // The stream endpoint's SDP address, relative to the API base (a media server of its own would
      // answer an absolute one); the app posts its offer there with its session.
      streamUrl: `/stream/play?deviceId=${device.deviceId}`,
      available: streams.available,
      ...(streams.available ? {} : { reason: streamMessages.noSource }),
    });
  });

  // 录像回放: the recorded segments of a camera over a time range (default: the last 24 h).
  api.get(
    '/stream/records',
    { config: read, schema: deviceQuery({ beginTime: timeField('开始时间'), endTime: timeField('结束时间') }) },
    async (request) => {
      const query = request.query as { deviceId: number; beginTime?: number; endTime?: number };
      const device = await videoDevice(request, query.deviceId);
      const end = query.endTime ?? Date.now();
      const begin = query.beginTime ?? end - DAY_MS;
      if (begin > end) throw new AppError(400, '开始时间不能晚于结束时间');
      if (end - begin > MAX_SPAN_DAYS * DAY_MS) throw new AppError(400, `一次最多查询 ${MAX_SPAN_DAYS} 天的录像`);
      const segments = streams.recordings?.between(device.deviceId, begin, end) ?? [];
      return ok({
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        recording: Boolean(streams.recordings),
        segments: segments.map(({ name, start, end: last, bytes }) => ({ name, start, end: last, bytes })),
      });
    },
  );

  // One segment's file (WebM), with byte ranges so a player can seek; ?download=1 saves it.
  api.get(
    '/stream/record/file',
    {
      config: read,
      schema: deviceQuery({ name: segmentField, download: { type: 'string', enum: ['0', '1'], errorMessage: '下载参数只能是 0 或 1' } }),
    },
    async (request, reply) => {
      const query = request.query as { deviceId: number; name?: string; download?: string };
      const device = await videoDevice(request, query.deviceId);
      if (!query.name) throw new AppError(400, '请指定录像文件');
      const file = streams.recordings?.file(device.deviceId, query.name);
      if (!file) throw new AppError(404, `录像不存在：${query.name}`);
      return sendRange(request, reply, file, query.download === '1' ? `${device.deviceName}-${query.name}` : undefined);
    },
  );

  // A clip over a time range, across segments, as one WebM to save (录像回放's 下载片段).
  api.get(
    '/stream/record/clip',
    { config: read, schema: deviceQuery({ beginTime: timeField('开始时间'), endTime: timeField('结束时间') }) },
    async (request, reply) => {
      const query = request.query as { deviceId: number; beginTime?: number; endTime?: number };
      const device = await videoDevice(request, query.deviceId);
      if (query.beginTime === undefined || query.endTime === undefined) throw new AppError(400, '请指定片段的开始和结束时间');
      if (query.beginTime >= query.endTime) throw new AppError(400, '开始时间必须早于结束时间');
      const clip = streams.clip(device.deviceId, query.beginTime, query.endTime);
      // The download stops: so does ffmpeg.
      request.raw.once('close', () => clip.stop());
      const name = `${device.deviceName}-录像-${new Date(query.beginTime).toISOString().slice(0, 16).replace(/[:T]/g, '-')}.webm`;
      return reply
        .type('video/webm')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(clip.output);
    },
  );

  // Play a camera (?deviceId=) or another operator's pushed picture (?userId=) of the caller's tenant.
  const userIdField = { type: 'integer', minimum: 1, maximum: 2147483647, errorMessage: '操作员编号必须是正整数' };
  const playQuery = {
    querystring: {
      type: 'object',
      properties: { deviceId: deviceIdField, userId: userIdField },
      oneOf: [{ required: ['deviceId'] }, { required: ['userId'] }],
      errorMessage: { oneOf: '请指定设备编号或操作员编号（二选一）' },
    },
  };
  api.post('/stream/play', { config: read, schema: playQuery, bodyLimit: MAX_OFFER_BYTES }, async (request) => {
    const { deviceId, userId } = request.query as { deviceId?: number; userId?: number };
    if (userId !== undefined) {
      const sdp = await streams.playChannel(request.session!.tenantId, userId, request.body);
      return { code: 0, msg: '操作成功', sdp };
    }
    const device = await videoDevice(request, deviceId!);
    const sdp = await streams.play({ deviceId: device.deviceId, name: device.deviceName, code: device.deviceCode }, request.body);
    return { code: 0, msg: '操作成功', sdp };
  });
}

/**
 * Operators' own pictures (spec: the stream endpoint "for push"): an operator pushes their camera or
 * screen (`POST /stream/push`, an SDP offer as text/plain, `{code: 0, sdp}`), the tenant's operators list
 * them (`GET /stream/live`) and play them (`POST /stream/play?userId=`); one picture per operator.
 */
export async function streamPushRoutes(
  api: FastifyInstance,
  streams: StreamService,
  users: { members(tenantId: number): Promise<{ userId: number; nickName: string }[]> },
): Promise<void> {
  // The monitoring centre's pages (视频监控 and the rest) push and list operators' pictures.
  const watch = { access: access.menu('platform:monitoringCenter') };
  api.post('/stream/push', { config: watch, bodyLimit: MAX_OFFER_BYTES }, async (request) => {
    const { tenantId, userId } = request.session!;
    const name = (await users.members(tenantId)).find((member) => member.userId === userId)?.nickName ?? `操作员 ${userId}`;
    const sdp = await streams.push({ tenantId, userId, name }, request.body);
    return { code: 0, msg: '操作成功', sdp };
  });
  api.post('/stream/push/stop', { config: watch }, async (request) => {
    const { tenantId, userId } = request.session!;
    return ok({ stopped: streams.stopChannel(tenantId, userId) });
  });
  api.get('/stream/live', { config: watch }, async (request) => ok(streams.liveChannels(request.session!.tenantId)));
}

/** Sends a file whole or the byte range asked for (206), as video/webm; a range past its end is 416. */
function sendRange(request: FastifyRequest, reply: FastifyReply, file: { path: string; bytes: number }, downloadName?: string) {
  reply.header('accept-ranges', 'bytes').type('video/webm');
  if (downloadName) reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`);
  const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
  if (!range || (!range[1] && !range[2])) {
    reply.header('content-length', file.bytes);
    return reply.send(createReadStream(file.path));
  }
  // bytes=a-b, bytes=a- or the last n bytes (bytes=-n).
  const start = range[1] ? Number(range[1]) : Math.max(0, file.bytes - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), file.bytes - 1) : file.bytes - 1;
  if (start >= file.bytes || start > end) return reply.code(416).header('content-range', `bytes */${file.bytes}`).send();
  reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${file.bytes}`)
    .header('content-length', end - start + 1);
  return reply.send(createReadStream(file.path, { start, end }));
}
