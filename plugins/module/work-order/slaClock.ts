import { OPEN_WORK_ORDER_STATUSES, type WorkOrderRow } from '@ops/contracts';
import { workOrderStrings as t } from './workOrderStrings';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span as operators say it: 2 天 3 小时, 5 小时 12 分, 8 分 (under a minute: 不足 1 分). */
export function spanText(ms: number): string {
  const span = Math.abs(ms);
  if (span < MINUTE) return '不足 1 分';
  const days = Math.floor(span / DAY);
  const hours = Math.floor((span % DAY) / HOUR);
  const minutes = Math.floor((span % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} 天 ${hours} 小时` : `${days} 天`;
  if (hours > 0) return minutes > 0 ? `${hours} 小时 ${minutes} 分` : `${hours} 小时`;
  return `${minutes} 分`;
}

export type SlaState = 'running' | 'soon' | 'overdue' | 'metOnTime' | 'finishedLate' | 'stopped';

/** Where an order stands against its time limit at `now`, and the words for it. */
export function slaOf(order: Pick<WorkOrderRow, 'status' | 'dueAt' | 'closedAt'>, now: number): { state: SlaState; text: string } {
  if (OPEN_WORK_ORDER_STATUSES.includes(order.status)) {
    const left = order.dueAt - now;
    if (left < 0) return { state: 'overdue', text: t.overdueBy(spanText(left)) };
    // The last hour (or the last fifth of a short SLA) is shown as close.
    return { state: left <= HOUR ? 'soon' : 'running', text: t.remaining(spanText(left)) };
  }
  if (order.status === 'DONE' && order.closedAt !== null)
    return order.closedAt <= order.dueAt ? { state: 'metOnTime', text: t.finishedOnTime } : { state: 'finishedLate', text: t.finishedLate };
  return { state: 'stopped', text: '—' };
}

export const SLA_INTENT: Record<SlaState, 'none' | 'success' | 'warning' | 'danger'> = {
  running: 'none',
  soon: 'warning',
  overdue: 'danger',
  metOnTime: 'success',
  finishedLate: 'warning',
  stopped: 'none',
};
