import type { FastifyInstance } from 'fastify';
import { lowAltitudeDevRoutes } from '../../contracts/api/lowAltitudeRoutes';
import type { Waypoint } from '../../contracts/lowAltitude';
import { AppError, ok } from '../envelope';
import type { TrackService } from '../field/TrackService';
import { route } from '../http/registerRoute';
import type { ServerContext } from '../ServerContext';
import type { FlightService } from './FlightService';
import { pointAlong } from './flightPath';
import type { GeofenceService } from './GeofenceService';
import { routePresetsOf } from './uavRoutePresets';

const DEMO_FENCE_NAME = '临时禁飞区（演示）';
/** Half the demo fence's side (degrees, ~150 m) and where the course starts inside it: 30 m past its west edge. */
const HALF = 0.0015;
const INSIDE = 0.0003;

/** POST /dev/lowAltitude/crossing (SMS_DEV_ENDPOINT=1): a UAV takes off now on a course through a no-fly area. */
export async function lowAltitudeDevRoute(
  api: FastifyInstance,
  {
    ctx,
    flights,
    geofences,
    tracks,
    now,
  }: { ctx: ServerContext; flights: FlightService; geofences: GeofenceService; tracks: TrackService; now: () => number },
): Promise<void> {
  route(api, lowAltitudeDevRoutes.crossing, async (request) => {
    const { tenantId = 1 } = request.body;
    if (!(await ctx.users.tenantExists(tenantId))) throw new AppError(404, '租户不存在');
    const uav = await ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'uav')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('low_altitude_flights')
              .select('flight_id')
              .where('low_altitude_flights.tenant_id', '=', tenantId)
              .whereRef('low_altitude_flights.device_id', '=', 'devices.device_id')
              .where('low_altitude_flights.status', '=', 'flying'),
          ),
        ),
      )
      .orderBy('device_id')
      .executeTakeFirst();
    if (!uav) throw new AppError(409, '该租户没有空闲的无人机');
    const [longitude, latitude] = routePresetsOf(tenantId)[0]?.route[0] ?? [120.2, 30.25];
    const fence =
      (await geofences.list(tenantId, true)).find((candidate) => candidate.name === DEMO_FENCE_NAME) ??
      (await geofences.create(tenantId, {
        name: DEMO_FENCE_NAME,
        polygon: [
          [longitude - HALF, latitude - HALF],
          [longitude + HALF, latitude - HALF],
          [longitude + HALF, latitude + HALF],
          [longitude - HALF, latitude + HALF],
        ],
        floorM: 0,
        ceilingM: 150,
      }));
    const [west = longitude - HALF, south = latitude] = fence.polygon[0] ?? [];
    const centreLat = fence.polygon.reduce((sum, [, lat]) => sum + lat, 0) / fence.polygon.length || south;
    const course: Waypoint[] = [
      [west + INSIDE, centreLat, 60],
      [west + 6 * HALF, centreLat, 60],
    ];
    const planned = await flights.plan(tenantId, null, { deviceId: uav.device_id, taskKind: 'patrol', route: course });
    await flights.act(tenantId, planned.flightId, 'start');
    const at = now();
    const point = pointAlong(course, planned.flightId, 0);
    await tracks.ingest(tenantId, [{ subjectKind: 'uav', subjectId: uav.device_id, at, ...point }]);
    const crossings = await geofences.update(tenantId, { flightId: planned.flightId, at, ...point });
    return ok({ flightId: planned.flightId, deviceId: uav.device_id, fenceId: fence.fenceId, crossings });
  });
}
