import { WORK_ORDER_SLA_HOURS, type WorkOrderRow } from '../../../contracts/workOrders';
import { HOUR_MS } from '../../stats/periods';
import type { HistoryContext } from './historyServices';
import { HISTORY_TEXT } from './historyText';
import { between, pick } from './historyTenant';

const MINUTE_MS = 60_000;

/** How a work order of the history ends: within its time limit (most), late, never yet (open and overdue), or cancelled. */
type Ending = 'onTime' | 'late' | 'open' | 'cancelled';

function endingOf(random: () => number): Ending {
  const roll = random();
  return roll < 0.82 ? 'onTime' : roll < 0.92 ? 'late' : roll < 0.97 ? 'open' : 'cancelled';
}

/**
 * A work order's life after it was created from an alarm, as dispatchers and field teams live it: the
 * operator dispatches it to a team, the team accepts and reports progress, the operator closes it with
 * its result. Most close within the order's time limit; some late (the escalation job marks them when
 * they pass it, as it does live); a few are still open past it; a few are cancelled. `onDone` is told
 * when the order was closed or cancelled, so the alarm's handling can follow.
 */
export function scheduleWorkOrder(context: HistoryContext, order: WorkOrderRow, onDone: (at: number) => void): void {
  const { timeline, services, tenant, random } = context;
  const tenantId = tenant.tenantId;
  const operator = pick(random, tenant.handlers);
  const team = tenant.teams.length ? pick(random, tenant.teams) : undefined;
  const ending = endingOf(random);
  const limitMs = WORK_ORDER_SLA_HOURS[order.priority] * HOUR_MS;
  const created = timeline.now();
  const assignAt = created + between(random, 2, 10) * MINUTE_MS;
  if (ending === 'cancelled') {
    timeline.at(assignAt, async () => {
      await services.orders.cancel(tenantId, operator, order.orderId, '告警已由现场人员直接处置，无需派单');
      onDone(timeline.now());
    });
    return;
  }
  const acceptAt = assignAt + between(random, 5, 30) * MINUTE_MS;
  const progressAt = acceptAt + between(random, 10, 40) * MINUTE_MS;
  const closeAt =
    ending === 'late'
      ? created + limitMs * between(random, 1.1, 1.8)
      : Math.max(progressAt + 10 * MINUTE_MS, created + limitMs * between(random, 0.2, 0.85));
  const progressNote = pick(random, HISTORY_TEXT.workOrderProgress);
  const closeNote = pick(random, HISTORY_TEXT.workOrderClose);
  const teamNote = pick(random, HISTORY_TEXT.workOrderAccept);
  if (!team) return;
  timeline.at(assignAt, async () => {
    await services.orders.assign(tenantId, operator, {
      orderId: order.orderId,
      teamId: team.teamId,
      note: HISTORY_TEXT.workOrderAssign(team.name),
    });
    timeline.at(acceptAt, async () => {
      await services.orders.accept(tenantId, null, order.orderId, `${team.name}${teamNote}`);
      timeline.at(progressAt, async () => {
        await services.orders.progress(tenantId, null, order.orderId, progressNote);
        if (ending === 'open') return;
        timeline.at(closeAt, async () => {
          await services.orders.close(tenantId, operator, order.orderId, closeNote);
          onDone(timeline.now());
        });
      });
    });
  });
  // The escalation job's round just after the time limit, as the leader runs it every minute live.
  if (ending !== 'onTime') timeline.at(order.dueAt + MINUTE_MS, async () => void (await services.escalation.escalateOverdue()));
}
