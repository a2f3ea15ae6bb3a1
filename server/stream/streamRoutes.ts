import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../access/RouteAccess';
import { AppError, ok } from '../envelope';
import type { DeviceService } from '../devices/DeviceService';
import { streamMessages, type StreamService } from './StreamService';

const deviceIdField = { type: 'integer', minimum: 1, maximum: 2147483647, errorMessage: { type: '设备编号必须是正整数', minimum: '设备编号必须是正整数', maximum: '设备编号必须是正整数' } };
const deviceQuery = (extra: Record<string, object> = {}) => ({
  querystring: {
    type: 'object',
    properties: { deviceId: deviceIdField, ...extra },
    required: ['deviceId'],
    errorMessage: { required: { deviceId: '请指定设备编号' } },
  },
});
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

  api.get('/stream/getStream', { config: read, schema: deviceQuery({ type: { type: 'string', maxLength: 20, errorMessage: { type: '码流类型不正确', maxLength: '码流类型不正确' } } }) }, async (request) => {
    const { deviceId } = request.query as { deviceId: number };
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

  api.post('/stream/play', { config: read, schema: deviceQuery(), bodyLimit: MAX_OFFER_BYTES }, async (request) => {
    const { deviceId } = request.query as { deviceId: number };
    const device = await videoDevice(request, deviceId);
    const sdp = await streams.play({ deviceId: device.deviceId, name: device.deviceName, code: device.deviceCode }, request.body);
    return { code: 0, msg: '操作成功', sdp };
  });
}
