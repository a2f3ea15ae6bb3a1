import type { FastifyInstance } from 'fastify';
import { alarmRoutes as declared } from '../../contracts/api/alarmRoutes';
import type { AlarmService } from './AlarmService';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { ServerContext } from '../ServerContext';

/** Alarm list (spec: /devi/aep/alarm/lists), event-center calls and the emergency view: contracts/api/alarmRoutes.ts. */
export async function alarmRoutes(api: FastifyInstance, ctx: ServerContext, alarms: AlarmService): Promise<void> {
  route(api, declared.list, async (request) => {
    const query = request.query;
    const result = await alarms.list({
      tenantId: sessionOf(request).tenantId,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      ...(query.id ? { deviceId: query.id } : {}),
      ...(query.alarmType ? { alarmType: query.alarmType } : {}),
      ...(query.grade ? { grade: query.grade } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.beginTime !== undefined ? { beginTime: query.beginTime } : {}),
      ...(query.endTime !== undefined ? { endTime: query.endTime } : {}),
    });
    return { code: 200, msg: '查询成功', ...result };
  });

  route(api, declared.stats, async (request) => ok(await alarms.stats(sessionOf(request).tenantId)));

  route(api, declared.assignees, async (request) => ok(await ctx.users.members(sessionOf(request).tenantId)));

  route(api, declared.detail, async (request) => ok(await alarms.detail(sessionOf(request).tenantId, request.params.alarmId)));

  route(api, declared.emergency, async (request) => ok(await alarms.emergency(sessionOf(request).tenantId, request.params.alarmId)));

  route(api, declared.transition, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { alarmId, status, comment } = request.body;
    return ok(await alarms.transition(tenantId, userId, alarmId, status, comment.trim()), {}, '状态已更新');
  });

  route(api, declared.assign, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { alarmId, comment } = request.body;
    return ok(await alarms.assign(tenantId, userId, alarmId, request.body.userId, comment.trim()), {}, '已指派');
  });

  route(api, declared.comment, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { alarmId, comment } = request.body;
    if (!comment.trim()) return { code: 400, msg: '请输入备注' };
    await alarms.comment(tenantId, userId, alarmId, comment.trim());
    return ok(undefined, {}, '备注已添加');
  });
}
