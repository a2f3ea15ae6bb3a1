import type { FastifyInstance } from 'fastify';
import { workOrderRoutes as declared } from '../../contracts/api/workOrderRoutes';
import { ok } from '../envelope';
import { acceptImageBodies, imageBytesOf } from '../http/imageBody';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { MAX_PHOTO_BYTES } from './photos';
import type { WorkOrders } from './WorkOrders';

/** Work orders (工单管理, platform:operation:workOrder) and the alarm's side of them (告警管理 too): contracts/api/workOrderRoutes.ts. */
export async function workOrderRoutes(api: FastifyInstance, orders: WorkOrders): Promise<void> {
  route(api, declared.list, async (request) => {
    const { pageNum, pageSize, ...filters } = request.query;
    const result = await orders.queries.list({ tenantId: sessionOf(request).tenantId, pageNum, pageSize, ...filters });
    return { code: 200, msg: '查询成功', ...result };
  });

  route(api, declared.detail, async (request) => ok(await orders.queries.detail(sessionOf(request).tenantId, request.params.orderId)));

  route(api, declared.assignees, async (request) => ok(await orders.queries.assignees(sessionOf(request).tenantId)));

  route(api, declared.stats, async (request) => ok(await orders.statistics.stats(sessionOf(request).tenantId, request.query.days)));

  route(api, declared.create, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.create(tenantId, userId, request.body), {}, '工单已创建');
  });

  route(api, declared.assign, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.assign(tenantId, userId, { ...request.body, note: (request.body.note ?? '').trim() }), {}, '工单已派发');
  });

  route(api, declared.accept, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.accept(tenantId, userId, request.body.orderId, (request.body.note ?? '').trim()), {}, '已接单');
  });

  route(api, declared.progress, async (request) => {
    const { orderId, note, photoIds } = request.body;
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.progress(tenantId, userId, orderId, note.trim(), photoIds ?? []), {}, '进展已记录');
  });

  route(api, declared.close, async (request) => {
    const { orderId, result, photoIds } = request.body;
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.close(tenantId, userId, orderId, result.trim(), photoIds ?? []), {}, '工单已办结');
  });

  route(api, declared.reopen, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.reopen(tenantId, userId, request.body.orderId, request.body.note.trim()), {}, '工单已重新打开');
  });

  route(api, declared.cancel, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.cancel(tenantId, userId, request.body.orderId, request.body.note.trim()), {}, '工单已取消');
  });

  // The image itself as the body (5 MB at most, on this route only; the server's limit is 64 KB).
  await api.register(async (upload) => {
    acceptImageBodies(upload, MAX_PHOTO_BYTES, {
      tooLarge: '照片不能超过 5 MB',
      wrongType: '请以 Content-Type: image/jpeg、image/png 或 image/webp 上传图片本身（不支持 multipart 表单）',
      missing: '请上传照片',
    });
    route(
      upload,
      declared.uploadPhoto,
      async (request) => {
        const bytes = imageBytesOf(request, '请以 Content-Type: image/jpeg、image/png 或 image/webp 上传照片');
        const { tenantId, userId } = sessionOf(request);
        const mime = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        return ok(await orders.photos.storePhoto(tenantId, userId, request.query.orderId, bytes, mime), {}, '照片已上传');
      },
      { bodyLimit: MAX_PHOTO_BYTES },
    );
  });

  route(api, declared.photoFile, async (request, reply) => {
    const photo = await orders.photos.photoFile(sessionOf(request).tenantId, request.query.id);
    return reply
      .type(photo.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes);
  });

  route(api, declared.forAlarm, async (request) => ok(await orders.queries.forAlarm(sessionOf(request).tenantId, request.query.alarmId)));

  route(api, declared.createFromAlarm, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await orders.actions.createFromAlarm(tenantId, userId, request.body), {}, '工单已创建');
  });
}
