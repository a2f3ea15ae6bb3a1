import type { FastifyInstance } from 'fastify';
import { watchlistDevRoutes, watchlistRoutes as declared } from '../../contracts/api/watchlistRoutes';
import { WATCHLIST_PHOTO_MAX_BYTES } from '../../contracts/watchlists';
import { AppError, ok } from '../envelope';
import { acceptImageBodies, imageBytesOf } from '../http/imageBody';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { RecognitionService } from '../recognition/RecognitionService';
import type { RecognitionSimulator } from '../recognition/RecognitionSimulator';
import type { ServerContext } from '../ServerContext';
import type { CameraAreas } from './CameraAreas';
import { passOf } from './watchlistPasses';
import type { WatchlistPhotos } from './WatchlistPhotos';
import type { WatchlistService } from './WatchlistService';

/** 人脸布防 and 车辆布防: contracts/api/watchlistRoutes.ts. */
export async function watchlistRoutes(
  api: FastifyInstance,
  {
    watchlists,
    photos,
    recognition,
    cameraAreas,
  }: { watchlists: WatchlistService; photos: WatchlistPhotos; recognition: RecognitionService; cameraAreas: CameraAreas },
): Promise<void> {
  route(api, declared.list, async (request) => {
    const { rows, total } = await watchlists.list(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.detail, async (request) => ok(await watchlists.detail(sessionOf(request).tenantId, request.params.deploymentId)));

  route(api, declared.create, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await watchlists.create(tenantId, userId, request.body), {}, '布防已创建');
  });

  route(api, declared.act, async (request) => {
    const { deploymentId, action } = request.params;
    return ok(await watchlists.act(sessionOf(request).tenantId, deploymentId, action), {}, '操作成功');
  });

  route(api, declared.hits, async (request) => {
    const { rows, total } = await watchlists.hits(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.cameras, async (request) => ok(await recognition.cameras(sessionOf(request).tenantId)));

  route(api, declared.areas, async (request) => ok(await cameraAreas.coverage(sessionOf(request).tenantId)));

  route(api, declared.snapshot, async (request, reply) => {
    const { tenantId } = sessionOf(request);
    const { recordId } = request.params;
    if (!(await watchlists.isHitRecord(tenantId, recordId))) throw new AppError(404, '命中记录不存在');
    const bytes = await recognition.snapshot(tenantId, recordId);
    if (!bytes) throw new AppError(404, '该记录的抓拍图片已超过保存期限，已被清理');
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(bytes);
  });

  route(api, declared.photoFile, async (request, reply) => {
    const photo = await photos.read(sessionOf(request).tenantId, request.params.photoId);
    return reply
      .type(photo.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes);
  });

  // The image itself as the body (2 MB at most, on this route only).
  await api.register(async (upload) => {
    acceptImageBodies(upload, WATCHLIST_PHOTO_MAX_BYTES, {
      tooLarge: '人员照片（photo）不能超过 2 MB',
      wrongType: '请以 Content-Type: image/jpeg 或 image/png 上传人员照片（photo）本身（不支持 multipart 表单）',
      missing: '请上传人员照片（photo）',
    });
    route(
      upload,
      declared.uploadPhoto,
      async (request) => {
        const bytes = imageBytesOf(request, '请以 Content-Type: image/jpeg 或 image/png 上传人员照片（photo）');
        const { tenantId, userId } = sessionOf(request);
        return ok(await photos.store(tenantId, userId, bytes), {}, '照片已上传');
      },
      { bodyLimit: WATCHLIST_PHOTO_MAX_BYTES },
    );
  });
}

/** SMS_DEV_ENDPOINT=1 only: the simulator passes a deployment's target on one of its online cameras now, through its own write path. */
export async function watchlistDevRoute(
  api: FastifyInstance,
  {
    ctx,
    watchlists,
    cameraAreas,
    simulator,
    now,
  }: { ctx: ServerContext; watchlists: WatchlistService; cameraAreas: CameraAreas; simulator: RecognitionSimulator; now: () => number },
): Promise<void> {
  route(api, watchlistDevRoutes.pass, async (request) => {
    const { tenantId = 1, deploymentId, targetId } = request.body;
    if (!(await ctx.users.tenantExists(tenantId))) throw new AppError(404, '租户不存在');
    const deployment = await watchlists.detail(tenantId, deploymentId);
    const cameras = await simulator.onlineCameras(tenantId);
    const areas = await cameraAreas.of(
      tenantId,
      cameras.map((camera) => camera.deviceId),
    );
    const pass = passOf(deployment, cameras, areas, now(), Math.random, targetId);
    if (!pass) throw new AppError(409, '该布防没有在线的摄像机或没有该目标');
    const row = await simulator.pass(tenantId, pass);
    if (!row) throw new AppError(409, '摄像机不在线');
    return ok({ deviceId: row.device_id, at: row.at, plate: row.plate });
  });
}
