import type { FastifyInstance } from 'fastify';
import { perceptionRoutes as declared } from '../../contracts/api/perceptionRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { FaceAnalysisService } from './FaceAnalysisService';
import type { FrontViewAnalysisService } from './FrontViewAnalysisService';
import { perceptionWindow } from './perceptionWindow';
import type { TargetAnalysisService } from './TargetAnalysisService';
import type { VehicleAnalysisService } from './VehicleAnalysisService';
import type { WatchlistHitFigures } from './WatchlistHitFigures';

export interface PerceptionServices {
  vehicles: VehicleAnalysisService;
  faces: FaceAnalysisService;
  targets: TargetAnalysisService;
  frontView: FrontViewAnalysisService;
  watchlistHits: WatchlistHitFigures;
}

/**
 * 车辆管控, 人脸管控, 目标检测 and 前端感知 (contracts/api/perceptionRoutes.ts): each reads the caller's
 * tenant within `beginTime`–`endTime`, refused with a Chinese 400 naming the field when the range is
 * backwards or longer than 31 days (perceptionWindow.ts).
 */
export async function perceptionRoutes(api: FastifyInstance, services: PerceptionServices, now: () => number): Promise<void> {
  const { vehicles, faces, targets, frontView, watchlistHits } = services;
  const caller = (request: Parameters<typeof sessionOf>[0] & { query: { beginTime: number; endTime: number } }) =>
    [sessionOf(request).tenantId, perceptionWindow(request.query, now())] as const;

  route(api, declared.vehicleSummary, async (request) => ok(await vehicles.summary(...caller(request))));
  route(api, declared.vehicleFlow, async (request) => ok(await vehicles.flow(...caller(request))));
  route(api, declared.vehicleByHour, async (request) => ok(await vehicles.byHour(...caller(request))));
  route(api, declared.vehiclesBy, async (request) => ok(await vehicles.by(...caller(request), request.query.by)));
  route(api, declared.vehiclePlates, async (request) => ok(await vehicles.plates(...caller(request))));
  route(api, declared.vehicleAlarms, async (request) => ok(await vehicles.alarmsBy(...caller(request), request.query.by)));

  route(api, declared.faceSummary, async (request) => {
    const [tenantId, window] = caller(request);
    return ok(await watchlistHits.withCount(await faces.summary(tenantId, window), tenantId, window, 'face'));
  });
  route(api, declared.faceWatchlistHits, async (request) => ok(await watchlistHits.byDeployment(...caller(request), 'face')));
  route(api, declared.faceFlow, async (request) => ok(await faces.flow(...caller(request))));
  route(api, declared.faceByHour, async (request) => ok(await faces.byHour(...caller(request))));
  route(api, declared.facesByCamera, async (request) => ok(await faces.byCamera(...caller(request))));
  route(api, declared.faceAlarms, async (request) => ok(await faces.alarmsBy(...caller(request), request.query.by)));
  route(api, declared.faceDemographics, async (request) => ok(await faces.demographics(...caller(request))));
  route(api, declared.faceAttributes, async (request) => ok(await faces.attributes(...caller(request))));

  route(api, declared.targetSummary, async (request) => ok(await targets.summary(...caller(request))));
  route(api, declared.targetsBy, async (request) => ok(await targets.by(...caller(request), request.query.by)));
  route(api, declared.targetFlow, async (request) => ok(await targets.flow(...caller(request))));
  route(api, declared.targetByHour, async (request) => ok(await targets.byHour(...caller(request))));
  route(api, declared.peopleCounts, async (request) => ok(await targets.people(...caller(request))));

  route(api, declared.frontViewSummary, async (request) => ok(await frontView.summary(...caller(request))));
  route(api, declared.frontViewByKind, async (request) => ok(await frontView.byKind(...caller(request))));
  route(api, declared.frontViewUptime, async (request) => ok(await frontView.uptime(...caller(request))));
  route(api, declared.frontViewCameras, async (request) => ok(await frontView.cameras(...caller(request))));
}
