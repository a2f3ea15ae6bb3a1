import { sql } from 'kysely';
import type { CategoryData, GaugeData, SeriesData, StatGroupData, StatValue } from '../../contracts/panels';
import type { Db } from '../db/Database';
import {
  bucketOf,
  DAY_MS,
  fillBuckets,
  HOUR_MS,
  int,
  periodOf,
  shanghaiDayStart,
  yuan,
  type StatsRange,
  type Window,
} from '../stats/periods';

const count = (value: unknown) => Number(value ?? 0);

/** Tables counted by the hour (hour_at = the hour's start). */
type HourlyTable = 'gate_traffic' | 'merchant_sales';

/**
 * Figures of the business panels: SQL aggregates over the tenant's gates, ticket orders, parking
 * sessions and merchant sales (tables of migration 008), bucketed in Shanghai time (stats/periods.ts).
 * Money is stored in fen and answered in yuan.
 */
export class BusinessService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Sums of hourly columns over a window. A past window (`prorate`) that ends inside an hour takes the
   * part of that hour's row up to its end (integer share, the same on both databases); the current
   * window takes its last hour's row whole (it holds only what happened so far).
   */
  private async hourlyTotals<C extends string>(
    table: HourlyTable,
    columns: readonly C[],
    tenantId: number,
    window: Window,
    prorate: boolean,
  ): Promise<Record<C, number>> {
    const end = int(window.end);
    const summed = columns.map((column) => {
      const ref = sql.ref(column);
      const value = prorate
        ? sql<number>`case when hour_at + ${sql.lit(HOUR_MS)} > ${end} then ${ref} * (${end} - hour_at) / ${sql.lit(HOUR_MS)} else ${ref} end`
        : sql<number>`${ref}`;
      return sql<number>`coalesce(sum(${value}), 0)`.as(column);
    });
    const row = (await this.db
      .selectFrom(table)
      .select(summed)
      .where('tenant_id', '=', tenantId)
      .where('hour_at', '>=', window.start)
      .where('hour_at', '<', window.end)
      .executeTakeFirst()) as Record<C, unknown> | undefined;
    return Object.fromEntries(columns.map((column) => [column, count(row?.[column])])) as Record<C, number>;
  }

  /**
   * Visitors per bucket, every bucket present: `total` gives in (入园) and out (出园) through all gates,
   * `gate` the visitors coming in through each gate (one series per gate, named after it, gate order).
   */
  async visitorSeries(tenantId: number, range: StatsRange, by: 'total' | 'gate' = 'total'): Promise<SeriesData> {
    const period = periodOf(range, this.now());
    if (by === 'gate') {
      const [gates, rows] = await Promise.all([
        this.db.selectFrom('business_gates').select(['gate_id', 'name']).where('tenant_id', '=', tenantId).orderBy('gate_id').execute(),
        this.db
          .selectFrom('gate_traffic')
          .select(['gate_id', bucketOf('hour_at', period.bucket).as('bucket'), (eb) => eb.fn.sum<number>('in_count').as('entered')])
          .where('tenant_id', '=', tenantId)
          .where('hour_at', '>=', period.start)
          .where('hour_at', '<', period.end)
          .groupBy(['gate_id', sql.ref('bucket')])
          .execute(),
      ]);
      return {
        axis: 'time',
        unit: '人次',
        series: gates.map((gate) => ({
          name: gate.name,
          points: fillBuckets(
            period,
            new Map(rows.filter((row) => row.gate_id === gate.gate_id).map((row) => [count(row.bucket), count(row.entered)])),
          ),
        })),
      };
    }
    const rows = await this.db
      .selectFrom('gate_traffic')
      .select([
        bucketOf('hour_at', period.bucket).as('bucket'),
        (eb) => eb.fn.sum<number>('in_count').as('entered'),
        (eb) => eb.fn.sum<number>('out_count').as('exited'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('hour_at', '>=', period.start)
      .where('hour_at', '<', period.end)
      .groupBy(sql.ref('bucket'))
      .execute();
    return {
      axis: 'time',
      unit: '人次',
      series: [
        { name: '入园', points: fillBuckets(period, new Map(rows.map((row) => [count(row.bucket), count(row.entered)]))) },
        { name: '出园', points: fillBuckets(period, new Map(rows.map((row) => [count(row.bucket), count(row.exited)]))) },
      ],
    };
  }

  /** Visitors who came in today (since Shanghai midnight), and yesterday up to the same time of day. */
  async visitorsToday(tenantId: number): Promise<StatValue> {
    const now = this.now();
    const today = { start: shanghaiDayStart(now), end: now + 1 };
    const [current, previous] = await Promise.all([
      this.hourlyTotals('gate_traffic', ['in_count'], tenantId, today, false),
      this.hourlyTotals('gate_traffic', ['in_count'], tenantId, { start: today.start - DAY_MS, end: today.end - DAY_MS }, true),
    ]);
    return { value: current.in_count, previous: previous.in_count, unit: '人次' };
  }

  /** Ticket orders (订单数) and their takings (门票收入, yuan) per bucket of the time paid. */
  async ticketSeries(tenantId: number, range: StatsRange): Promise<SeriesData> {
    const period = periodOf(range, this.now());
    const rows = await this.db
      .selectFrom('ticket_orders')
      .select([
        bucketOf('paid_at', period.bucket).as('bucket'),
        (eb) => eb.fn.countAll<number>().as('orders'),
        (eb) => eb.fn.sum<number>('amount').as('takings'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('paid_at', '>=', period.start)
      .where('paid_at', '<', period.end)
      .groupBy(sql.ref('bucket'))
      .execute();
    return {
      axis: 'time',
      series: [
        { name: '订单数', points: fillBuckets(period, new Map(rows.map((row) => [count(row.bucket), count(row.orders)]))) },
        { name: '门票收入（元）', points: fillBuckets(period, new Map(rows.map((row) => [count(row.bucket), yuan(count(row.takings))]))) },
      ],
    };
  }

  private async takings(
    tenantId: number,
    window: Window,
    prorate: boolean,
  ): Promise<{ tickets: number; parking: number; merchants: number }> {
    const [tickets, parking, merchants] = await Promise.all([
      this.db
        .selectFrom('ticket_orders')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('fen'))
        .where('tenant_id', '=', tenantId)
        .where('paid_at', '>=', window.start)
        .where('paid_at', '<', window.end)
        .executeTakeFirst(),
      this.db
        .selectFrom('parking_sessions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('fee'), sql<number>`0`).as('fen'))
        .where('tenant_id', '=', tenantId)
        .where('out_at', '>=', window.start)
        .where('out_at', '<', window.end)
        .executeTakeFirst(),
      this.hourlyTotals('merchant_sales', ['amount'], tenantId, window, prorate),
    ]);
    return { tickets: count(tickets?.fen), parking: count(parking?.fen), merchants: merchants.amount };
  }

  /** 门票收入 (orders paid), 停车收入 (stays that ended) and 商户销售额 in the period (yuan), with the period before. */
  async revenue(tenantId: number, range: StatsRange): Promise<StatGroupData> {
    const period = periodOf(range, this.now());
    const [current, previous] = await Promise.all([this.takings(tenantId, period, false), this.takings(tenantId, period.previous, true)]);
    return {
      items: [
        { name: '门票收入', value: yuan(current.tickets), previous: yuan(previous.tickets), unit: '元' },
        { name: '停车收入', value: yuan(current.parking), previous: yuan(previous.parking), unit: '元' },
        { name: '商户销售额', value: yuan(current.merchants), previous: yuan(previous.merchants), unit: '元' },
      ],
    };
  }

  /** Cars parked now in each lot (key = lot id), lot order. */
  async parkingLots(tenantId: number): Promise<CategoryData> {
    const rows = await this.db
      .selectFrom('parking_lots as l')
      .leftJoin('parking_sessions as s', (join) => join.onRef('s.lot_id', '=', 'l.lot_id').on('s.out_at', 'is', null))
      .select(['l.lot_id', 'l.name', 'l.capacity', (eb) => eb.fn.count<number>('s.session_id').as('parked')])
      .where('l.tenant_id', '=', tenantId)
      .groupBy(['l.lot_id', 'l.name', 'l.capacity'])
      .orderBy('l.lot_id')
      .execute();
    return { items: rows.map((row) => ({ key: String(row.lot_id), name: row.name, value: count(row.parked) })), unit: '辆' };
  }

  /** Cars parked now in all lots against their capacity. */
  async parkingOccupancy(tenantId: number): Promise<GaugeData> {
    const [capacity, parked] = await Promise.all([
      this.db
        .selectFrom('parking_lots')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('capacity'), sql<number>`0`).as('spaces'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      this.db
        .selectFrom('parking_sessions')
        .select((eb) => eb.fn.countAll<number>().as('cars'))
        .where('tenant_id', '=', tenantId)
        .where('out_at', 'is', null)
        .executeTakeFirst(),
    ]);
    return { value: count(parked?.cars), min: 0, max: count(capacity?.spaces), unit: '辆' };
  }

  /** Merchants by sales in the period (yuan), most first, every merchant of the tenant (key = merchant id). */
  async merchantRanking(tenantId: number, range: StatsRange, limit: number): Promise<CategoryData> {
    const period = periodOf(range, this.now());
    const rows = await this.db
      .selectFrom('merchants as m')
      .leftJoin('merchant_sales as s', (join) =>
        join.onRef('s.merchant_id', '=', 'm.merchant_id').on('s.hour_at', '>=', period.start).on('s.hour_at', '<', period.end),
      )
      .select(['m.merchant_id', 'm.name', (eb) => eb.fn.coalesce(eb.fn.sum<number>('s.amount'), sql<number>`0`).as('fen')])
      .where('m.tenant_id', '=', tenantId)
      .groupBy(['m.merchant_id', 'm.name'])
      .orderBy('fen', 'desc')
      .orderBy('m.merchant_id')
      .limit(limit)
      .execute();
    return { items: rows.map((row) => ({ key: String(row.merchant_id), name: row.name, value: yuan(count(row.fen)) })), unit: '元' };
  }
}
