import { sql } from 'kysely';
import type { AvailabilityRange, AvailabilityReport, KindAvailability, OperationKpi } from '../../contracts/operations';
import type { Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { DAY_MS, HOUR_MS, periodOf, shanghaiDayStart } from '../stats/periods';

interface BucketRow {
  i: number;
  kind: string;
  availability: number | string | null;
  devices: number | string;
}

/**
 * Availability of a tenant's devices, computed in SQL from the recorded status changes: each change
 * holds until the device's next change (or now); per bucket, a device's availability is its time online
 * over its time observed (time before its first recorded change is not observed), and a kind's is the
 * mean over its devices. The same statement runs on SQLite and PostgreSQL (window function `lead`,
 * a recursive CTE for the buckets, CASE instead of min/max/least/greatest). A span inside one bucket
 * (nearly all: devices change far more often than buckets end) counts without a join; only the few
 * that cross a boundary are cut by the buckets. Each device's state before the window is its last
 * change before it, found through the (device_id, at) index.
 */
export class AvailabilityService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly now: () => number,
  ) {}

  private kindName(kind: string): string {
    return this.catalog.byPage(kind)?.displayName ?? kind;
  }

  /** Per bucket and kind: the mean availability of the kind's devices observed in the bucket; bucket -1 is the whole window. */
  async byBucket(tenantId: number, start: number, size: number, count: number, end: number): Promise<BucketRow[]> {
    const from = sql`cast(${start} as bigint)`;
    const width = sql`cast(${size} as bigint)`;
    const result = await sql<BucketRow>`
      with recursive b(i) as (select 0 union all select i + 1 from b where i < ${count - 1}),
      buckets as (select i, ${from} + i * ${width} as bs, ${from} + (i + 1) * ${width} as be from b),
      prior as (
        select c.id, c.device_id, c.kind, c.online, c.at from devices d
        join device_status_changes c on c.id = (
          select c2.id from device_status_changes c2 where c2.device_id = d.device_id and c2.at < ${start} order by c2.at desc, c2.id desc limit 1
        )
        where d.tenant_id = ${tenantId}
      ),
      changes as (
        select c.id, c.device_id, c.kind, c.online, c.at from device_status_changes c
        where c.tenant_id = ${tenantId} and c.at >= ${start} and c.at < ${end}
        union all
        select id, device_id, kind, online, at from prior
      ),
      spans as (
        select device_id, kind, online, case when at < ${from} then ${from} else at end as s,
          coalesce(lead(at) over (partition by device_id order by at, id), cast(${end} as bigint)) as e
        from changes
      ),
      clipped as (select device_id, kind, online, s, e, (s - ${from}) / ${width} as bi, (e - 1 - ${from}) / ${width} as ei from spans where e > s),
      pieces as (
        select bi as i, device_id, kind, online, e - s as len from clipped where bi = ei
        union all
        select buckets.i as i, clipped.device_id, clipped.kind, clipped.online,
          (case when clipped.e < buckets.be then clipped.e else buckets.be end) - (case when clipped.s > buckets.bs then clipped.s else buckets.bs end) as len
        from clipped join buckets on buckets.i between clipped.bi and clipped.ei where clipped.bi <> clipped.ei
      ),
      per_device as (
        select i, kind, device_id, sum(len) as observed, sum(case when online = 1 then len else 0 end) as up
        from pieces group by i, kind, device_id
      )
      select i, kind, avg(up * 1.0 / observed) as availability, count(*) as devices
      from per_device where observed > 0 group by i, kind
      union all
      select -1 as i, kind, avg(up * 1.0 / observed) as availability, count(*) as devices
      from (select kind, device_id, sum(observed) as observed, sum(up) as up from per_device group by kind, device_id) whole
      where observed > 0 group by kind
      order by 1, 2`.execute(this.db);
    return result.rows;
  }

  async report(tenantId: number, range: AvailabilityRange): Promise<AvailabilityReport> {
    const at = this.now();
    const period = periodOf(range, at);
    const size = period.bucket === 'hour' ? HOUR_MS : DAY_MS;
    const [rows, commands, devices, since] = await Promise.all([
      this.byBucket(tenantId, period.start, size, period.buckets.length, at),
      this.db
        .selectFrom('device_command_results')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('count'), sql<number>`coalesce(sum(success), 0)`.as('ok')])
        .where('tenant_id', '=', tenantId)
        .where('at', '>=', period.start)
        .where('at', '<=', at)
        .groupBy('kind')
        .execute(),
      this.db
        .selectFrom('devices')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('count'), sql<number>`coalesce(sum(online), 0)`.as('online')])
        .where('tenant_id', '=', tenantId)
        .groupBy('kind')
        .execute(),
      this.db
        .selectFrom('device_status_changes')
        .select((eb) => eb.fn.min('at').as('since'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
    ]);
    const buckets = rows.filter((row) => Number(row.i) >= 0);
    const whole = rows.filter((row) => Number(row.i) === -1);
    // Kinds in the catalog's order: those the tenant has devices of, or history for.
    const present = new Set([...devices.map((row) => row.kind), ...whole.map((row) => row.kind)]);
    const kinds = this.catalog.kinds.map((kind) => kind.page).filter((page) => present.has(page));
    for (const kind of present) if (!kinds.includes(kind)) kinds.push(kind);
    const series = kinds.map((kind) => {
      const values: (number | null)[] = period.buckets.map(() => null);
      for (const row of buckets)
        if (row.kind === kind && row.availability !== null) values[Number(row.i)] = round(Number(row.availability));
      return { kind, kindName: this.kindName(kind), values };
    });
    let observed = 0;
    let weighted = 0;
    const kindRows: KindAvailability[] = kinds.map((kind) => {
      const row = whole.find((candidate) => candidate.kind === kind);
      const command = commands.find((candidate) => candidate.kind === kind);
      const count = Number(command?.count ?? 0);
      const deviceCount = Number(row?.devices ?? 0);
      if (row?.availability !== null && row?.availability !== undefined) {
        observed += deviceCount;
        weighted += Number(row.availability) * deviceCount;
      }
      return {
        kind,
        kindName: this.kindName(kind),
        availability: row?.availability === null || row?.availability === undefined ? null : round(Number(row.availability)),
        devices: deviceCount,
        commandSuccessRate: count === 0 ? null : round(Number(command?.ok ?? 0) / count),
        commands: count,
      };
    });
    const sinceAt = since?.since;
    return {
      range,
      bucket: period.bucket,
      buckets: period.buckets,
      series,
      kinds: kindRows,
      overall: observed === 0 ? null : round(weighted / observed),
      onlineNow: devices.reduce((sum, row) => sum + Number(row.online), 0),
      devicesNow: devices.reduce((sum, row) => sum + Number(row.count), 0),
      observedSince: sinceAt === null || sinceAt === undefined ? null : Number(sinceAt),
    };
  }

  async kpi(tenantId: number): Promise<OperationKpi> {
    const at = this.now();
    const today = shanghaiDayStart(at);
    const [devices, open, faultsToday, due, done] = await Promise.all([
      this.db
        .selectFrom('devices')
        .select([(eb) => eb.fn.countAll<number>().as('count'), sql<number>`coalesce(sum(online), 0)`.as('online')])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      this.db
        .selectFrom('operation_faults')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('closed_at', 'is', null)
        .executeTakeFirst(),
      this.db
        .selectFrom('operation_faults')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('opened_at', '>=', today)
        .executeTakeFirst(),
      this.db
        .selectFrom('inspections')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'PENDING')
        .where('due_at', '<', today + DAY_MS)
        .executeTakeFirst(),
      this.db
        .selectFrom('inspections')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'DONE')
        .where('done_at', '>=', today)
        .executeTakeFirst(),
    ]);
    const total = Number(devices?.count ?? 0);
    const online = Number(devices?.online ?? 0);
    return {
      onlineRate: total === 0 ? null : round(online / total),
      online,
      devices: total,
      openFaults: Number(open?.count ?? 0),
      faultsToday: Number(faultsToday?.count ?? 0),
      inspectionsDueToday: Number(due?.count ?? 0),
      inspectionsDoneToday: Number(done?.count ?? 0),
    };
  }
}

/** Six decimals: the same figure from both databases' floating point. */
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
