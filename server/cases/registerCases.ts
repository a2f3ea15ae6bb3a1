import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import { TENANT_AREAS } from '../seed/seedData';
import { IntervalJob } from '../cluster/IntervalJob';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import type { OrderCounters } from '../workOrders/OrderCounters';
import type { WorkOrders } from '../workOrders/WorkOrders';
import { caseRoutes } from './caseRoutes';
import { createCases, type Cases } from './Cases';
import { CASE_SIMULATOR_EVERY_MS, CaseSimulator } from './CaseSimulator';

/**
 * 综合执法's cases (server/cases/): the state machine with its work orders and alarms, evidence under
 * DATA_DIR/cases, figures, parking lots, and the public and field teams as a leader job (on with the
 * device simulator; tests call `caseSimulator.step()`).
 */
export async function registerCases(
  api: FastifyInstance,
  { config, db, now, pushHub, reportError }: ServerDeps,
  { alarms, orderCounters, workOrders }: { alarms: AlarmService; orderCounters: OrderCounters; workOrders: WorkOrders },
): Promise<FeatureLifecycle & { cases: Cases; caseSimulator: CaseSimulator }> {
  const cases = createCases({
    db,
    counters: orderCounters,
    orders: workOrders.actions,
    alarms,
    push: pushHub,
    onPushError: reportError('案件变更推送失败'),
    places: TENANT_AREAS,
    dataDir: config.dataDir,
    now,
  });
  await caseRoutes(api, cases);
  const caseSimulator = new CaseSimulator(db, cases.actions, TENANT_AREAS, now);
  const everyMs = (config.simulator?.tickMs ?? 0) > 0 ? CASE_SIMULATOR_EVERY_MS : 0;
  const job = new IntervalJob('案件模拟', everyMs, () => caseSimulator.step(), reportError('案件模拟失败'));
  return { cases, caseSimulator, jobs: [job] };
}
