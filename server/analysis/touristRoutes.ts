import type { FastifyInstance } from 'fastify';
import { touristRoutes as declared } from '../../contracts/api/touristRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { analysisWindow } from './analysisWindow';
import type { TouristAnalysisService } from './TouristAnalysisService';

/**
 * 游客分析's figures (contracts/api/touristRoutes.ts): each reads the caller's tenant within
 * `beginTime`–`endTime`, refused with a Chinese 400 naming the field when the range is backwards or
 * longer than a year (analysisWindow.ts).
 */
export async function touristRoutes(api: FastifyInstance, tourists: TouristAnalysisService, now: () => number): Promise<void> {
  const caller = (request: Parameters<typeof sessionOf>[0] & { query: { beginTime: number; endTime: number } }) => ({
    tenantId: sessionOf(request).tenantId,
    window: analysisWindow(request.query, now()),
  });
  route(api, declared.summary, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await tourists.summary(tenantId, window, now()));
  });
  route(api, declared.flow, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await tourists.flow(tenantId, window));
  });
  route(api, declared.origins, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await tourists.origins(tenantId, window));
  });
  route(api, declared.dwell, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await tourists.dwell(tenantId, window));
  });
  route(api, declared.heat, async (request) => {
    const { tenantId, window } = caller(request);
    return ok(await tourists.heat(tenantId, window));
  });
}
