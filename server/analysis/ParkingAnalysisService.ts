import { sql, type RawBuilder } from 'kysely';
import type { ParkingMeasure } from '../../contracts/api/analysisRoutes';
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../../contracts/panels';
import type { Db } from '../db/Database';
import { int, oneDecimal, yuan } from '../stats/periods';
import { bucketEnds, type AnalysisWindow } from './analysisWindow';
import { minutesOf, numberOf } from './sqlFigures';

/** A lot's figures over a window, as the database sums them (PostgreSQL's bigint sums may arrive as text). */
interface LotRow {
  lot_id: number;
  name: string;
  capacity: number | string;
  /** Cars that arrived in the window. */
  sessions: number | string;
  /** Fees (fen) and stays (ms) of the cars that left in the window, and how many left. */
  fen: number | string;
  stay: number | string;
  departed: number | string;
  /** Car-milliseconds parked within the window (each stay clipped to it). */
  parked: number | string;
}

/** The figures of one lot or of all of them, in the units the page shows. */
interface LotFigures {
  capacity: number;
  sessions: number;
  /** 次/车位/日 */
  turnover: number;
  /** 元 */
  revenue: number;
  /** 分钟 */
  meanStay: number;
  /** % of the spaces taken, over the window's time. */
  occupancy: number;
}

const MEASURES: Record<ParkingMeasure, { unit: string; of: (lot: LotFigures) => number }> = {
  sessions: { unit: '辆次', of: (lot) => lot.sessions },
  turnover: { unit: '次/车位/日', of: (lot) => lot.turnover },
  revenue: { unit: '元', of: (lot) => lot.revenue },
  duration: { unit: '分钟', of: (lot) => lot.meanStay },
};

/**
 * 停车分析: the tenant's parking lots within a window, from parking_sessions (in_at, out_at, fee in fen)
 * and the lots' capacity, every sum in SQL. Arrivals count where they arrived, fees and stays where the
 * car left (the fee is set then); occupancy is time-weighted: the car-time parked inside the window (each
 * stay clipped to it) over capacity × the window's time up to now, and so is each bucket's point of the
 * occupancy curve.
 */
export class ParkingAnalysisService {
  constructor(private readonly db: Db) {}

  private lotRows(tenantId: number, window: AnalysisWindow): RawBuilder<LotRow> {
    const [tenant, start, end, until] = [int(tenantId), int(window.start), int(window.end), int(window.until)];
    const clippedStay = sql`(case when out_at is null or out_at > ${until} then ${until} else out_at end)
      - (case when in_at > ${start} then in_at else ${start} end)`;
    return sql<LotRow>`
      select l.lot_id as lot_id, l.name as name, l.capacity as capacity,
        coalesce(a.sessions, 0) as sessions, coalesce(d.fen, 0) as fen, coalesce(d.stay, 0) as stay,
        coalesce(d.departed, 0) as departed, coalesce(o.parked, 0) as parked
      from parking_lots l
      left join (
        select lot_id, count(*) as sessions from parking_sessions
        where tenant_id = ${tenant} and in_at >= ${start} and in_at < ${end} group by lot_id
      ) a on a.lot_id = l.lot_id
      left join (
        select lot_id, sum(coalesce(fee, 0)) as fen, sum(out_at - in_at) as stay, count(*) as departed from parking_sessions
        where tenant_id = ${tenant} and out_at >= ${start} and out_at < ${end} group by lot_id
      ) d on d.lot_id = l.lot_id
      left join (
        select lot_id, sum(case when ${clippedStay} > 0 then ${clippedStay} else 0 end) as parked from parking_sessions
        where tenant_id = ${tenant} and in_at < ${until} and (out_at is null or out_at > ${start}) group by lot_id
      ) o on o.lot_id = l.lot_id
      where l.tenant_id = ${tenant}`;
  }

  private figures(row: Omit<LotRow, 'lot_id' | 'name'>, window: AnalysisWindow): LotFigures {
    const capacity = numberOf(row.capacity);
    const sessions = numberOf(row.sessions);
    const departed = numberOf(row.departed);
    return {
      capacity,
      sessions,
      turnover: capacity ? Math.round((sessions * 100) / capacity / window.days) / 100 : 0,
      revenue: yuan(numberOf(row.fen)),
      meanStay: departed ? minutesOf(numberOf(row.stay) / departed) : 0,
      occupancy: capacity ? oneDecimal((numberOf(row.parked) * 100) / (capacity * (window.until - window.start))) : 0,
    };
  }

  private async lots(tenantId: number, window: AnalysisWindow): Promise<({ lotId: number; name: string } & LotFigures)[]> {
    const { rows } = await sql<LotRow>`select * from (${this.lotRows(tenantId, window)}) as lots order by lot_id`.execute(this.db);
    return rows.map((row) => ({ lotId: numberOf(row.lot_id), name: row.name, ...this.figures(row, window) }));
  }

  /** 停车次数, 停车收入, 平均占用率, 周转率, 平均停车时长 over every lot of the tenant. */
  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const { rows } = await sql<Omit<LotRow, 'lot_id' | 'name'>>`
      select coalesce(sum(capacity), 0) as capacity, coalesce(sum(sessions), 0) as sessions, coalesce(sum(fen), 0) as fen,
        coalesce(sum(stay), 0) as stay, coalesce(sum(departed), 0) as departed, coalesce(sum(parked), 0) as parked
      from (${this.lotRows(tenantId, window)}) as lots`.execute(this.db);
    const all = this.figures(rows[0] ?? { capacity: 0, sessions: 0, fen: 0, stay: 0, departed: 0, parked: 0 }, window);
    return {
      items: [
        { name: '停车次数', value: all.sessions, unit: '辆次' },
        { name: '停车收入', value: all.revenue, unit: '元' },
        { name: '平均占用率', value: all.occupancy, unit: '%' },
        { name: '周转率', value: all.turnover, unit: '次/车位/日' },
        { name: '平均停车时长', value: all.meanStay, unit: '分钟' },
        { name: '车位总数', value: all.capacity, unit: '个' },
      ],
    };
  }

  /** The lots compared by one measure, most first. */
  async by(tenantId: number, window: AnalysisWindow, measure: ParkingMeasure): Promise<CategoryData> {
    const { unit, of } = MEASURES[measure];
    const lots = await this.lots(tenantId, window);
    return {
      unit,
      items: lots.map((lot) => ({ key: String(lot.lotId), name: lot.name, value: of(lot) })).sort((a, b) => b.value - a.value),
    };
  }

  /** Every lot with every measure. */
  async lotTable(tenantId: number, window: AnalysisWindow): Promise<TableData> {
    const lots = await this.lots(tenantId, window);
    return {
      columns: [
        { key: 'name', title: '停车场', format: 'text' },
        { key: 'capacity', title: '车位（个）', format: 'number' },
        { key: 'sessions', title: '停车次数（辆次）', format: 'number' },
        { key: 'turnover', title: '周转率（次/车位/日）', format: 'number' },
        { key: 'occupancy', title: '平均占用率（%）', format: 'number' },
        { key: 'meanStay', title: '平均停车时长（分钟）', format: 'number' },
        { key: 'revenue', title: '停车收入（元）', format: 'number' },
      ],
      rows: lots.map((lot) => ({
        lotId: lot.lotId,
        name: lot.name,
        capacity: lot.capacity,
        sessions: lot.sessions,
        turnover: lot.turnover,
        occupancy: lot.occupancy,
        meanStay: lot.meanStay,
        revenue: lot.revenue,
      })),
      total: lots.length,
    };
  }

  /**
   * Each lot's occupancy (% of its spaces) in every bucket of the window, time-weighted like the summary's:
   * the car-time parked in the bucket over capacity × the bucket's time (the last bucket ends now). Stays
   * inside one bucket (nearly all at daily buckets) count without a join; only those crossing a bucket's
   * end are cut by the buckets.
   */
  async occupancy(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const ends = bucketEnds(window);
    if (!ends.length) return { axis: 'time', unit: '%', series: [] };
    const [tenant, first, last, step] = [int(tenantId), int(window.buckets[0]!), int(ends[ends.length - 1]!), int(window.step)];
    const buckets = window.buckets.map((at, index) => sql`(${sql.lit(index)}, ${sql.lit(at)}, ${sql.lit(ends[index]!)})`);
    const { rows } = await sql<{ lot_id: number; name: string; capacity: number; i: number; parked: number | string }>`
      with b as (select column1 as i, column2 as bs, column3 as be from (values ${sql.join(buckets)}) as v),
      stays as (
        select lot_id, s, e, (s - ${first}) / ${step} as bi, (e - 1 - ${first}) / ${step} as ei from (
          select lot_id, case when in_at > ${first} then in_at else ${first} end as s,
            case when out_at is null or out_at > ${last} then ${last} else out_at end as e
          from parking_sessions
          where tenant_id = ${tenant} and in_at < ${last} and (out_at is null or out_at > ${first})
        ) clipped where e > s
      ),
      pieces as (
        select lot_id, bi as i, e - s as len from stays where bi = ei
        union all
        select stays.lot_id, b.i, (case when stays.e < b.be then stays.e else b.be end) - (case when stays.s > b.bs then stays.s else b.bs end) as len
        from stays join b on b.i between stays.bi and stays.ei where stays.bi <> stays.ei
      )
      select l.lot_id as lot_id, max(l.name) as name, max(l.capacity) as capacity, b.i as i, coalesce(sum(pieces.len), 0) as parked
      from parking_lots l cross join b
      left join pieces on pieces.lot_id = l.lot_id and pieces.i = b.i
      where l.tenant_id = ${tenant}
      group by l.lot_id, b.i
      order by l.lot_id, b.i`.execute(this.db);
    const series = new Map<number, { name: string; points: [number, number][] }>();
    for (const row of rows) {
      const lot = series.get(numberOf(row.lot_id)) ?? { name: row.name, points: [] };
      const index = numberOf(row.i);
      const span = (ends[index] ?? 0) - (window.buckets[index] ?? 0);
      const capacity = numberOf(row.capacity);
      lot.points.push([window.buckets[index]!, capacity && span ? oneDecimal((numberOf(row.parked) * 100) / (capacity * span)) : 0]);
      series.set(numberOf(row.lot_id), lot);
    }
    return { axis: 'time', unit: '%', series: [...series.values()] };
  }
}
