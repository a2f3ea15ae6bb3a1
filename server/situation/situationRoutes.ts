import type { FastifyInstance } from 'fastify';
import { situationDevRoutes, situationRoutes as declared } from '../../contracts/api/situationRoutes';
import type { AlarmService } from '../alarms/AlarmService';
import { AppError, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { ServerContext } from '../ServerContext';
import type { SituationService } from './SituationService';

/** 态势回放: contracts/api/situationRoutes.ts. */
export async function situationRoutes(api: FastifyInstance, situation: SituationService): Promise<void> {
  route(api, declared.at, async (request) => ok(await situation.at(sessionOf(request).tenantId, request.query.at)));
  route(api, declared.events, async (request) =>
    ok(await situation.events(sessionOf(request).tenantId, request.query.from, request.query.to)),
  );
}

/**
 * SMS_DEV_ENDPOINT=1 only: an alarm raised `minutesAgo` minutes ago, through the alarm service's own write
 * path on a clock set back (`pastAlarms` makes that service), so its row and history are as live traffic's.
 */
export async function situationDevRoute(
  api: FastifyInstance,
  { ctx, pastAlarms }: { ctx: ServerContext; pastAlarms: (minutesAgo: number) => AlarmService },
): Promise<void> {
  route(api, situationDevRoutes.pastAlarm, async (request) => {
    const { tenantId = 1, alarmType, deviceId, minutesAgo, content } = request.body;
    if (!(await ctx.users.tenantExists(tenantId))) throw new AppError(404, '租户不存在');
    const alarm = await pastAlarms(minutesAgo).raise({
      tenantId,
      alarmType,
      ...(deviceId ? { deviceId } : {}),
      content: content || '回放测试告警',
      description: '由开发接口在过去的时间触发',
    });
    return ok(alarm);
  });
}
