import type { AlarmService } from '../alarms/AlarmService';
import type { Db } from '../db/Database';
import type { OrderCounters } from './OrderCounters';
import { WorkOrderActions } from './WorkOrderActions';
import { WorkOrderAnnouncer } from './WorkOrderAnnouncer';
import type { WorkOrderPushOptions } from './workOrderRecords';
import { WorkOrderEscalation } from './WorkOrderEscalation';
import { WorkOrderPhotos } from './WorkOrderPhotos';
import { WorkOrderQueries } from './WorkOrderQueries';
import { WorkOrderStatistics } from './WorkOrderStatistics';

/**
 * Work orders of a tenant (tables work_orders, work_order_events, work_order_photos), by concern:
 * reading, the state machine (create, assign … close), photos, statistics and overdue escalation.
 * Each committed change is announced (WORK_ORDER → workOrder.changed) and drops the tenant's statistics.
 */
export interface WorkOrders {
  queries: WorkOrderQueries;
  actions: WorkOrderActions;
  photos: WorkOrderPhotos;
  statistics: WorkOrderStatistics;
  escalation: WorkOrderEscalation;
}

export function createWorkOrders(
  db: Db,
  counters: OrderCounters,
  alarms: AlarmService,
  dataDir: string,
  now: () => number,
  pushOptions: WorkOrderPushOptions = {},
): WorkOrders {
  const statistics = new WorkOrderStatistics(db, now, pushOptions);
  const announcer = new WorkOrderAnnouncer(statistics, pushOptions);
  const queries = new WorkOrderQueries(db, alarms, now);
  return {
    queries,
    actions: new WorkOrderActions(db, counters, alarms, queries, announcer, now),
    photos: new WorkOrderPhotos(db, announcer, dataDir, now),
    statistics,
    escalation: new WorkOrderEscalation(db, announcer, now),
  };
}
