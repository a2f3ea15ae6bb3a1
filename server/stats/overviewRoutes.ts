import type { FastifyInstance } from 'fastify';
import { overviewRoutes as declared } from '../../contracts/api/overviewRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { accessOf, sessionOf } from '../http/sessionOf';
import type { OverviewService } from './OverviewService';

type Caller = Parameters<typeof sessionOf>[0] & Parameters<typeof accessOf>[0];

/** Overview figures of Home and the module roots (contracts/api/overviewRoutes.ts), of the caller's tenant. */
export async function overviewRoutes(api: FastifyInstance, overview: OverviewService): Promise<void> {
  const tenant = (request: Caller) => sessionOf(request).tenantId;
  const readable = (request: Caller) => accessOf(request).deviceKinds('read');

  route(api, declared.situation, async (request) => ok(await overview.situation(tenant(request))));
  route(api, declared.latestAlarms, async (request) => ({
    code: 200,
    msg: '查询成功',
    ...(await overview.latestAlarms(tenant(request), request.query.limit)),
  }));
  route(api, declared.alarmSummary, async (request) => ok(await overview.alarmSummary(tenant(request), request.query.types)));
  route(api, declared.alarmsByType, async (request) => ok(await overview.alarmsByType(tenant(request), request.query.types)));
  route(api, declared.devices, async (request) => ok(await overview.devices(tenant(request), readable(request), request.query.kinds)));
  route(api, declared.devicesByKind, async (request) =>
    ok(await overview.devicesByKind(tenant(request), readable(request), request.query.kinds)),
  );
  route(api, declared.monitoring, async (request) => ok(await overview.monitoring(tenant(request))));
  route(api, declared.operation, async (request) => ok(await overview.operation(tenant(request))));
  route(api, declared.emergency, async (request) => ok(await overview.emergency(tenant(request))));
  route(api, declared.analysis, async (request) => ok(await overview.analysis(tenant(request))));
  route(api, declared.teams, async (request) => ok(await overview.teams(tenant(request))));
  route(api, declared.teamLoad, async (request) => ok(await overview.teamLoad(tenant(request))));
}
