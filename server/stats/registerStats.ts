import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import type { AlarmType } from '../alarms/alarmTypes';
import type { ServerDeps } from '../ServerDeps';
import { OverviewService } from './OverviewService';
import { overviewRoutes } from './overviewRoutes';
import { StatsService } from './StatsService';
import { statsRoutes } from './statsRoutes';

/** Figures of the panel pages and of Home and the module roots: SQL aggregates over the stored rows. */
export async function registerStats(
  api: FastifyInstance,
  { db, now, catalog }: ServerDeps,
  { alarmTypes, alarms }: { alarmTypes: ReadonlyMap<string, AlarmType>; alarms: Pick<AlarmService, 'list'> },
): Promise<void> {
  const stats = new StatsService(db, catalog, alarmTypes, now);
  await statsRoutes(api, stats);
  await overviewRoutes(api, new OverviewService(db, catalog, alarmTypes, alarms, stats, now));
}
