import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { streamRoutes as declared } from '../../contracts/api/streamRoutes';
import { AppError, ok } from '../envelope';
import type { DeviceService } from '../devices/DeviceService';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { streamMessages } from './streamMessages';
import type { StreamService } from './StreamService';

const DAY_MS = 24 * 3600 * 1000;
/** The longest span one records query covers. */
const MAX_SPAN_DAYS = 31;

/** The largest SDP offer taken (a browser's offer with every codec is a few KB). */
const MAX_OFFER_BYTES = 32 * 1024;

/** The stream endpoint's answer: code 0 and the SDP (spec section 7). */
const answered = (sdp: string) => ({ code: 0, msg: '操作成功', sdp });

/**
 * Live video of the caller's tenant's cameras (spec section 7, contracts/api/streamRoutes.ts): `GET
 * /stream/getStream` answers where a camera plays, and `POST /stream/play` is the stream endpoint itself (an
 * SDP offer as text/plain in, `{code: 0, sdp}` out; errors non-zero with a Chinese message). Another
 * tenant's camera is not found.
 */
export async function streamRoutes(api: FastifyInstance, devices: DeviceService, streams: StreamService): Promise<void> {
  /** The caller's tenant's device, of a kind the caller may read and that has live video. */
  const videoDevice = async (request: FastifyRequest, deviceId: number) => {
    const device = await devices.device(sessionOf(request).tenantId, deviceId);
    const kind = devices.kindOf(device.kind);
    request.access!.requireKind(kind, 'read');
    if (!kind.liveVideo) throw new AppError(400, streamMessages.notVideoDevice(device.deviceName));
    return device;
  };

  route(api, declared.getStream, async (request) => {
    const { deviceId, type } = request.query;
    // Pushing needs no device: the caller pushes their own camera or screen.
    if (type === 'push') return ok({ streamUrl: declared.push.path, available: true });
    if (deviceId === undefined) throw new AppError(400, '请指定设备编号');
    const device = await videoDevice(request, deviceId);
    return ok({
      deviceId: device.deviceId,
      deviceName: device.deviceName,
      // The stream endpoint's SDP address, relative to the API base (a media server of its own would
      // answer an absolute one); the app posts its offer there with its session.
      streamUrl: `${declared.play.path}?deviceId=${device.deviceId}`,
      available: streams.available,
      ...(streams.available ? {} : { reason: streamMessages.noSource }),
    });
  });

  // 录像回放: the recorded segments of a camera over a time range (default: the last 24 h).
  route(api, declared.records, async (request) => {
    const { query } = request;
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
  });

  // One segment's file (WebM), with byte ranges so a player can seek; ?download=1 saves it.
  route(api, declared.recordFile, async (request, reply) => {
    const { query } = request;
    const device = await videoDevice(request, query.deviceId);
    if (!query.name) throw new AppError(400, '请指定录像文件');
    const file = streams.recordings?.file(device.deviceId, query.name);
    if (!file) throw new AppError(404, `录像不存在：${query.name}`);
    return sendRange(request, reply, file, query.download === '1' ? `${device.deviceName}-${query.name}` : undefined);
  });

  // A clip over a time range, across segments, as one WebM to save (录像回放's 下载片段).
  route(api, declared.recordClip, async (request, reply) => {
    const { deviceId, beginTime, endTime } = request.query;
    const device = await videoDevice(request, deviceId);
    if (beginTime === undefined || endTime === undefined) throw new AppError(400, '请指定片段的开始和结束时间');
    if (beginTime >= endTime) throw new AppError(400, '开始时间必须早于结束时间');
    const clip = streams.clip(device.deviceId, beginTime, endTime);
    // The download stops: so does ffmpeg.
    request.raw.once('close', () => clip.stop());
    const name = `${device.deviceName}-录像-${new Date(beginTime).toISOString().slice(0, 16).replace(/[:T]/g, '-')}.webm`;
    return reply
      .type('video/webm')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(clip.output);
  });

  // Play a camera (?deviceId=) or another operator's pushed picture (?userId=) of the caller's tenant.
  route(
    api,
    declared.play,
    async (request) => {
      const target = request.query;
      if (target.userId !== undefined) return answered(await streams.playChannel(sessionOf(request).tenantId, target.userId, request.body));
      const device = await videoDevice(request, target.deviceId);
      return answered(await streams.play({ deviceId: device.deviceId, name: device.deviceName, code: device.deviceCode }, request.body));
    },
    { bodyLimit: MAX_OFFER_BYTES },
  );
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
  route(
    api,
    declared.push,
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const name = (await users.members(tenantId)).find((member) => member.userId === userId)?.nickName ?? `操作员 ${userId}`;
      return answered(await streams.push({ tenantId, userId, name }, request.body));
    },
    { bodyLimit: MAX_OFFER_BYTES },
  );
  route(api, declared.stopPush, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok({ stopped: streams.stopChannel(tenantId, userId) });
  });
  route(api, declared.live, async (request) => ok(streams.liveChannels(sessionOf(request).tenantId)));
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
