import { sql } from 'kysely';
import type { AvailabilityRange, AvailabilityReport, KindAvailability, OperationKpi } from '../../contracts/operations';
import type { Db } from '../db/Database';
import type { DeviceCatalog } from '../devices/deviceCatalog';
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
 * a recursive CTE for the buckets, CASE instead of min/max/least/greatest).
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

  /** Per bucket and kind: the mean availability of the kind's devices observed in the bucket. */
  async byBucket(tenantId: number, start: number, size: number, count: number, end: number): Promise<BucketRow[]> {
    const result = await sql<BucketRow>`
      with recursive b(i) as (select 0 union all select i + 1 from b where i < ${count - 1}),
      buckets as (select i, cast(${start} as bigint) + i * cast(${size} as bigint) as bs, cast(${start} as bigint) + (i + 1) * cast(${size} as bigint) as be from b),
      prior as (
        select device_id, max(at) as at from device_status_changes
        where tenant_id = ${tenantId} and at < ${start} group by device_id
      ),
      changes as (
        select c.id, c.device_id, c.kind, c.online, c.at from device_status_changes c
        where c.tenant_id = ${tenantId} and c.at >= ${start} and c.at < ${end}
        union all
        select c.id, c.device_id, c.kind, c.online, c.at from device_status_changes c
        join prior p on p.device_id = c.device_id and p.at = c.at where c.tenant_id = ${tenantId}
      ),
      spans as (
        select device_id, kind, online, at as s, coalesce(lead(at) over (partition by device_id order by at, id), cast(${end} as bigint)) as e from changes
      ),
      per_device as (
        select buckets.i as i, spans.kind as kind, spans.device_id as device_id,
          sum((case when spans.e < buckets.be then spans.e else buckets.be end) - (case when spans.s > buckets.bs then spans.s else buckets.bs end)) as observed,
          sum(case when spans.online = 1 then (case when spans.e < buckets.be then spans.e else buckets.be end) - (case when spans.s > buckets.bs then spans.s else buckets.bs end) else 0 end) as up
        from spans join buckets on spans.s < buckets.be and spans.e > buckets.bs
        group by buckets.i, spans.kind, spans.device_id
      )
      select i, kind, avg(up * 1.0 / observed) as availability, count(*) as devices
      from per_device where observed > 0 group by i, kind order by i, kind`.execute(this.db);
    return result.rows;
  }

  async report(tenantId: number, range: AvailabilityRange): Promise<AvailabilityReport> {
    const at = this.now();
    const period = periodOf(range, at);
    const size = period.bucket === 'hour' ? HOUR_MS : DAY_MS;
    const [buckets, whole, commands, devices, since] = await Promise.all([
      this.byBucket(tenantId, period.start, size, period.buckets.length, at),
      this.byBucket(tenantId, period.start, at - period.start, 1, at),
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
      this.db.selectFrom('device_status_changes').select((eb) => eb.fn.min('at').as('since')).where('tenant_id', '=', tenantId).executeTakeFirst(),
    ]);
    // Kinds in the catalog's order: those the tenant has devices of, or history for.
    const present = new Set([...devices.map((row) => row.kind), ...whole.map((row) => row.kind)]);
    const kinds = this.catalog.kinds.map((kind) => kind.page).filter((page) => present.has(page));
    for (const kind of present) if (!kinds.includes(kind)) kinds.push(kind);
    const series = kinds.map((kind) => {
      const values: (number | null)[] = period.buckets.map(() => null);
      for (const row of buckets) if (row.kind === kind && row.availability !== null) values[Number(row.i)] = round(Number(row.availability));
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
      this.db.selectFrom('devices').select([(eb) => eb.fn.countAll<number>().as('count'), sql<number>`coalesce(sum(online), 0)`.as('online')]).where('tenant_id', '=', tenantId).executeTakeFirst(),
      this.db.selectFrom('operation_faults').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', tenantId).where('closed_at', 'is', null).executeTakeFirst(),
      this.db.selectFrom('operation_faults').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', tenantId).where('opened_at', '>=', today).executeTakeFirst(),
      this.db.selectFrom('inspections').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', tenantId).where('status', '=', 'PENDING').where('due_at', '<', today + DAY_MS).executeTakeFirst(),
      this.db.selectFrom('inspections').select((eb) => eb.fn.countAll<number>().as('count')).where('tenant_id', '=', tenantId).where('status', '=', 'DONE').where('done_at', '>=', today).executeTakeFirst(),
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
