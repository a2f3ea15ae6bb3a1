import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../access/RouteAccess';
import { ok } from '../envelope';
import type { StatsService } from './StatsService';
import { limitField, rangeField, statsQuery, type StatsRange } from './periods';

/** Menus that open the statistics: 综合态势 sees them all, each module its own. */
export const STATS_ACCESS = {
  devices: access.menu('platform:comprehensive', 'platform:device'),
  alarms: access.menu('platform:comprehensive', 'platform:alarmManage'),
};

interface RangeQuery {
  range: StatsRange;
}

/**
 * Panel queries of the device, alarm and command statistics (contracts/panels.ts shapes). `range`:
 * today | 24h | 7d | 30d (server/stats/periods.ts); device figures cover the kinds the caller may read.
 */
export async function statsRoutes(api: FastifyInstance, stats: StatsService): Promise<void> {
  const tenant = (request: FastifyRequest) => request.session!.tenantId;
  const rangeOf = (request: FastifyRequest) => (request.query as RangeQuery).range;
  const readable = (request: FastifyRequest) => request.access!.deviceKinds('read');

  const devices = { config: { access: STATS_ACCESS.devices } };
  api.get('/stats/devices/summary', devices, async (request) => ok(await stats.deviceSummary(tenant(request), readable(request))));
  api.get('/stats/devices/byKind', devices, async (request) => ok(await stats.devicesByKind(tenant(request), readable(request))));

  const alarms = (fallback: StatsRange, extra: Record<string, object> = {}) => ({
    config: { access: STATS_ACCESS.alarms },
    schema: statsQuery({ range: rangeField(fallback), ...extra }),
  });
  api.get('/stats/alarms/count', alarms('today'), async (request) => ok(await stats.alarmCount(tenant(request), rangeOf(request))));
  api.get('/stats/alarms/byStatus', alarms('today'), async (request) => ok(await stats.alarmsByStatus(tenant(request), rangeOf(request))));
  api.get('/stats/alarms/byGrade', alarms('today'), async (request) => ok(await stats.alarmsByGrade(tenant(request), rangeOf(request))));
  api.get('/stats/alarms/byType', alarms('today'), async (request) => ok(await stats.alarmsByType(tenant(request), rangeOf(request))));
  api.get('/stats/alarms/trend', alarms('24h'), async (request) => ok(await stats.alarmTrend(tenant(request), rangeOf(request))));
  api.get('/stats/alarms/topDevices', alarms('today', { limit: limitField }), async (request) =>
    ok(await stats.topAlarmDevices(tenant(request), rangeOf(request), (request.query as { limit: number }).limit)),
  );
  api.get('/stats/alarms/handlingTimes', alarms('today'), async (request) =>
    ok(await stats.handlingTimes(tenant(request), rangeOf(request))),
  );
  api.get('/stats/alarms/byOperator', alarms('today'), async (request) =>
    ok(await stats.alarmsByOperator(tenant(request), rangeOf(request))),
  );

  api.get(
    '/stats/commands/trend',
    { config: { access: STATS_ACCESS.devices }, schema: statsQuery({ range: rangeField('24h') }) },
    async (request) => ok(await stats.commandTrend(tenant(request), rangeOf(request), readable(request))),
  );
}
