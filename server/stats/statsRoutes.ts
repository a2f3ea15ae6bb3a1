import type { FastifyInstance } from 'fastify';
import { statsRoutes as declared } from '../../contracts/api/statsRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { accessOf, sessionOf } from '../http/sessionOf';
import type { StatsService } from './StatsService';

type Caller = Parameters<typeof sessionOf>[0] & Parameters<typeof accessOf>[0];

/**
 * Panel queries of the device, alarm and command statistics (contracts/api/statsRoutes.ts). `range`:
 * today | 24h | 7d | 30d (server/stats/periods.ts); device figures cover the kinds the caller may read.
 */
export async function statsRoutes(api: FastifyInstance, stats: StatsService): Promise<void> {
  const tenant = (request: Caller) => sessionOf(request).tenantId;
  const readable = (request: Caller) => accessOf(request).deviceKinds('read');

  route(api, declared.deviceSummary, async (request) => ok(await stats.deviceSummary(tenant(request), readable(request))));
  route(api, declared.devicesByKind, async (request) => ok(await stats.devicesByKind(tenant(request), readable(request))));
  route(api, declared.alarmCount, async (request) => ok(await stats.alarmCount(tenant(request), request.query.range)));
  route(api, declared.alarmsByStatus, async (request) => ok(await stats.alarmsByStatus(tenant(request), request.query.range)));
  route(api, declared.alarmsByGrade, async (request) => ok(await stats.alarmsByGrade(tenant(request), request.query.range)));
  route(api, declared.alarmsByType, async (request) => ok(await stats.alarmsByType(tenant(request), request.query.range)));
  route(api, declared.alarmTrend, async (request) => ok(await stats.alarmTrend(tenant(request), request.query.range)));
  route(api, declared.topAlarmDevices, async (request) =>
    ok(await stats.topAlarmDevices(tenant(request), request.query.range, request.query.limit)),
  );
  route(api, declared.handlingTimes, async (request) => ok(await stats.handlingTimes(tenant(request), request.query.range)));
  route(api, declared.alarmsByOperator, async (request) => ok(await stats.alarmsByOperator(tenant(request), request.query.range)));
  route(api, declared.commandTrend, async (request) =>
    ok(await stats.commandTrend(tenant(request), request.query.range, readable(request))),
  );
}
