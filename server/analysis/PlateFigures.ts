import { sql, type RawBuilder } from 'kysely';
import type { RecognitionKind } from '../../contracts/recognition';
import type { Db } from '../db/Database';
import { PLATE_DAYS_TABLE } from '../db/migrations/024_plate_search';
import { DAY_MS } from '../stats/periods';
import type { AnalysisWindow } from './analysisWindow';
import { numberOf } from './sqlFigures';

/**
 * 车辆管控's plate figures, exact at millions of records (migration 024): a window's whole UTC days are
 * read from the plates counted per day (recognition_plate_days: one row per plate and day, ~6k a day at
 * 10M records a year, not ~12k records), its partial first and last days from the records themselves
 * through the (tenant, kind, time, plate) index. Day boundaries are UTC only because the counts are: any
 * split of the window adds up to the same figures.
 */
export class PlateFigures {
  constructor(private readonly db: Db) {}

  /** The window's passes per plate as (plate, n) rows: whole days' counts and the edges' records. */
  private passes(tenantId: number, window: AnalysisWindow, kinds: readonly RecognitionKind[]): RawBuilder<unknown> {
    const kindList = sql.join(kinds.map((kind) => sql.lit(kind)));
    const records = (from: number, to: number) => sql`select r.plate, 1 as n from recognition_records r
      where r.tenant_id = ${tenantId} and r.kind in (${kindList}) and r.at >= ${from} and r.at < ${to} and r.plate is not null`;
    const firstDay = Math.ceil(window.start / DAY_MS);
    const endDay = Math.floor(window.end / DAY_MS);
    if (firstDay >= endDay) return records(window.start, window.end);
    return sql`select p.plate, p.n from ${sql.table(PLATE_DAYS_TABLE)} p
      where p.tenant_id = ${tenantId} and p.kind in (${kindList}) and p.day >= ${firstDay} and p.day < ${endDay}
      union all ${records(window.start, firstDay * DAY_MS)}
      union all ${records(endDay * DAY_MS, window.end)}`;
  }

  /** How many different plates the window's records of these kinds carry. */
  async distinct(tenantId: number, window: AnalysisWindow, kinds: readonly RecognitionKind[]): Promise<number> {
    const { rows } = await sql<{
      n: number;
    }>`select count(distinct passes.plate) as n from (${this.passes(tenantId, window, kinds)}) passes`.execute(this.db);
    return numberOf(rows[0]?.n);
  }

  /** The `limit` plates seen most often, most first (ties by plate), with their passes. */
  async top(
    tenantId: number,
    window: AnalysisWindow,
    kinds: readonly RecognitionKind[],
    limit: number,
  ): Promise<{ plate: string; n: number }[]> {
    const { rows } = await sql<{ plate: string; total: number }>`select passes.plate, sum(passes.n) as total
      from (${this.passes(tenantId, window, kinds)}) passes group by passes.plate order by total desc, passes.plate limit ${sql.lit(limit)}`.execute(
      this.db,
    );
    return rows.map((row) => ({ plate: String(row.plate), n: numberOf(row.total) }));
  }
}
