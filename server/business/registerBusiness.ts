import type { FastifyInstance } from 'fastify';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { businessRoutes } from './businessRoutes';
import { BusinessService } from './BusinessService';
import { BusinessSimulator } from './BusinessSimulator';

/**
 * Visitors, tickets, parking and merchants' sales of the seeded scenic areas: simulated on the
 * simulator's tick (SIM_TICK_MS; SIMULATOR=0 turns it off) whatever the devices speak, a leader job.
 */
export async function registerBusiness(
  api: FastifyInstance,
  { config, db, now, reportError }: ServerDeps,
): Promise<FeatureLifecycle & { businessSimulator: BusinessSimulator }> {
  const businessSimulator = new BusinessSimulator(db, now, { tickMs: config.simulator?.tickMs ?? 0 }, reportError('景区业务模拟失败'));
  await businessRoutes(api, new BusinessService(db, now));
  return {
    businessSimulator,
    jobs: [
      { name: '景区业务模拟', start: () => businessSimulator.start(), stop: () => businessSimulator.stop(), runs: businessSimulator.runs },
    ],
    stop: () => businessSimulator.stop(),
  };
}
