import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db } from '../db/Database';

/** A named place of a tenant (a street, a sight) that positions are told apart by. */
export interface NamedPlace {
  name: string;
  longitude: number;
  latitude: number;
}

/** Each tenant's named places, by tenant id. */
export type TenantPlaces = Readonly<Record<number, readonly NamedPlace[]>>;

/** What a row without a position (no device, no coordinates) counts as. */
export const UNLOCATED = '未定位';
/** What every position counts as for a tenant without named places. */
export const WHOLE_AREA = '全域';

/**
 * The area of a position: the name of the tenant's named place nearest to it (plain squared degrees,
 * enough to tell places a few kilometres apart), as a scalar subquery over a VALUES list of literals,
 * so a GROUP BY on it runs in the database on SQLite and PostgreSQL alike. Null coordinates give
 * UNLOCATED. The one rule of "in an area": the watchlists' areas use it too (server/watchlists/CameraAreas.ts).
 */
export function areaOf(places: readonly NamedPlace[], longitude: Expression<unknown>, latitude: Expression<unknown>): RawBuilder<string> {
  if (!places.length)
    return sql<string>`case when ${longitude} is null or ${latitude} is null then ${sql.lit(UNLOCATED)} else ${sql.lit(WHOLE_AREA)} end`;
  const rows = places.map((place) => sql`(${sql.lit(place.name)}, ${sql.lit(place.longitude)}, ${sql.lit(place.latitude)})`);
  return sql<string>`case when ${longitude} is null or ${latitude} is null then ${sql.lit(UNLOCATED)} else (
    select column1 from (values ${sql.join(rows)}) as places
    order by (column2 - ${longitude}) * (column2 - ${longitude}) + (column3 - ${latitude}) * (column3 - ${latitude}), column1
    limit 1
  ) end`;
}

export interface Percentiles {
  /** How many durations there were. */
  count: number;
  /** Nearest-rank median and 90th percentile (ms); null when there were none. */
  p50: number | null;
  p90: number | null;
}

/**
 * Nearest-rank median and 90th percentile of the `d` column of a query, computed in the database with
 * window functions (SQLite has no percentile_cont): the value at rank ⌈p·n⌉ of n in ascending order,
 * ⌈p·n⌉ written as (p·100·n + 99) / 100 in integer arithmetic.
 */
export async function percentilesOf(db: Db, durations: Expression<{ d: number }>): Promise<Percentiles> {
  const result = await sql<{ n: number | string | null; p50: number | string | null; p90: number | string | null }>`
    select max(n) as n,
      max(case when rn = (n * 50 + 99) / 100 then d end) as p50,
      max(case when rn = (n * 90 + 99) / 100 then d end) as p90
    from (select d, row_number() over (order by d) as rn, count(*) over () as n from ${durations} as durations) ranked`.execute(db);
  const row = result.rows[0];
  const n = Number(row?.n ?? 0);
  return { count: n, p50: n ? Number(row?.p50) : null, p90: n ? Number(row?.p90) : null };
}

/** A count or sum as read back (PostgreSQL's bigint and numeric arrive as numbers or text). */
export const numberOf = (value: unknown): number => Number(value ?? 0);

/** Milliseconds as minutes to one decimal. */
export const minutesOf = (ms: number | null): number => (ms === null ? 0 : Math.round(ms / 6_000) / 10);
