import { sql } from 'kysely';
import {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PUSH_EVENT,
  WORK_ORDER_STATUSES,
  type WorkOrderPriority,
  type WorkOrderStats,
  type WorkOrderStatus,
} from '../../contracts/workOrders';
import type { Db } from '../db/Database';
import { bucketOf, DAY_MS, shanghaiDayStart } from '../stats/periods';
import type { WorkOrderPushOptions } from './workOrderRecords';

/**
 * How long a tenant's statistics may be served from memory. Every change drops them at once (this
 * instance's directly, another instance's through its push); this bounds how stale they get through
 * time alone (the overdue count).
 */
export const STATS_CACHE_MS = 10_000;

/** A tenant's work-order figures (counts, SLA, per day), cached briefly and dropped on any change. */
export class WorkOrderStatistics {
  /** The statistics per tenant and period (`days`), with when they were read; dropped on any change of the tenant. */
  private readonly statsCache = new Map<number, Map<number, { at: number; stats: Promise<WorkOrderStats> }>>();
  /** Tenants whose WORK_ORDER pushes (any instance's) drop their cached statistics. */
  private readonly watchedTenants = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly pushOptions: WorkOrderPushOptions = {},
  ) {}

  /** The tenant's statistics, computed at most once per STATS_CACHE_MS unless an order of the tenant changes. */
  stats(tenantId: number, days: number): Promise<WorkOrderStats> {
    const at = this.now();
    this.watch(tenantId);
    const tenant = this.statsCache.get(tenantId) ?? new Map<number, { at: number; stats: Promise<WorkOrderStats> }>();
    this.statsCache.set(tenantId, tenant);
    const cached = tenant.get(days);
    if (cached && at - cached.at < STATS_CACHE_MS && at >= cached.at) return cached.stats;
    const stats = this.computeStats(tenantId, days, at);
    tenant.set(days, { at, stats });
    // A failed read is not kept.
    stats.catch(() => tenant.get(days)?.stats === stats && tenant.delete(days));
    return stats;
  }

  /** Drops the tenant's cached statistics (an order of the tenant changed). */
  forget(tenantId: number): void {
    this.statsCache.delete(tenantId);
  }

  /** Another instance's change reaches this one as the tenant's push: its statistics go then too. */
  private watch(tenantId: number): void {
    const subscribe = this.pushOptions.push?.subscribe;
    if (!subscribe || this.watchedTenants.has(tenantId)) return;
    this.watchedTenants.add(tenantId);
    subscribe.call(this.pushOptions.push, tenantId, (message) => {
      if (message.eventType === WORK_ORDER_PUSH_EVENT) this.statsCache.delete(tenantId);
    });
  }

  private async computeStats(tenantId: number, days: number, at: number): Promise<WorkOrderStats> {
    const start = shanghaiDayStart(at) - (days - 1) * DAY_MS;
    const open = [...OPEN_WORK_ORDER_STATUSES];
    const [groups, overdue, escalated, sla, created, closed] = await Promise.all([
      this.db
        .selectFrom('work_orders')
        .select(['status', 'priority', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .groupBy(['status', 'priority'])
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', open)
        .where('due_at', '<', at)
        .executeTakeFirst(),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', open)
        .where('escalated_at', 'is not', null)
        .executeTakeFirst(),
      // closed_at is set while 已完成 only (reopening clears it).
      this.db
        .selectFrom('work_orders')
        .select([
          sql<number>`coalesce(sum(case when closed_at <= due_at then 1 else 0 end), 0)`.as('met'),
          sql<number>`coalesce(sum(case when closed_at > due_at then 1 else 0 end), 0)`.as('missed'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('closed_at', '>=', start)
        .executeTakeFirst(),
      this.db
        .selectFrom('work_orders')
        .select([bucketOf('created_at', 'day').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', start)
        .groupBy(sql`1`)
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select([bucketOf('closed_at', 'day').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('closed_at', '>=', start)
        .groupBy(sql`1`)
        .execute(),
    ]);
    const byStatus = Object.fromEntries(WORK_ORDER_STATUSES.map((status) => [status, 0])) as Record<WorkOrderStatus, number>;
    const byPriority = Object.fromEntries(WORK_ORDER_PRIORITIES.map((priority) => [priority, 0])) as Record<WorkOrderPriority, number>;
    let total = 0;
    for (const row of groups) {
      const count = Number(row.count);
      total += count;
      if (row.status in byStatus) byStatus[row.status as WorkOrderStatus] += count;
      if (row.priority in byPriority) byPriority[row.priority as WorkOrderPriority] += count;
    }
    const createdByDay = new Map(created.map((row) => [Number(row.day), Number(row.count)]));
    const closedByDay = new Map(closed.map((row) => [Number(row.day), Number(row.count)]));
    const met = Number(sla?.met ?? 0);
    const missed = Number(sla?.missed ?? 0);
    return {
      total,
      byStatus,
      byPriority,
      open: open.reduce((sum, status) => sum + byStatus[status], 0),
      overdue: Number(overdue?.count ?? 0),
      escalated: Number(escalated?.count ?? 0),
      slaMet: met,
      slaMissed: missed,
      slaRate: met + missed === 0 ? null : met / (met + missed),
      createdToday: createdByDay.get(shanghaiDayStart(at)) ?? 0,
      perDay: Array.from({ length: days }, (_, index) => {
        const day = start + index * DAY_MS;
        return { day, created: createdByDay.get(day) ?? 0, closed: closedByDay.get(day) ?? 0 };
      }),
    };
  }
}
