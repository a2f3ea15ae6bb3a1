import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import { IntervalJob } from '../cluster/IntervalJob';
import { TrackService } from '../field/TrackService';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { FlightService } from './FlightService';
import { GeofenceService } from './GeofenceService';
import { lowAltitudeDevRoute } from './lowAltitudeDevRoute';
import { lowAltitudeRoutes } from './lowAltitudeRoutes';
import { UavQueries } from './UavQueries';
import { UavSimulator } from './UavSimulator';

/** The UAVs report once a second. */
const UAV_TICK_MS = 1000;

/**
 * 低空管理: UAV flights, geofences and the check of each position against them (server/lowAltitude/), and
 * the UAV simulator (a leader job at 1 Hz while the device simulator runs; tests call step()).
 */
export async function registerLowAltitude(
  api: FastifyInstance,
  { config, ctx, db, now, pushHub, reportError }: ServerDeps,
  { alarms }: { alarms: AlarmService },
): Promise<FeatureLifecycle & { flights: FlightService; geofences: GeofenceService; uavSimulator: UavSimulator }> {
  const geofences = new GeofenceService(db, alarms, pushHub, now);
  const flights = new FlightService(db, geofences, now);
  const tracks = new TrackService(db, now);
  const queries = new UavQueries(db, flights, geofences, tracks, now);
  const uavSimulator = new UavSimulator({ db, flights, geofences, tracks, push: pushHub, now });
  await lowAltitudeRoutes(api, { flights, geofences, queries, tracks, now });
  if (config.smsDevEndpoint) await lowAltitudeDevRoute(api, { ctx, flights, geofences, tracks, now });
  const tickMs = config.simulator?.tickMs ? UAV_TICK_MS : 0;
  const job = new IntervalJob('无人机飞行模拟', tickMs, () => uavSimulator.step(), reportError('无人机飞行模拟失败'));
  return { flights, geofences, uavSimulator, jobs: [job] };
}
