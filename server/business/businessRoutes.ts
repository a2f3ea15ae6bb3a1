import type { FastifyInstance } from 'fastify';
import { businessRoutes as declared } from '../../contracts/api/businessRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { BusinessService } from './BusinessService';

/**
 * Panel queries of the scenic area's business (contracts/api/businessRoutes.ts): visitors, tickets,
 * takings, parking and merchants of the caller's tenant. `range`: today | 24h | 7d | 30d.
 */
export async function businessRoutes(api: FastifyInstance, business: BusinessService): Promise<void> {
  const tenant = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).tenantId;
  route(api, declared.visitors, async (request) =>
    ok(await business.visitorSeries(tenant(request), request.query.range, request.query.by)),
  );
  route(api, declared.visitorsToday, async (request) => ok(await business.visitorsToday(tenant(request))));
  route(api, declared.tickets, async (request) => ok(await business.ticketSeries(tenant(request), request.query.range)));
  route(api, declared.revenue, async (request) => ok(await business.revenue(tenant(request), request.query.range)));
  route(api, declared.parking, async (request) => ok(await business.parkingOccupancy(tenant(request))));
  route(api, declared.parkingLots, async (request) => ok(await business.parkingLots(tenant(request))));
  route(api, declared.merchants, async (request) =>
    ok(await business.merchantRanking(tenant(request), request.query.range, request.query.limit)),
  );
}
