import { sql, type RawBuilder } from 'kysely';
import type { StatsRange } from '../../contracts/api/statsRoutes';

/**
 * The periods statistics are asked for (`range`), in Asia/Shanghai time (+08:00 all year, no DST):
 * - `today`: since Shanghai midnight, in hourly buckets;
 * - `24h`: the current hour and the 23 before it, hourly;
 * - `7d`: today and the 6 days before it, daily (Shanghai days);
 * - `30d`: today and the 29 days before it, daily.
 * Every period ends now; its `previous` period is the same window one period-length earlier (today
 * → yesterday up to the same time of day, 7d → the 7 days before). Buckets are computed in SQL by
 * integer arithmetic on the bigint ms columns, the same on SQLite and PostgreSQL.
 */
export { STATS_RANGES, type StatsRange } from '../../contracts/api/statsRoutes';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Asia/Shanghai is UTC+08:00 all year. */
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

export type BucketSize = 'hour' | 'day';

/** A half-open window of epoch ms: start ≤ t < end. */
export interface Window {
  start: number;
  end: number;
}

export interface Period extends Window {
  range: StatsRange;
  bucket: BucketSize;
  /** Every bucket's start, oldest first (the last one holds now). */
  buckets: number[];
  /** The same window one period-length earlier. */
  previous: Window;
}

/** The epoch ms of the Shanghai midnight that starts the day holding `at`. */
export function shanghaiDayStart(at: number): number {
  return Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS - SHANGHAI_OFFSET_MS;
}

export function hourStart(at: number): number {
  return Math.floor(at / HOUR_MS) * HOUR_MS;
}

/** The period `range` names at `now` (see STATS_RANGES). */
export function periodOf(range: StatsRange, now: number): Period {
  const today = shanghaiDayStart(now);
  const thisHour = hourStart(now);
  const [start, bucket, span] = ((): [number, BucketSize, number] => {
    switch (range) {
      case 'today':
        return [today, 'hour', DAY_MS];
      case '24h':
        return [thisHour - 23 * HOUR_MS, 'hour', 24 * HOUR_MS];
      case '7d':
        return [today - 6 * DAY_MS, 'day', 7 * DAY_MS];
      case '30d':
        return [today - 29 * DAY_MS, 'day', 30 * DAY_MS];
    }
  })();
  // Rows stamped exactly now belong to the period.
  const end = now + 1;
  const step = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const last = bucket === 'hour' ? thisHour : today;
  const buckets: number[] = [];
  for (let at = start; at <= last; at += step) buckets.push(at);
  return { range, bucket, start, end, buckets, previous: { start: start - span, end: end - span } };
}

/** A bound value as a bigint on both databases (better-sqlite3 binds every JS number as a REAL). */
export function int(value: number): RawBuilder<number> {
  if (!Number.isSafeInteger(value)) throw new Error(`不是整数：${value}`);
  return sql<number>`cast(${value} as bigint)`;
}

/**
 * The start (epoch ms) of the bucket holding the ms column `column`: hours are the same in UTC and
 * Shanghai; a Shanghai day starts at 16:00 UTC. Integer division of non-negative bigints truncates on
 * both databases.
 */
export function bucketOf(column: string, size: BucketSize): RawBuilder<number> {
  const ref = sql.ref(column);
  if (size === 'hour') return sql<number>`((${ref} / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)})`;
  return sql<number>`(((${ref} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(DAY_MS)}) * ${sql.lit(DAY_MS)} - ${sql.lit(SHANGHAI_OFFSET_MS)})`;
}

/** Fills every bucket of the period from grouped rows (bucket start → value), zeros where none. */
export function fillBuckets(period: Period, rows: Map<number, number>): [number, number][] {
  return period.buckets.map((at) => [at, rows.get(at) ?? 0]);
}

/** Rounds to one decimal (percentages, minutes). */
export const oneDecimal = (value: number) => Math.round(value * 10) / 10;
/** Fen to yuan, to the fen. */
export const yuan = (fen: number) => Math.round(fen) / 100;
