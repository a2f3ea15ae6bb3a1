import type { Transaction } from 'kysely';
import { JobRuns } from '../cluster/JobRuns';
import { dialectOf, type Database, type Db } from '../db/Database';
import { copyRows } from '../db/copyRows';
import { columnNames, unnestRows } from '../db/rowsExpression';
import { businessProfileOf, type BusinessProfile, type MerchantCategory } from '../seed/seedBusiness';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS, hourStart, shanghaiDayStart } from '../stats/periods';
import {
  ARRIVALS,
  DEPARTURES,
  PARKING_LEAVE,
  GATE_SHARES,
  PARKING_WEEKEND,
  MERCHANT_TRAITS,
  CHANNEL_WEIGHTS,
  TICKET_COUNTS,
  normalise,
  pick,
  poisson,
  parkingFee,
  ticketOrderNo,
  plate,
  localHour,
  isWeekend,
  dayFactor,
} from './businessModel';

/** How far back the simulator fills a tenant's history when it first runs (or after a long pause). */
export const BACKFILL_DAYS = 30;

interface TenantBusiness {
  tenantId: number;
  profile: BusinessProfile;
  gates: number[];
  lots: { lotId: number; capacity: number }[];
  merchants: { merchantId: number; category: MerchantCategory }[];
}

interface ParkedCar {
  /** Stored sessions have an id; cars arriving in this run have none yet. */
  sessionId?: number;
  lotId: number;
  plate: string;
  inAt: number;
  outAt: number | null;
  fee: number | null;
}

/** The columns written in bulk and their types: PostgreSQL gets them as one array per column (unnestRows) or in a COPY stream (copyRows). */
const TRAFFIC_COLUMNS = { gate_id: 'integer', tenant_id: 'integer', hour_at: 'bigint', in_count: 'integer', out_count: 'integer' } as const;
const SALES_COLUMNS = {
  merchant_id: 'integer',
  tenant_id: 'integer',
  hour_at: 'bigint',
  sales_count: 'integer',
  amount: 'bigint',
} as const;
const ORDER_COLUMNS = {
  tenant_id: 'integer',
  order_no: 'text',
  ticket_type: 'text',
  ticket_count: 'integer',
  amount: 'bigint',
  channel: 'text',
  paid_at: 'bigint',
} as const;
const PARKING_COLUMNS = {
  tenant_id: 'integer',
  lot_id: 'integer',
  plate: 'text',
  in_at: 'bigint',
  out_at: 'bigint',
  fee: 'bigint',
} as const;

type TrafficRow = Database['gate_traffic'];
type SalesRow = Database['merchant_sales'];
type OrderRow = Omit<Database['ticket_orders'], 'order_id'>;

/** What a run produced for one tenant, before it is written. */
interface Production {
  traffic: Map<string, TrafficRow>;
  sales: Map<string, SalesRow>;
  orders: OrderRow[];
  /** Cars that arrived in this run (with their departure if they left before its end). */
  arrived: ParkedCar[];
  /** Stored sessions that ended in this run. */
  departed: ParkedCar[];
}

export interface BusinessSimulatorOptions {
  /** A run every this many ms (0: the simulator never starts). */
  tickMs: number;
  seed?: number;
  /** Days of history a tenant without any gets (default BACKFILL_DAYS). */
  backfillDays?: number;
}

/** Thrown inside a run's transaction when another instance moved the tenant's watermark meanwhile. */
class WatermarkMoved extends Error {}

/**
 * Produces what the seeded gates, ticket offices, car parks and merchants of each tenant would record
 * (tables of migration 008), from each tenant's profile (server/seed/seedBusiness.ts): visitors by the
 * hour (busy 9–17h, weekends busier, each day a little different), ticket orders, cars parking and
 * leaving (never more than a lot holds; fees by the lot's tariff) and merchants' sales following the
 * visitors. Every run produces the time since the tenant's watermark (business_simulation) up to now:
 * the first run fills BACKFILL_DAYS days of history, later runs (every tickMs, on the cluster's leader)
 * add the last few seconds. Rows are written a day at a time, each with its watermark in one
 * transaction, so a run cut short by a stop or a crash resumes where it ended.
 */
export class BusinessSimulator {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;
  private readonly random: () => number;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly options: BusinessSimulatorOptions,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.random = seededRandom(options.seed ?? Date.now());
  }

  /** Its rounds, for /metrics (ops_job_runs_total). */
  readonly runs = new JobRuns();

  get active(): boolean {
    return this.timer !== undefined;
  }

  /** Catches up at once (the first time: the history), then a run every tickMs. */
  start(): void {
    if (this.options.tickMs <= 0 || this.timer) return;
    this.stopping = false;
    const run = () => {
      if (this.running) return;
      this.running = this.runs
        .count(this.catchUp())
        .catch(this.onError)
        .finally(() => (this.running = undefined));
    };
    run();
    this.timer = setInterval(run, this.options.tickMs);
    this.timer.unref();
  }

  /** Resolves once the run under way (if any) has finished. */
  async whenIdle(): Promise<void> {
    await this.running;
  }

  /** Stops after the day being written (a backfill resumes from there next time). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    this.timer = undefined;
    try {
      await this.running;
    } finally {
      this.stopping = false;
    }
  }

  /** Produces every tenant's rows from its watermark up to now; returns the tenants' rows written. */
  async catchUp(): Promise<{ tenantId: number; rows: number }[]> {
    const tenants = await this.tenants();
    const written: { tenantId: number; rows: number }[] = [];
    for (const tenant of tenants) {
      if (this.stopping) break;
      written.push({ tenantId: tenant.tenantId, rows: await this.produce(tenant, this.now()) });
    }
    return written;
  }

  private async tenants(): Promise<TenantBusiness[]> {
    const [gates, lots, merchants] = await Promise.all([
      this.db.selectFrom('business_gates').select(['gate_id', 'tenant_id']).orderBy('gate_id').execute(),
      this.db.selectFrom('parking_lots').select(['lot_id', 'tenant_id', 'capacity']).orderBy('lot_id').execute(),
      this.db.selectFrom('merchants').select(['merchant_id', 'tenant_id', 'category']).orderBy('merchant_id').execute(),
    ]);
    const ids = [...new Set([...gates, ...lots, ...merchants].map((row) => row.tenant_id))].sort((a, b) => a - b);
    return ids.map((tenantId) => ({
      tenantId,
      profile: businessProfileOf(tenantId),
      gates: gates.filter((gate) => gate.tenant_id === tenantId).map((gate) => gate.gate_id!),
      lots: lots.filter((lot) => lot.tenant_id === tenantId).map((lot) => ({ lotId: lot.lot_id!, capacity: lot.capacity })),
      merchants: merchants
        .filter((merchant) => merchant.tenant_id === tenantId)
        .map((merchant) => ({ merchantId: merchant.merchant_id!, category: merchant.category as MerchantCategory })),
    }));
  }

  /** The tenant's rows from its watermark (at most backfillDays back) to `to`, written a day at a time. */
  private async produce(tenant: TenantBusiness, to: number): Promise<number> {
    const horizon = shanghaiDayStart(to) - (this.options.backfillDays ?? BACKFILL_DAYS) * DAY_MS;
    await this.db
      .insertInto('business_simulation')
      .values({ tenant_id: tenant.tenantId, produced_until: horizon })
      .onConflict((conflict) => conflict.column('tenant_id').doNothing())
      .execute();
    const stored = (
      await this.db
        .selectFrom('business_simulation')
        .select('produced_until')
        .where('tenant_id', '=', tenant.tenantId)
        .executeTakeFirstOrThrow()
    ).produced_until;
    const from = Math.max(stored, horizon);
    if (from >= to) return 0;
    const open = (
      await this.db
        .selectFrom('parking_sessions')
        .select(['session_id', 'lot_id', 'plate', 'in_at'])
        .where('tenant_id', '=', tenant.tenantId)
        .where('out_at', 'is', null)
        .orderBy('session_id')
        .execute()
    ).map((row): ParkedCar => ({
      sessionId: row.session_id!,
      lotId: row.lot_id,
      plate: row.plate,
      inAt: row.in_at,
      outAt: null,
      fee: null,
    }));
    const production = this.simulate(tenant, from, to, open);
    let watermark = stored;
    let rows = 0;
    // A day at a time: each day's rows and the watermark at its end in one transaction.
    for (let dayStart = shanghaiDayStart(from); dayStart < to; dayStart += DAY_MS) {
      const until = Math.min(to, dayStart + DAY_MS);
      const inDay = (at: number) => at >= dayStart && at < until;
      const part: Production = {
        traffic: new Map([...production.traffic].filter(([, row]) => inDay(row.hour_at))),
        sales: new Map([...production.sales].filter(([, row]) => inDay(row.hour_at))),
        orders: production.orders.filter((order) => inDay(order.paid_at)),
        arrived: production.arrived.filter((car) => inDay(car.inAt)),
        departed: production.departed.filter((car) => inDay(car.outAt!)),
      };
      // Between days the event loop serves requests (better-sqlite3 answers synchronously: without this
      // a backfill would hold the server for its whole length) and a stop can come in.
      if (dayStart > shanghaiDayStart(from)) {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.stopping) break;
      }
      try {
        rows += await this.db.transaction().execute((trx) => this.write(trx, tenant.tenantId, part, watermark, until));
      } catch (error) {
        if (error instanceof WatermarkMoved) return rows;
        throw error;
      }
      watermark = until;
    }
    return rows;
  }

  /** The rows of [from, to) for one tenant; `open` are its parked cars (changed as they leave). */
  private simulate(tenant: TenantBusiness, from: number, to: number, open: ParkedCar[]): Production {
    const random = this.random;
    const { profile, tenantId } = tenant;
    const production: Production = { traffic: new Map(), sales: new Map(), orders: [], arrived: [], departed: [] };
    const parked = new Map(tenant.lots.map((lot) => [lot.lotId, open.filter((car) => car.lotId === lot.lotId)]));
    const gateShares = normalise(tenant.gates.map((_, index) => GATE_SHARES[index] ?? 0.1));
    let lastPaid = from - 1;
    for (let hour = hourStart(from); hour < to; hour += HOUR_MS) {
      const sliceStart = Math.max(from, hour);
      const sliceEnd = Math.min(to, hour + HOUR_MS);
      if (sliceEnd <= sliceStart) continue;
      const fraction = (sliceEnd - sliceStart) / HOUR_MS;
      const local = localHour(hour);
      const weekend = isWeekend(hour);
      const busy = dayFactor(tenantId, hour);
      const within = () => sliceStart + Math.floor(random() * (sliceEnd - sliceStart));

      // Visitors through each gate.
      const visitors = (weekend ? profile.visitorsPerDay.weekend : profile.visitorsPerDay.weekday) * busy;
      let entered = 0;
      tenant.gates.forEach((gateId, index) => {
        const share = gateShares[index]!;
        const inCount = poisson(visitors * ARRIVALS[local]! * fraction * share, random);
        const outCount = poisson(visitors * 0.99 * DEPARTURES[local]! * fraction * share, random);
        entered += inCount;
        if (!inCount && !outCount) return;
        const key = `${gateId}:${hour}`;
        const row = production.traffic.get(key) ?? { gate_id: gateId, tenant_id: tenantId, hour_at: hour, in_count: 0, out_count: 0 };
        row.in_count += inCount;
        row.out_count += outCount;
        production.traffic.set(key, row);
      });

      // Ticket orders, paid at distinct instants (their numbers are made from the time).
      const orders = poisson(
        (weekend ? profile.ticketOrdersPerDay.weekend : profile.ticketOrdersPerDay.weekday) * busy * ARRIVALS[local]! * fraction,
        random,
      );
      const paidTimes = Array.from({ length: orders }, within).sort((a, b) => a - b);
      for (const drawn of paidTimes) {
        const paidAt = Math.max(drawn, lastPaid + 1);
        if (paidAt >= sliceEnd) break;
        lastPaid = paidAt;
        const ticket = pick(
          profile.tickets.map((option) => [option, option.weight] as const),
          random,
        );
        const drawnCount = pick(TICKET_COUNTS, random);
        const count = drawnCount === 0 ? 10 + Math.floor(random() * 21) : drawnCount;
        const amount = Math.round(ticket.price * count * 100 * (count >= 10 ? 0.9 : 1));
        production.orders.push({
          tenant_id: tenantId,
          order_no: ticketOrderNo(paidAt),
          ticket_type: ticket.name,
          ticket_count: count,
          amount,
          channel: pick(CHANNEL_WEIGHTS, random),
          paid_at: paidAt,
        });
      }

      // Cars leave (those parked before this slice), then arrive while there is room at the moment they come.
      const leave = 1 - Math.pow(1 - PARKING_LEAVE[local]!, fraction);
      for (const lot of tenant.lots) {
        const staying: ParkedCar[] = [];
        const leaving: number[] = [];
        for (const car of parked.get(lot.lotId)!) {
          if (car.inAt < sliceStart && random() < leave) {
            // Within this slice, so after the car came (it was parked before the slice began).
            car.outAt = within();
            car.fee = parkingFee(car.inAt, car.outAt, profile.parking);
            leaving.push(car.outAt);
            if (car.sessionId !== undefined) production.departed.push(car);
          } else staying.push(car);
        }
        const arrivals = poisson(
          lot.capacity * profile.parking.turnover * (weekend ? PARKING_WEEKEND : 1) * busy * ARRIVALS[local]! * fraction,
          random,
        );
        for (const inAt of Array.from({ length: arrivals }, within).sort((a, b) => a - b)) {
          // A full lot turns the car away.
          if (staying.length + leaving.filter((outAt) => outAt > inAt).length >= lot.capacity) continue;
          const car: ParkedCar = { lotId: lot.lotId, plate: plate(random), inAt, outAt: null, fee: null };
          staying.push(car);
          production.arrived.push(car);
        }
        parked.set(lot.lotId, staying);
      }

      // Merchants sell to the visitors who came in, while they are open.
      for (const merchant of tenant.merchants) {
        const traits = MERCHANT_TRAITS[merchant.category] ?? MERCHANT_TRAITS['零售'];
        if (local < traits.open[0] || local >= traits.open[1]) continue;
        const sales = poisson((entered / 1000) * traits.perThousandVisitors, random);
        if (!sales) continue;
        const key = `${merchant.merchantId}:${hour}`;
        const row = production.sales.get(key) ?? {
          merchant_id: merchant.merchantId,
          tenant_id: tenantId,
          hour_at: hour,
          sales_count: 0,
          amount: 0,
        };
        row.sales_count += sales;
        row.amount += Math.round(sales * traits.averageSale * 100 * (0.85 + 0.3 * random()));
        production.sales.set(key, row);
      }
    }
    return production;
  }

  /** Writes one day's part and moves the watermark from `from` to `until` (refused if it moved meanwhile). */
  private async write(trx: Transaction<Database>, tenantId: number, part: Production, from: number, until: number): Promise<number> {
    const moved = await trx
      .updateTable('business_simulation')
      .set({ produced_until: until })
      .where('tenant_id', '=', tenantId)
      .where('produced_until', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new WatermarkMoved();
    // PostgreSQL takes a batch as one array per column (a statement of the same text for any size);
    // SQLite as a VALUES list, whose variables it limits.
    const postgres = dialectOf(this.db) === 'postgres';
    const size = postgres ? 5000 : 500;
    const chunks = <T>(rows: T[]) =>
      Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));
    for (const rows of chunks([...part.traffic.values()])) {
      const insert = trx.insertInto('gate_traffic');
      await (postgres ? insert.columns(columnNames(TRAFFIC_COLUMNS)).expression(unnestRows(TRAFFIC_COLUMNS, rows)) : insert.values(rows))
        .onConflict((conflict) =>
          conflict.columns(['gate_id', 'hour_at']).doUpdateSet((eb) => ({
            in_count: eb('gate_traffic.in_count', '+', eb.ref('excluded.in_count')),
            out_count: eb('gate_traffic.out_count', '+', eb.ref('excluded.out_count')),
          })),
        )
        .execute();
    }
    for (const rows of chunks([...part.sales.values()])) {
      const insert = trx.insertInto('merchant_sales');
      await (postgres ? insert.columns(columnNames(SALES_COLUMNS)).expression(unnestRows(SALES_COLUMNS, rows)) : insert.values(rows))
        .onConflict((conflict) =>
          conflict.columns(['merchant_id', 'hour_at']).doUpdateSet((eb) => ({
            sales_count: eb('merchant_sales.sales_count', '+', eb.ref('excluded.sales_count')),
            amount: eb('merchant_sales.amount', '+', eb.ref('excluded.amount')),
          })),
        )
        .execute();
    }
    // New rows only: PostgreSQL takes them in one COPY stream (copyRows), SQLite in VALUES lists.
    if (postgres) await copyRows(trx, 'ticket_orders', columnNames(ORDER_COLUMNS), part.orders);
    else
      for (const rows of chunks(part.orders))
        await trx
          .insertInto('ticket_orders')
          .values(rows.map((order) => ({ order_id: undefined, ...order })))
          .execute();
    const arrived = part.arrived.map((car) => ({
      tenant_id: tenantId,
      lot_id: car.lotId,
      plate: car.plate,
      in_at: car.inAt,
      out_at: car.outAt,
      fee: car.fee,
    }));
    if (postgres) await copyRows(trx, 'parking_sessions', columnNames(PARKING_COLUMNS), arrived);
    else
      for (const rows of chunks(arrived))
        await trx
          .insertInto('parking_sessions')
          .values(rows.map((row) => ({ session_id: undefined, ...row })))
          .execute();
    for (const car of part.departed) {
      await trx
        .updateTable('parking_sessions')
        .set({ out_at: car.outAt, fee: car.fee })
        .where('session_id', '=', car.sessionId!)
        .where('out_at', 'is', null)
        .execute();
    }
    return part.traffic.size + part.sales.size + part.orders.length + part.arrived.length + part.departed.length;
  }
}
