import { OPEN_WORK_ORDER_STATUSES, type WorkOrderStatus } from '../../contracts/workOrders';
import type { Db } from '../db/Database';
import type { WorkOrderAnnouncer } from './WorkOrderAnnouncer';
import { writeOrderEvent } from './workOrderRecords';

/** Open orders past their due time, escalated once each (a leader job). */
export class WorkOrderEscalation {
  constructor(
    private readonly db: Db,
    private readonly announcer: WorkOrderAnnouncer,
    private readonly now: () => number,
  ) {}

  /**
   * Marks every open order past its due time (every tenant) escalated, once, with an audit event by
   * the system. Run by the leader (an IntervalJob in createServer); returns how many it marked.
   */
  async escalateOverdue(): Promise<number> {
    const at = this.now();
    const due = await this.db
      .selectFrom('work_orders')
      .select(['order_id', 'order_no', 'tenant_id', 'status', 'due_at', 'alarm_id'])
      .where('status', 'in', [...OPEN_WORK_ORDER_STATUSES])
      .where('due_at', '<', at)
      .where('escalated_at', 'is', null)
      .orderBy('order_id')
      .limit(1000)
      .execute();
    let marked = 0;
    for (const order of due) {
      const orderId = Number(order.order_id);
      const done = await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('work_orders')
          .set({ escalated_at: at, updated_at: at })
          .where('order_id', '=', orderId)
          .where('escalated_at', 'is', null)
          .where('status', 'in', [...OPEN_WORK_ORDER_STATUSES])
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const late = Math.max(1, Math.round((at - order.due_at) / 60_000));
        await writeOrderEvent(trx, {
          orderId,
          tenantId: order.tenant_id,
          at,
          userId: null,
          action: 'escalate',
          from: order.status,
          to: order.status,
          note: `已超过处理时限 ${late} 分钟，自动升级`,
        });
        return true;
      });
      if (done) {
        marked++;
        await this.announcer.announce(
          order.tenant_id,
          {
            orderId,
            orderNo: order.order_no,
            status: order.status as WorkOrderStatus,
            alarmId: order.alarm_id === null ? null : Number(order.alarm_id),
          },
          'escalate',
          null,
          at,
        );
      }
    }
    return marked;
  }
}
