import {
  WORK_ORDER_ACTION_LABELS,
  type WorkOrderChangeAction,
  type WorkOrderChanged,
  type WorkOrderStatus,
} from '../../contracts/workOrders';
import { workOrderPushTopic } from '../../contracts/push';
import { statusLabel as label, type WorkOrderPushOptions } from './workOrderRecords';
import type { WorkOrderStatistics } from './WorkOrderStatistics';

/** Tells the tenant of a committed change and drops its cached statistics. */
export class WorkOrderAnnouncer {
  constructor(
    private readonly statistics: WorkOrderStatistics,
    private readonly pushOptions: WorkOrderPushOptions = {},
  ) {}

  /**
   * Tells the tenant's open screens (WORK_ORDER, topic workOrder.changed) that an order changed; called
   * only after the change committed, so a refused or rolled-back change is never announced.
   */
  async announce(
    tenantId: number,
    order: { orderId: number; orderNo: string; status: WorkOrderStatus; alarmId: number | null },
    action: WorkOrderChangeAction,
    userId: number | null,
    time: number,
  ): Promise<void> {
    this.statistics.forget(tenantId);
    const { push, onPushError } = this.pushOptions;
    if (!push) return;
    const data: WorkOrderChanged = {
      orderId: order.orderId,
      orderNo: order.orderNo,
      action,
      actionName: WORK_ORDER_ACTION_LABELS[action],
      status: order.status,
      statusName: label(order.status),
      alarmId: order.alarmId,
      userId,
      time,
    };
    try {
      await push.publish(tenantId, workOrderPushTopic, data);
    } catch (error) {
      onPushError?.(error);
    }
  }
}
