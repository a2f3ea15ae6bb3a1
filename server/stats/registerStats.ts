import type { FastifyInstance } from 'fastify';
import type { AlarmType } from '../alarms/alarmTypes';
import type { ServerDeps } from '../ServerDeps';
import { StatsService } from './StatsService';
import { statsRoutes } from './statsRoutes';

/** Figures of the panel pages: SQL aggregates over the stored devices and alarms. */
export async function registerStats(
  api: FastifyInstance,
  { db, now, catalog }: ServerDeps,
  alarmTypes: ReadonlyMap<string, AlarmType>,
): Promise<void> {
  await statsRoutes(api, new StatsService(db, catalog, alarmTypes, now));
}
