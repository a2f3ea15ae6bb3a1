import type { FastifyInstance } from 'fastify';
import { emergencyRoutes as declared } from '../../contracts/api/emergencyRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { Emergency } from './Emergency';

/** Emergency dispatch (安防应急, platform:securityEmergency and its pages): contracts/api/emergencyRoutes.ts. */
export async function emergencyRoutes(api: FastifyInstance, emergency: Emergency): Promise<void> {
  route(api, declared.list, async (request) => {
    const { pageNum, pageSize, ...filters } = request.query;
    return {
      code: 200,
      msg: '查询成功',
      ...(await emergency.queries.list({ tenantId: sessionOf(request).tenantId, pageNum, pageSize, ...filters })),
    };
  });

  route(api, declared.byAlarm, async (request) => ok(await emergency.queries.byAlarm(sessionOf(request).tenantId, request.query.alarmId)));

  route(api, declared.teams, async (request) => ok(await emergency.queries.teams(sessionOf(request).tenantId)));

  route(api, declared.stats, async (request) => ok(await emergency.queries.stats(sessionOf(request).tenantId)));

  route(api, declared.resources, async (request) =>
    ok(await emergency.resources.resources(sessionOf(request).tenantId, request.query.eventId)),
  );

  route(api, declared.feed, async (request) => ok(await emergency.queries.feed(sessionOf(request).tenantId, request.query.limit)));

  route(api, declared.detail, async (request) => ok(await emergency.queries.detail(sessionOf(request).tenantId, request.params.eventId)));

  route(api, declared.create, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await emergency.events.create(tenantId, userId, request.body), {}, '应急事件已启动');
  });

  route(api, declared.fromAlarm, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await emergency.events.fromAlarm(tenantId, userId, request.body), {}, '应急事件已启动');
  });

  route(api, declared.close, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await emergency.events.close(tenantId, userId, request.body.eventId, request.body.result), {}, '应急事件已结束');
  });

  route(api, declared.dispatch, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await emergency.tasks.dispatch(tenantId, userId, request.body), {}, '任务已派发');
  });

  route(api, declared.accept, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { taskId, note } = request.body;
    return ok(await emergency.tasks.accept(tenantId, { userId }, taskId, (note ?? '').trim()), {}, '任务已接收');
  });

  route(api, declared.progress, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { taskId, percent, note } = request.body;
    return ok(await emergency.tasks.progress(tenantId, { userId }, taskId, percent, note.trim()), {}, '进度已上报');
  });

  route(api, declared.finish, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { taskId, note } = request.body;
    return ok(await emergency.tasks.finish(tenantId, { userId }, taskId, (note ?? '').trim()), {}, '任务已完成');
  });

  route(api, declared.cancel, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { taskId, note } = request.body;
    return ok(await emergency.tasks.cancel(tenantId, { userId }, taskId, note.trim()), {}, '任务已取消');
  });

  route(api, declared.reassign, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { taskId, teamId, note } = request.body;
    return ok(await emergency.tasks.reassign(tenantId, { userId }, taskId, teamId, (note ?? '').trim()), {}, '任务已改派');
  });
}
