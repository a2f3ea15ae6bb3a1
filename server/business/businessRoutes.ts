import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../access/RouteAccess';
import { ok } from '../envelope';
import { limitField, rangeField, statsQuery, type StatsRange } from '../stats/periods';
import type { BusinessService } from './BusinessService';

/** 商业运营 reads them; 综合态势 (the overview of everything) too. */
export const BUSINESS_ACCESS = access.menu('platform:business', 'platform:comprehensive');

/**
 * Panel queries of the scenic area's business (contracts/panels.ts shapes): visitors, tickets,
 * takings, parking and merchants of the caller's tenant. `range`: today | 24h | 7d | 30d.
 */
export async function businessRoutes(api: FastifyInstance, business: BusinessService): Promise<void> {
  const tenant = (request: FastifyRequest) => request.session!.tenantId;
  const rangeOf = (request: FastifyRequest) => (request.query as { range: StatsRange }).range;
  const config = { access: BUSINESS_ACCESS };
  const ranged = (fallback: StatsRange, extra: Record<string, object> = {}) => ({
    config,
    schema: statsQuery({ range: rangeField(fallback), ...extra }),
  });

  const by = {
    type: 'string',
    enum: ['total', 'gate'],
    default: 'total',
    errorMessage: { type: '分组方式只能是 total 或 gate', enum: '分组方式只能是 total 或 gate' },
  };
  api.get('/stats/business/visitors', ranged('today', { by }), async (request) =>
    ok(await business.visitorSeries(tenant(request), rangeOf(request), (request.query as { by: 'total' | 'gate' }).by)),
  );
  api.get('/stats/business/visitorsToday', { config }, async (request) => ok(await business.visitorsToday(tenant(request))));
  api.get('/stats/business/tickets', ranged('7d'), async (request) => ok(await business.ticketSeries(tenant(request), rangeOf(request))));
  api.get('/stats/business/revenue', ranged('today'), async (request) => ok(await business.revenue(tenant(request), rangeOf(request))));
  api.get('/stats/business/parking', { config }, async (request) => ok(await business.parkingOccupancy(tenant(request))));
  api.get('/stats/business/parkingLots', { config }, async (request) => ok(await business.parkingLots(tenant(request))));
  api.get('/stats/business/merchants', ranged('today', { limit: limitField }), async (request) =>
    ok(await business.merchantRanking(tenant(request), rangeOf(request), (request.query as { limit: number }).limit)),
  );
}
