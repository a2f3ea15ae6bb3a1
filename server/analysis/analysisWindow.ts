import { sql, type RawBuilder } from 'kysely';
import { ANALYSIS_MAX_DAYS } from '../../contracts/api/analysisRoutes';
import { badRequest } from '../envelope';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS, hourStart, shanghaiDayStart, type BucketSize } from '../stats/periods';

/** Ranges up to this long are cut into hours, longer ones into Shanghai days. */
export const HOURLY_UP_TO_MS = 2 * DAY_MS;

/**
 * The time an analysis covers: rows stamped start ≤ t < end (the query's endTime is included, so end is
 * endTime + 1), cut into hour or Shanghai-day buckets. Series stop at `until` (the end, or now when the
 * range reaches into the future: a day's later hours have no figures yet).
 */
export interface AnalysisWindow {
  start: number;
  end: number;
  bucket: BucketSize;
  /** Width of a bucket (ms). */
  step: number;
  /** Every bucket's start, oldest first: from the bucket holding start to the one holding `until - 1`. */
  buckets: number[];
  /** Where the series end: min(end, now + 1). */
  until: number;
  /** Days from start to `until`, a started day counting whole (at least 1): turnover is per day. */
  days: number;
}

/**
 * The window of a query's `beginTime`/`endTime` (validated as epoch ms by the route's schema): refused
 * with a Chinese 400 naming the field when the end is before the beginning or the range is longer
 * than ANALYSIS_MAX_DAYS days.
 */
export function analysisWindow(query: { beginTime: number; endTime: number }, now: number): AnalysisWindow {
  const { beginTime, endTime } = query;
  if (endTime < beginTime) throw badRequest('结束时间（endTime）不能早于开始时间（beginTime）');
  if (endTime - beginTime >= ANALYSIS_MAX_DAYS * DAY_MS)
    throw badRequest(`时间范围（beginTime 至 endTime）不能超过 ${ANALYSIS_MAX_DAYS} 天`);
  const start = beginTime;
  const end = endTime + 1;
  const bucket: BucketSize = end - start <= HOURLY_UP_TO_MS ? 'hour' : 'day';
  const step = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const until = Math.max(start + 1, Math.min(end, now + 1));
  const first = bucket === 'hour' ? hourStart(start) : shanghaiDayStart(start);
  const buckets: number[] = [];
  for (let at = first; at < until; at += step) buckets.push(at);
  return { start, end, bucket, step, buckets, until, days: Math.max(1, Math.ceil((until - start) / DAY_MS)) };
}

/** The end of each bucket, clipped to `until`: the instants backlog and occupancy are read at. */
export function bucketEnds(window: AnalysisWindow): number[] {
  return window.buckets.map((at) => Math.min(at + window.step, window.until));
}

/**
 * The instants as a derived table `points(i, at)` for a join (a VALUES list of integer literals: the
 * same SQL on SQLite and PostgreSQL, no parameter whose type PostgreSQL would have to guess).
 */
export function instantsTable(instants: readonly number[]): RawBuilder<unknown> {
  const rows = instants.map((at, index) => sql`(${sql.lit(index)}, ${sql.lit(integer(at))})`);
  return sql`(select column1 as i, column2 as at from (values ${sql.join(rows)}) as v)`;
}

/** The hour of day (0–23, Asia/Shanghai) of an epoch-ms column, in integer arithmetic on both databases. */
export function shanghaiHourOf(column: string): RawBuilder<number> {
  return sql<number>`(((${sql.ref(column)} + ${sql.lit(SHANGHAI_OFFSET_MS)}) / ${sql.lit(HOUR_MS)}) % 24)`;
}

function integer(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`不是整数：${value}`);
  return value;
}
