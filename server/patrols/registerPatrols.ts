import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import { IntervalJob } from '../cluster/IntervalJob';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { CheckInService } from './CheckInService';
import { MissedCheckpoints } from './MissedCheckpoints';
import { PatrolPlans } from './PatrolPlans';
import { PatrolQueries } from './PatrolQueries';
import { patrolDevRoute, patrolRoutes } from './patrolRoutes';
import { seedPatrols } from './seedPatrols';

/** How often the missed-checkpoint job looks (a window ends on a minute). */
export const MISSED_CHECK_MS = 60_000;

export interface PatrolsFeature extends FeatureLifecycle {
  plans: PatrolPlans;
  queries: PatrolQueries;
  checkIns: CheckInService;
  missed: MissedCheckpoints;
}

/**
 * 巡查与打卡 (server/patrols/): planned routes, check-ins, and the missed-checkpoint job (a leader job,
 * on while the simulator runs; tests run `missed.run()` by hand). A demo tenant with field members and
 * no routes gets its routes, and with a history today's check-ins so far, on start.
 */
export async function registerPatrols(
  api: FastifyInstance,
  { config, db, now, pushHub, ctx, log, reportError }: ServerDeps,
  { alarms, historyDays }: { alarms: AlarmService; historyDays: number },
): Promise<PatrolsFeature> {
  const plans = new PatrolPlans(db, now);
  const queries = new PatrolQueries(db, now);
  const checkIns = new CheckInService(db, queries, pushHub, config.dataDir, now);
  const missed = new MissedCheckpoints(db, alarms, pushHub, now);
  // The seeded past is told to nobody (like the history's services): its check-ins go through a silent publisher.
  const pastCheckIns = new CheckInService(db, queries, { publish: async () => undefined }, config.dataDir, now);
  const seeded = await seedPatrols(db, { plans, checkIns: pastCheckIns, now: now(), withCheckIns: historyDays > 0 });
  if (seeded) log.info(`已写入 ${seeded} 条演示巡查路线`);
  await patrolRoutes(api, { queries, checkIns });
  if (config.smsDevEndpoint) await patrolDevRoute(api, { ctx, missed });
  const job = new IntervalJob(
    '漏打卡检查',
    config.simulator?.tickMs ? MISSED_CHECK_MS : 0,
    () => missed.run(),
    reportError('漏打卡检查失败'),
  );
  return { plans, queries, checkIns, missed, jobs: [job] };
}
