import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import type { ServerDeps } from '../ServerDeps';
import { FlightService } from './FlightService';
import { GeofenceService } from './GeofenceService';
import { lowAltitudeRoutes } from './lowAltitudeRoutes';

/** 低空管理: UAV flights, geofences and the check of each position against them (server/lowAltitude/). */
export async function registerLowAltitude(
  api: FastifyInstance,
  { db, now, pushHub }: ServerDeps,
  { alarms }: { alarms: AlarmService },
): Promise<{ flights: FlightService; geofences: GeofenceService }> {
  const geofences = new GeofenceService(db, alarms, pushHub, now);
  const flights = new FlightService(db, geofences, now);
  await lowAltitudeRoutes(api, { flights, geofences, now });
  return { flights, geofences };
}
