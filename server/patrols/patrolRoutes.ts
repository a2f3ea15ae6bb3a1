import type { FastifyInstance } from 'fastify';
import { patrolDevRoutes, patrolRoutes as declared } from '../../contracts/api/patrolRoutes';
import { PATROL_PHOTO_MAX_BYTES } from '../../contracts/patrols';
import { AppError, ok } from '../envelope';
import { acceptImageBodies, imageBytesOf } from '../http/imageBody';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { ServerContext } from '../ServerContext';
import type { CheckInService } from './CheckInService';
import type { MissedCheckpoints } from './MissedCheckpoints';
import type { PatrolQueries } from './PatrolQueries';

/** 巡查与打卡: contracts/api/patrolRoutes.ts. */
export async function patrolRoutes(
  api: FastifyInstance,
  { queries, checkIns }: { queries: PatrolQueries; checkIns: CheckInService },
): Promise<void> {
  route(api, declared.routes, async (request) => {
    const { rows, total } = await queries.routes(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.route, async (request) =>
    ok(await queries.route(sessionOf(request).tenantId, request.params.routeId, request.query?.day)),
  );

  route(api, declared.checkIns, async (request) => {
    const { rows, total } = await queries.checkIns(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.checkIn, async (request) => ok(await queries.checkIn(sessionOf(request).tenantId, request.params.checkInId)));

  route(api, declared.createCheckIn, async (request) =>
    ok(await checkIns.checkIn(sessionOf(request).tenantId, request.body), {}, '打卡成功'),
  );

  route(api, declared.photo, async (request, reply) => {
    const photo = await checkIns.photo(sessionOf(request).tenantId, request.params.checkInId);
    return reply
      .type(photo.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes);
  });

  route(api, declared.missed, async (request) => {
    const { rows, total } = await queries.missed(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.statistics, async (request) => ok(await queries.statistics(sessionOf(request).tenantId, request.query ?? {})));

  // The photo itself as the body (2 MB at most, on this route only).
  await api.register(async (upload) => {
    acceptImageBodies(upload, PATROL_PHOTO_MAX_BYTES, {
      tooLarge: '打卡照片（photo）不能超过 2 MB',
      wrongType: '请以 Content-Type: image/jpeg 或 image/png 上传打卡照片（photo）本身（不支持 multipart 表单）',
      missing: '请上传打卡照片（photo）',
    });
    route(
      upload,
      declared.uploadPhoto,
      async (request) => {
        const bytes = imageBytesOf(request, '请以 Content-Type: image/jpeg 或 image/png 上传打卡照片（photo）');
        return ok(await checkIns.attachPhoto(sessionOf(request).tenantId, request.params.checkInId, bytes), {}, '照片已上传');
      },
      { bodyLimit: PATROL_PHOTO_MAX_BYTES },
    );
  });
}

/** SMS_DEV_ENDPOINT=1 only: the missed-checkpoint job runs for a tenant (1 unless given), as of `at`, for one checkpoint when given. */
export async function patrolDevRoute(
  api: FastifyInstance,
  { ctx, missed }: { ctx: ServerContext; missed: MissedCheckpoints },
): Promise<void> {
  route(api, patrolDevRoutes.findMissed, async (request) => {
    const { tenantId = 1, at, checkpointId } = request.body ?? {};
    if (!(await ctx.users.tenantExists(tenantId))) throw new AppError(404, '租户不存在');
    return ok({
      raised: await missed.run(tenantId, { ...(at === undefined ? {} : { at }), ...(checkpointId === undefined ? {} : { checkpointId }) }),
    });
  });
}
