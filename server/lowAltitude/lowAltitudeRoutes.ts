import type { FastifyInstance } from 'fastify';
import { lowAltitudeRoutes as declared } from '../../contracts/api/lowAltitudeRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { FlightService } from './FlightService';
import type { GeofenceService } from './GeofenceService';
import type { UavQueries } from './UavQueries';
import type { TrackService } from '../field/TrackService';
import { routePresetsOf } from './uavRoutePresets';

/** 低空管理: contracts/api/lowAltitudeRoutes.ts. */
export async function lowAltitudeRoutes(
  api: FastifyInstance,
  {
    flights,
    geofences,
    queries,
    tracks,
    now,
  }: { flights: FlightService; geofences: GeofenceService; queries: UavQueries; tracks: TrackService; now: () => number },
): Promise<void> {
  route(api, declared.live, async (request) => ok(await queries.live(sessionOf(request).tenantId)));
  route(api, declared.summary, async (request) => ok(await queries.summary(sessionOf(request).tenantId)));
  route(api, declared.uavs, async (request) => ok(await queries.uavs(sessionOf(request).tenantId)));
  route(api, declared.routePresets, async (request) => ok(routePresetsOf(sessionOf(request).tenantId)));
  route(api, declared.replay, async (request) => ok(await queries.replay(sessionOf(request).tenantId, request.params.flightId)));

  route(api, declared.flights, async (request) => {
    const { rows, total } = await flights.list(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.flight, async (request) => ok(await flights.detail(sessionOf(request).tenantId, request.params.flightId)));

  route(api, declared.planFlight, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    const { deviceId, taskKind, route: waypoints = [] } = request.body;
    return ok(await flights.plan(tenantId, userId, { deviceId, taskKind, route: waypoints }), {}, '飞行任务已创建');
  });

  route(api, declared.actOnFlight, async (request) => {
    const { flightId, action } = request.params;
    return ok(await flights.act(sessionOf(request).tenantId, flightId, action, request.body?.result), {}, '操作成功');
  });

  route(api, declared.reportPosition, async (request) => {
    // Without a time, the position is of now.
    const at = request.body.at ?? now();
    const { flightId } = request.params;
    const { tenantId } = sessionOf(request);
    const flight = await flights.detail(tenantId, flightId);
    // Stored as the UAV's track (checked whole first: a bad fix writes nothing); a flight not flying is refused by the check below.
    const { longitude, latitude, altitude } = request.body;
    if (flight.status === 'flying')
      await tracks.ingest(tenantId, [{ subjectKind: 'uav', subjectId: flight.deviceId, at, longitude, latitude, altitude }]);
    return ok(await geofences.update(tenantId, { ...request.body, flightId, at }));
  });

  route(api, declared.fenceStays, async (request) => {
    const { rows, total } = await geofences.stays(sessionOf(request).tenantId, request.query);
    return { code: 200, msg: '查询成功', rows, total };
  });

  route(api, declared.geofences, async (request) => ok(await geofences.list(sessionOf(request).tenantId)));

  route(api, declared.createGeofence, async (request) => {
    const { name, polygon, floorM, ceilingM } = request.body;
    const corners = (polygon ?? []).map(([longitude = NaN, latitude = NaN]): [number, number] => [longitude, latitude]);
    return ok(await geofences.create(sessionOf(request).tenantId, { name, polygon: corners, floorM, ceilingM }), {}, '电子围栏已创建');
  });

  route(api, declared.actOnGeofence, async (request) => {
    const { fenceId, action } = request.params;
    const { tenantId } = sessionOf(request);
    await geofences.setActive(tenantId, fenceId, action === 'activate');
    return ok(await geofences.detail(tenantId, fenceId), {}, '操作成功');
  });
}
