import type { Database, Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import { insertReadings, metricKinds, readingOf, type SensorKinds } from './SensorReadingService';
import { seededRandom as random } from '../simulation/seededRandom';

/** The seeded history's span and step (the sampler's default step, so the curve runs on seamlessly). */
export const SEEDED_READINGS_HOURS = 24;
const STEP_MS = 300_000;
const HOUR_MS = 3_600_000;
const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;
/** The water-level sensors' range (cm, plugins/device/smart-manhole). */
const LEVEL_MAX = 120;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * SEEDED HISTORY, not measured: a water-level sensor's past day made up from a plausible model — a slow
 * drift, the tenant's one rain shower (every sensor of the tenant rises with it, each by its own amount
 * and a little late, then drains) and a little noise — shifted so that it ends at the sensor's current
 * value at `now`. Values stay within the sensor's 0..120 cm (squeezed near the limits, never cut flat).
 */
export function seededLevels(deviceId: number, current: number, now: number, rain: { peakAt: number; hours: number }): number[] {
  const next = random(deviceId * 7919 + 17);
  const rise = 12 + next() * 33;
  const lag = next() * 0.6 * HOUR_MS;
  const drift = 2 + next() * 4;
  const phase = next() * Math.PI * 2;
  const model = (at: number) => {
    const sinceRain = (at - rain.peakAt - lag) / (rain.hours * HOUR_MS);
    // Rises fast with the rain, drains slower.
    const shower = rise * Math.exp(-(sinceRain < 0 ? sinceRain * sinceRain * 4 : sinceRain * sinceRain));
    return drift * Math.sin((at / (18 * HOUR_MS)) * Math.PI * 2 + phase) + shower;
  };
  const times = timesEndingAt(now);
  const end = model(now);
  const rises = times.map((at) => model(at) - end);
  // A sensor already near the top of its range (or the bottom) moves less: its curve is squeezed to fit
  // rather than cut flat at the limit.
  const headroom = Math.max(0, LEVEL_MAX - 2 - current);
  const legroom = Math.max(0, current - 2);
  const up = Math.max(0, ...rises);
  const down = Math.max(0, ...rises.map((rise) => -rise));
  const upScale = up > headroom ? headroom / up : 1;
  const downScale = down > legroom ? legroom / down : 1;
  return times.map((at, index) => {
    if (index === times.length - 1) return current;
    const rise = rises[index]!;
    return Math.round(clamp(current + rise * (rise > 0 ? upScale : downScale) + (next() - 0.5) * 0.8, 0, LEVEL_MAX) * 10) / 10;
  });
}

/**
 * SEEDED HISTORY, not measured: a hydrant's past day of pressure — its current value with the town's
 * demand in it (a little lower at the morning and evening peaks, Shanghai time) and small noise, ending
 * at the current value at `now`.
 */
export function seededPressures(deviceId: number, current: number, now: number): number[] {
  const next = random(deviceId * 104729 + 3);
  const depth = 0.02 + next() * 0.03;
  const demand = (at: number) => {
    const hour = ((((at + SHANGHAI_OFFSET_MS) % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;
    return Math.exp(-((hour - 8) ** 2) / 2) + Math.exp(-((hour - 19) ** 2) / 2);
  };
  const times = timesEndingAt(now);
  const end = demand(now);
  return times.map((at, index) =>
    index === times.length - 1
      ? current
      : Math.round(clamp(current - depth * (demand(at) - end) + (next() - 0.5) * 0.012, 0.05, 1) * 1000) / 1000,
  );
}

/** The sample times of the seeded day: every STEP_MS, the last at `now`. */
export function timesEndingAt(now: number): number[] {
  const count = (SEEDED_READINGS_HOURS * HOUR_MS) / STEP_MS;
  return Array.from({ length: count + 1 }, (_, index) => now - (count - index) * STEP_MS);
}

/**
 * Gives every tenant without any sensor reading (a new database, a new tenant, one from before migration
 * 015) a day of SEEDED history for each water-level sensor and hydrant with a current value, so 水位监测
 * shows trends from the start; batched, in one transaction per run. Returns the rows written.
 */
export async function seedSensorHistory(db: Db, kinds: SensorKinds, now: number): Promise<number> {
  const byMetric = metricKinds(kinds);
  const allKinds = [...byMetric.waterLevel, ...byMetric.pressure];
  if (!allKinds.length) return 0;
  return lockedTransaction(db, 'seed-sensor-history', async (trx) => {
    const seededAlready = new Set(
      (await trx.selectFrom('sensor_readings').select('tenant_id').distinct().execute()).map((row) => Number(row.tenant_id)),
    );
    const devices = (
      await trx
        .selectFrom('devices')
        .select(['tenant_id', 'device_id', 'kind', 'telemetry'])
        .where('kind', 'in', allKinds)
        .orderBy('device_id')
        .execute()
    ).filter((device) => !seededAlready.has(Number(device.tenant_id)));
    const times = timesEndingAt(now);
    const rows: Database['sensor_readings'][] = [];
    const rainOf = new Map<number, { peakAt: number; hours: number }>();
    for (const device of devices) {
      const tenantId = Number(device.tenant_id);
      if (!rainOf.has(tenantId)) {
        // One shower per tenant, 5 to 15 hours ago.
        const next = random(tenantId * 31 + 5);
        rainOf.set(tenantId, { peakAt: now - (5 + next() * 10) * HOUR_MS, hours: 1.2 + next() * 1.3 });
      }
      for (const metric of ['waterLevel', 'pressure'] as const) {
        if (!byMetric[metric].includes(device.kind)) continue;
        const current = readingOf(device.telemetry, metric);
        if (current === null) continue;
        const values =
          metric === 'waterLevel'
            ? seededLevels(device.device_id, current, now, rainOf.get(tenantId)!)
            : seededPressures(device.device_id, current, now);
        values.forEach((value, index) => rows.push({ tenant_id: tenantId, device_id: device.device_id, metric, at: times[index]!, value }));
      }
    }
    await insertReadings(trx, rows);
    return rows.length;
  });
}
