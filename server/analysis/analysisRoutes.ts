import type { FastifyInstance } from 'fastify';
import { analysisRoutes as declared } from '../../contracts/api/analysisRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { analysisWindow } from './analysisWindow';
import type { OrderAnalysisService } from './OrderAnalysisService';
import type { ParkingAnalysisService } from './ParkingAnalysisService';
import type { SecurityAnalysisService } from './SecurityAnalysisService';

export interface AnalysisServices {
  orders: OrderAnalysisService;
  parking: ParkingAnalysisService;
  security: SecurityAnalysisService;
}

/**
 * The 数据分析 pages' figures (contracts/api/analysisRoutes.ts): each reads the caller's tenant within
 * `beginTime`–`endTime`, refused with a Chinese 400 naming the field when the range is backwards or
 * longer than a year (analysisWindow.ts).
 */
export async function analysisRoutes(api: FastifyInstance, services: AnalysisServices, now: () => number): Promise<void> {
  const { orders, parking, security } = services;
  const caller = (request: Parameters<typeof sessionOf>[0] & { query: { beginTime: number; endTime: number } }) => ({
    tenantId: sessionOf(request).tenantId,
    window: analysisWindow(request.query, now()),
  });

  route(api, declared.orderSummary, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await orders.summary(tenantId, window, now()));
  });
  route(api, declared.ordersBy, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await orders.by(tenantId, window, request.query.by));
  });
  route(api, declared.orderBacklog, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await orders.backlog(tenantId, window));
  });

  route(api, declared.parkingSummary, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await parking.summary(tenantId, window));
  });
  route(api, declared.parkingOccupancy, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await parking.occupancy(tenantId, window));
  });
  route(api, declared.parkingBy, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await parking.by(tenantId, window, request.query.by));
  });
  route(api, declared.parkingLots, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await parking.lotTable(tenantId, window));
  });

  route(api, declared.securitySummary, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await security.summary(tenantId, window));
  });
  route(api, declared.securityAlarmsBy, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await security.alarmsBy(tenantId, window, request.query.by));
  });
  route(api, declared.securityByHour, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await security.byHour(tenantId, window));
  });
  route(api, declared.securityEventsBy, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await security.eventsBy(tenantId, window, request.query.by));
  });
}
