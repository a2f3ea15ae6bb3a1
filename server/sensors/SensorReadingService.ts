import { sql } from 'kysely';
import {
  SENSOR_METRIC_LABELS,
  SENSOR_METRIC_UNITS,
  SENSOR_READINGS_MAX_DEVICES,
  SENSOR_READINGS_MAX_POINTS,
  type SensorMetric,
  type SensorReadings,
} from '../../contracts/emergency';
import type { Database, Db } from '../db/Database';
import { AppError } from '../envelope';

/** Which device kinds carry each metric (server/emergency/emergencyResourceKinds.ts finds them). */
export interface SensorKinds {
  /** Kinds with a `waterLevel` reading (cm). */
  waterLevelKinds: readonly string[];
  /** Kinds with a `pressure` reading in MPa: fire hydrants. */
  hydrantKinds: readonly string[];
}

type Reading = Database['sensor_readings'];

const HOUR_MS = 3_600_000;
/** Rows per insert statement: 5 values each stays far below SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 1000;

/** The metric a device's telemetry field feeds, per kind. */
export function metricKinds(kinds: SensorKinds): Record<SensorMetric, readonly string[]> {
  return { waterLevel: kinds.waterLevelKinds, pressure: kinds.hydrantKinds };
}

/** The reading of `metric` in a device row's stored telemetry (JSON), or null when it has none. */
export function readingOf(telemetry: string, metric: SensorMetric): number | null {
  try {
    const value = (JSON.parse(telemetry) as Record<string, unknown>)[metric];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Inserts readings in statements of INSERT_CHUNK rows (the caller's transaction makes them one change). */
export async function insertReadings(db: Pick<Db, 'insertInto'>, rows: readonly Reading[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await db
      .insertInto('sensor_readings')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
}

/**
 * Water levels and hydrant pressures over time (table sensor_readings). The device rows hold only the
 * latest telemetry, whether it came from the in-process simulator or from MQTT devices; `sample` (a
 * leader job, every SENSOR_SAMPLE_MS) copies the online sensors' current values into the table, `prune`
 * keeps SENSOR_READINGS_RETENTION_DAYS of them, and `readings` answers a tenant's series averaged into
 * at most SENSOR_READINGS_MAX_POINTS points each.
 */
export class SensorReadingService {
  private readonly kindsOf: Record<SensorMetric, readonly string[]>;

  constructor(
    private readonly db: Db,
    kinds: SensorKinds,
    private readonly now: () => number,
  ) {
    this.kindsOf = metricKinds(kinds);
  }

  /**
   * One reading per online sensor of every tenant, at one moment, in one transaction (an offline
   * device's stored value is its last, not the present one). Returns the rows written.
   */
  async sample(): Promise<number> {
    const at = this.now();
    const metrics = (Object.keys(this.kindsOf) as SensorMetric[]).filter((metric) => this.kindsOf[metric].length);
    const allKinds = metrics.flatMap((metric) => this.kindsOf[metric]);
    if (!allKinds.length) return 0;
    const devices = await this.db
      .selectFrom('devices')
      .select(['tenant_id', 'device_id', 'kind', 'telemetry'])
      .where('kind', 'in', allKinds)
      .where('online', '=', 1)
      .orderBy('device_id')
      .execute();
    const rows: Reading[] = [];
    for (const device of devices) {
      for (const metric of metrics) {
        if (!this.kindsOf[metric].includes(device.kind)) continue;
        const value = readingOf(device.telemetry, metric);
        if (value !== null) rows.push({ tenant_id: device.tenant_id, device_id: device.device_id, metric, at, value });
      }
    }
    if (rows.length) await this.db.transaction().execute((trx) => insertReadings(trx, rows));
    return rows.length;
  }

  /** Deletes the readings older than `retentionMs`; returns how many. */
  async prune(retentionMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sensor_readings')
      .where('at', '<', this.now() - retentionMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The tenant's series of `metric` over the last `hours` (see SensorReadingsQuery). */
  async readings(tenantId: number, metric: SensorMetric, hours: number, deviceIds?: readonly number[]): Promise<SensorReadings> {
    const kinds = this.kindsOf[metric];
    const to = this.now();
    const from = to - hours * HOUR_MS;
    const bucketMs = Math.ceil((to - from) / SENSOR_READINGS_MAX_POINTS);
    const unique = deviceIds ? [...new Set(deviceIds)] : undefined;
    let sensors: { device_id: number; name: string }[] = [];
    if (kinds.length && (!unique || unique.length)) {
      let query = this.db
        .selectFrom('devices')
        .select(['device_id', 'name'])
        .where('tenant_id', '=', tenantId)
        .where('kind', 'in', [...kinds]);
      query = unique ? query.where('device_id', 'in', unique) : query.orderBy('device_id').limit(SENSOR_READINGS_MAX_DEVICES);
      sensors = await query.execute();
    }
    if (unique) {
      // Another tenant's device, a missing one or one of another kind: all alike, not found.
      const found = new Set(sensors.map((sensor) => Number(sensor.device_id)));
      const missing = unique.filter((id) => !found.has(id));
      if (missing.length) throw new AppError(404, `设备不存在或不是${SENSOR_METRIC_LABELS[metric]}传感器：${missing.join('、')}`);
      const order = new Map(unique.map((id, index) => [id, index]));
      sensors.sort((a, b) => order.get(Number(a.device_id))! - order.get(Number(b.device_id))!);
    }
    const ids = sensors.map((sensor) => Number(sensor.device_id));
    const buckets = ids.length
      ? await this.db
          .selectFrom('sensor_readings')
          .select([
            'device_id',
            sql<number>`cast((at - ${from + 1}) / ${bucketMs} as integer)`.as('bucket'),
            (eb) => eb.fn.avg<number>('value').as('value'),
            (eb) => eb.fn.max<number>('at').as('last_at'),
          ])
          .where('tenant_id', '=', tenantId)
          .where('metric', '=', metric)
          .where('device_id', 'in', ids)
          .where('at', '>', from)
          .where('at', '<=', to)
          .groupBy(['device_id', 'bucket'])
          .orderBy('device_id')
          .orderBy('bucket')
          .execute()
      : [];
    const points = new Map<number, [number, number][]>(ids.map((id) => [id, []]));
    const digits = metric === 'pressure' ? 1000 : 10;
    for (const row of buckets)
      points.get(Number(row.device_id))?.push([Number(row.last_at), Math.round(Number(row.value) * digits) / digits]);
    return {
      metric,
      unit: SENSOR_METRIC_UNITS[metric],
      from,
      to,
      bucketMs,
      series: sensors.map((sensor) => ({
        deviceId: Number(sensor.device_id),
        name: sensor.name,
        points: points.get(Number(sensor.device_id)) ?? [],
      })),
    };
  }
}
