import { sql } from 'kysely';
import type { OrderDimension } from '../../contracts/api/analysisRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_CATEGORIES,
  WORK_ORDER_CATEGORY_LABELS,
  WORK_ORDER_SOURCE_LABELS,
} from '../../contracts/workOrders';
import type { Db } from '../db/Database';
import { bucketOf } from '../stats/periods';
import { bucketEnds, instantsTable, type AnalysisWindow } from './analysisWindow';
import { areaOf, minutesOf, numberOf, percentilesOf, type TenantPlaces } from './sqlFigures';

/** What an order without a team counts as. */
const NO_TEAM = '未派发';

/**
 * 工单分析: the tenant's work orders within a window, every figure an SQL aggregate. Orders are counted
 * where they happened in the window: created (by dimension, the 新建 series), accepted (接单时长: creation
 * to the first 接单), closed (办结时长 and 按时办结率: closed_at against due_at). The backlog at an instant
 * is every order created before it and not yet ended: 已完成 ends at closed_at, 已取消 at its 取消 event
 * (a reopened order is open again from its reopening's view: closed_at is cleared).
 */
export class OrderAnalysisService {
  constructor(
    private readonly db: Db,
    private readonly places: TenantPlaces,
  ) {}

  private createdIn(tenantId: number, window: AnalysisWindow) {
    return this.db
      .selectFrom('work_orders as o')
      .where('o.tenant_id', '=', tenantId)
      .where('o.created_at', '>=', window.start)
      .where('o.created_at', '<', window.end);
  }

  private closedIn(tenantId: number, window: AnalysisWindow) {
    return this.db
      .selectFrom('work_orders as o')
      .where('o.tenant_id', '=', tenantId)
      .where('o.status', '=', 'DONE')
      .where('o.closed_at', '>=', window.start)
      .where('o.closed_at', '<', window.end);
  }

  /** The first 接单 of each order accepted in the window, with its delay since creation. */
  private acceptDelays(tenantId: number, window: AnalysisWindow) {
    return this.db
      .selectFrom('work_order_events as e')
      .innerJoin('work_orders as o', 'o.order_id', 'e.order_id')
      .select(sql<number>`min(e.at) - min(o.created_at)`.as('d'))
      .where('e.tenant_id', '=', tenantId)
      .where('o.tenant_id', '=', tenantId)
      .where('e.action', '=', 'accept')
      .groupBy('e.order_id')
      .having(sql<number>`min(e.at)`, '>=', window.start)
      .having(sql<number>`min(e.at)`, '<', window.end);
  }

  async summary(tenantId: number, window: AnalysisWindow, now: number): Promise<StatGroupData> {
    const [created, closed, overdue, accept, close] = await Promise.all([
      this.createdIn(tenantId, window)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      this.closedIn(tenantId, window)
        .select([
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`coalesce(sum(case when o.closed_at <= o.due_at then 1 else 0 end), 0)`.as('met'),
        ])
        .executeTakeFirst(),
      // Orders of the window still open past their due time (now, or the window's end if it is over).
      this.createdIn(tenantId, window)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('o.status', 'in', [...OPEN_WORK_ORDER_STATUSES])
        .where('o.due_at', '<', Math.min(now, window.end))
        .executeTakeFirst(),
      percentilesOf(this.db, this.acceptDelays(tenantId, window)),
      percentilesOf(this.db, this.closedIn(tenantId, window).select(sql<number>`o.closed_at - o.created_at`.as('d'))),
    ]);
    const closedCount = numberOf(closed?.n);
    const met = numberOf(closed?.met);
    return {
      items: [
        { name: '新建工单', value: numberOf(created?.n), unit: '件' },
        { name: '已办结', value: closedCount, unit: '件' },
        { name: '按时办结率', value: closedCount ? Math.round((met * 1000) / closedCount) / 10 : 0, unit: '%' },
        { name: '超时未办结', value: numberOf(overdue?.n), unit: '件' },
        { name: '接单时长中位数', value: minutesOf(accept.p50), unit: '分钟' },
        { name: '接单时长 P90', value: minutesOf(accept.p90), unit: '分钟' },
        { name: '办结时长中位数', value: minutesOf(close.p50), unit: '分钟' },
        { name: '办结时长 P90', value: minutesOf(close.p90), unit: '分钟' },
      ],
    };
  }

  /** Orders created in the window by one dimension, most first (categories in their fixed order, zeros included). */
  async by(tenantId: number, window: AnalysisWindow, dimension: OrderDimension): Promise<CategoryData> {
    const base = this.createdIn(tenantId, window);
    switch (dimension) {
      case 'category': {
        const rows = await base
          .select(['o.category as key', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('o.category')
          .execute();
        const counts = new Map(rows.map((row) => [row.key, numberOf(row.n)]));
        const known: readonly string[] = WORK_ORDER_CATEGORIES;
        return {
          unit: '件',
          items: [
            ...WORK_ORDER_CATEGORIES.map((key) => ({ key, name: WORK_ORDER_CATEGORY_LABELS[key], value: counts.get(key) ?? 0 })),
            ...rows
              .filter((row) => !known.includes(row.key))
              .map((row) => ({ key: row.key, name: labelOf(WORK_ORDER_CATEGORY_LABELS, row.key), value: numberOf(row.n) })),
          ],
        };
      }
      case 'source': {
        const rows = await base
          .select(['o.source as key', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('o.source')
          .orderBy('n', 'desc')
          .orderBy('o.source')
          .execute();
        return {
          unit: '件',
          items: rows.map((row) => ({ key: row.key, name: labelOf(WORK_ORDER_SOURCE_LABELS, row.key), value: numberOf(row.n) })),
        };
      }
      case 'team': {
        const rows = await base
          .leftJoin('teams as t', (join) => join.onRef('t.team_id', '=', 'o.assignee_team_id').on('t.tenant_id', '=', tenantId))
          .select(['o.assignee_team_id as team', (eb) => eb.fn.max('t.name').as('name'), (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('o.assignee_team_id')
          .orderBy('n', 'desc')
          .orderBy('o.assignee_team_id')
          .execute();
        return {
          unit: '件',
          items: rows.map((row) => ({
            key: row.team === null ? '' : String(row.team),
            name: row.team === null ? NO_TEAM : (row.name ?? `队伍 ${row.team}`),
            value: numberOf(row.n),
          })),
        };
      }
      case 'area': {
        const area = areaOf(this.places[tenantId] ?? [], sql`coalesce(d.longitude, a.longitude)`, sql`coalesce(d.latitude, a.latitude)`);
        const rows = await base
          .leftJoin('devices as d', (join) => join.onRef('d.device_id', '=', 'o.device_id').on('d.tenant_id', '=', tenantId))
          .leftJoin('alarms as a', (join) => join.onRef('a.alarm_id', '=', 'o.alarm_id').on('a.tenant_id', '=', tenantId))
          .select([area.as('area'), (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy(sql.ref('area'))
          .orderBy('n', 'desc')
          .orderBy(sql.ref('area'))
          .execute();
        return { unit: '件', items: rows.map((row) => ({ key: row.area, name: row.area, value: numberOf(row.n) })) };
      }
    }
  }

  /** Per bucket: orders created (新建), closed (办结), and the backlog (未办结) at the bucket's end. */
  async backlog(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const ends = bucketEnds(window);
    if (!ends.length) return { axis: 'time', unit: '件', series: [] };
    const first = window.buckets[0]!;
    const last = ends[ends.length - 1]!;
    const cancelledAt = sql<number>`(select max(e.at) from work_order_events e where e.order_id = o.order_id and e.action = 'cancel')`;
    const endedAt = sql<number | null>`case when o.status = 'DONE' then o.closed_at when o.status = 'CANCELLED' then ${cancelledAt} end`;
    const [open, created, closed] = await Promise.all([
      sql<{ i: number; n: number }>`
        select p.i as i, count(o.order_id) as n
        from ${instantsTable(ends)} p
        left join work_orders o on o.tenant_id = ${tenantId} and o.created_at < p.at
          and (${endedAt} is null or ${endedAt} >= p.at)
        group by p.i`.execute(this.db),
      this.db
        .selectFrom('work_orders')
        .select([bucketOf('created_at', window.bucket).as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', first)
        .where('created_at', '<', last)
        .groupBy(sql.ref('bucket'))
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select([bucketOf('closed_at', window.bucket).as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'DONE')
        .where('closed_at', '>=', first)
        .where('closed_at', '<', last)
        .groupBy(sql.ref('bucket'))
        .execute(),
    ]);
    const openAt = new Map(open.rows.map((row) => [numberOf(row.i), numberOf(row.n)]));
    const per = (rows: { bucket: number; n: number }[]) => new Map(rows.map((row) => [numberOf(row.bucket), numberOf(row.n)]));
    const createdAt = per(created);
    const closedAt = per(closed);
    return {
      axis: 'time',
      unit: '件',
      series: [
        { name: '未办结', points: window.buckets.map((at, index) => [at, openAt.get(index) ?? 0]) },
        { name: '新建', points: window.buckets.map((at) => [at, createdAt.get(at) ?? 0]) },
        { name: '办结', points: window.buckets.map((at) => [at, closedAt.get(at) ?? 0]) },
      ],
    };
  }
}

function labelOf(labels: Readonly<Record<string, string>>, code: string): string {
  return labels[code] ?? code;
}
