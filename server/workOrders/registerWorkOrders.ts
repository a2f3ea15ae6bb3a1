import type { FastifyInstance } from 'fastify';
import type { AlarmService } from '../alarms/AlarmService';
import { IntervalJob } from '../cluster/IntervalJob';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import type { OrderCounters } from './OrderCounters';
import { createWorkOrders, type WorkOrders } from './WorkOrders';
import { workOrderRoutes } from './workOrderRoutes';

/** How often the leader escalates overdue work orders. */
export const WORK_ORDER_ESCALATE_MS = 60_000;

/** Work orders: the state machine, photos under DATA_DIR/workorders, statistics, and overdue escalation as a leader job. */
export async function registerWorkOrders(
  api: FastifyInstance,
  { config, db, now, pushHub, reportError }: ServerDeps,
  { alarms, orderCounters }: { alarms: AlarmService; orderCounters: OrderCounters },
): Promise<FeatureLifecycle & { workOrders: WorkOrders }> {
  const workOrders = createWorkOrders(db, orderCounters, alarms, config.dataDir, now, {
    push: pushHub,
    onPushError: reportError('工单变更推送失败'),
  });
  await workOrderRoutes(api, workOrders);
  const escalator = new IntervalJob(
    '工单超时升级',
    WORK_ORDER_ESCALATE_MS,
    () => workOrders.escalation.escalateOverdue(),
    reportError('工单超时升级失败'),
  );
  return { workOrders, jobs: [escalator] };
}
