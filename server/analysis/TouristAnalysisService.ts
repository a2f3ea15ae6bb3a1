import { sql } from 'kysely';
import type { VisitorHeatData } from '../../contracts/api/touristRoutes';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import type { Db } from '../db/Database';
import { bucketOf, HOUR_MS, int, oneDecimal, shanghaiDayStart } from '../stats/periods';
import type { AnalysisWindow } from './analysisWindow';
import { RecognitionFigures } from './RecognitionFigures';
import { minutesOf, numberOf } from './sqlFigures';
import { provinceOfPlate } from './touristProvinces';

/** The stay lengths 自驾游客停留时长 counts cars by: [label, from (ms, included), to (ms, excluded)]. */
export const STAY_BANDS: readonly (readonly [string, number, number | null])[] = [
  ['1 小时以内', 0, HOUR_MS],
  ['1–2 小时', HOUR_MS, 2 * HOUR_MS],
  ['2–4 小时', 2 * HOUR_MS, 4 * HOUR_MS],
  ['4–8 小时', 4 * HOUR_MS, 8 * HOUR_MS],
  ['8 小时以上', 8 * HOUR_MS, null],
];

type Count = number | string | null;

/**
 * 游客分析: the tenant's visitors within a window, every sum in SQL.
 * - Entries and exits are the gates' hourly counts (gate_traffic), an hour counting when it starts in the
 *   window. The gates count people, not tickets or persons, so 当前在园 is today's (Shanghai) entries
 *   minus exits so far, never below zero.
 * - 人均停留 is estimated from those counts, as nobody is tracked from gate to gate: the visitor-hours
 *   inside (each Shanghai day starts empty, an hour holding the people in at its start plus half its net
 *   change) over the entries (Little's law). The stays of visitors who came by car are measured: their
 *   parking sessions' in and out.
 * - Origins are the province characters of the plates of the cars that arrived at the car parks.
 * - Density is the mean people in view of each AI camera's people counts (recognition_records through the
 *   per-camera rollup), drawn at the camera's place.
 */
export class TouristAnalysisService {
  private readonly figures: RecognitionFigures;
  constructor(private readonly db: Db) {
    this.figures = new RecognitionFigures(db);
  }

  /** Entries, exits and half visitor-hours (integers: 2 × people inside per hour) of the window's gate hours. */
  private async gateTotals(tenantId: number, window: AnalysisWindow) {
    const [tenant, start, end] = [int(tenantId), int(window.start), int(window.end)];
    const { rows } = await sql<{ entered: Count; exited: Count; half_hours: Count }>`
      select coalesce(sum(entered), 0) as entered, coalesce(sum(exited), 0) as exited,
        coalesce(sum(case when 2 * inside - net > 0 then 2 * inside - net else 0 end), 0) as half_hours
      from (
        select entered, exited, net, sum(net) over (partition by day order by hour_at) as inside
        from (
          select hour_at, ${bucketOf('hour_at', 'day')} as day, sum(in_count) as entered, sum(out_count) as exited,
            sum(in_count - out_count) as net
          from gate_traffic where tenant_id = ${tenant} and hour_at >= ${start} and hour_at < ${end}
          group by hour_at
        ) hours
      ) running`.execute(this.db);
    const row = rows[0];
    return { entered: numberOf(row?.entered), exited: numberOf(row?.exited), halfHours: numberOf(row?.half_hours) };
  }

  /** Today's (Shanghai) entries minus exits at every gate up to now, never below zero. */
  private async insideNow(tenantId: number, now: number): Promise<number> {
    const { rows } = await sql<{ net: Count }>`
      select coalesce(sum(in_count - out_count), 0) as net from gate_traffic
      where tenant_id = ${int(tenantId)} and hour_at >= ${int(shanghaiDayStart(now))} and hour_at <= ${int(now)}`.execute(this.db);
    return Math.max(0, numberOf(rows[0]?.net));
  }

  /** The stays (ms) of the cars that left the tenant's car parks in the window: how many and their sum. */
  private async carStays(tenantId: number, window: AnalysisWindow) {
    const { rows } = await sql<{ n: Count; stay: Count }>`
      select count(*) as n, coalesce(sum(out_at - in_at), 0) as stay from parking_sessions
      where tenant_id = ${int(tenantId)} and out_at >= ${int(window.start)} and out_at < ${int(window.end)}`.execute(this.db);
    return { count: numberOf(rows[0]?.n), stay: numberOf(rows[0]?.stay) };
  }

  /** 当前在园, 入园人次, 出园人次, 估算人均停留, 自驾平均停留, 客源省份. */
  async summary(tenantId: number, window: AnalysisWindow, now: number): Promise<StatGroupData> {
    const [gates, inside, stays, origins] = await Promise.all([
      this.gateTotals(tenantId, window),
      this.insideNow(tenantId, now),
      this.carStays(tenantId, window),
      this.origins(tenantId, window),
    ]);
    return {
      items: [
        { name: '当前在园', value: inside, unit: '人' },
        { name: '入园人次', value: gates.entered, unit: '人次' },
        { name: '出园人次', value: gates.exited, unit: '人次' },
        { name: '估算人均停留', value: gates.entered ? oneDecimal((gates.halfHours * 30) / gates.entered) : 0, unit: '分钟' },
        { name: '自驾平均停留', value: stays.count ? minutesOf(stays.stay / stays.count) : 0, unit: '分钟' },
        { name: '客源省份', value: origins.items.length, unit: '个' },
      ],
    };
  }

  /** 入园 and 出园 per bucket, and 在园 at each bucket's end (today's net so far at hourly buckets, clamped at zero). */
  async flow(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const [tenant, start, end] = [int(tenantId), int(window.start), int(window.end)];
    const { rows } = await sql<{ bucket: Count; entered: Count; exited: Count }>`
      select ${bucketOf('hour_at', window.bucket)} as bucket, sum(in_count) as entered, sum(out_count) as exited
      from gate_traffic where tenant_id = ${tenant} and hour_at >= ${start} and hour_at < ${end}
      group by ${bucketOf('hour_at', window.bucket)}`.execute(this.db);
    const byBucket = new Map(rows.map((row) => [numberOf(row.bucket), { entered: numberOf(row.entered), exited: numberOf(row.exited) }]));
    const series: SeriesData['series'] = [
      { name: '入园', points: window.buckets.map((at) => [at, byBucket.get(at)?.entered ?? 0]) },
      { name: '出园', points: window.buckets.map((at) => [at, byBucket.get(at)?.exited ?? 0]) },
    ];
    if (window.bucket === 'hour') {
      // People inside at each hour's end: the running net of the hour's Shanghai day, from the SQL sums above.
      let day = Number.NaN;
      let inside = 0;
      series.push({
        name: '在园',
        points: window.buckets.map((at) => {
          if (shanghaiDayStart(at) !== day) [day, inside] = [shanghaiDayStart(at), 0];
          const counts = byBucket.get(at);
          inside = Math.max(0, inside + (counts ? counts.entered - counts.exited : 0));
          return [at, inside];
        }),
      });
    }
    return { axis: 'time', unit: '人次', series };
  }

  /** Cars that arrived in the window by the province of their plate (its first character), most first. */
  async origins(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const { rows } = await sql<{ province: string; n: Count }>`
      select substr(plate, 1, 1) as province, count(*) as n from parking_sessions
      where tenant_id = ${int(tenantId)} and in_at >= ${int(window.start)} and in_at < ${int(window.end)}
      group by substr(plate, 1, 1)`.execute(this.db);
    return {
      unit: '辆次',
      items: rows
        .map((row) => ({ key: row.province, name: provinceOfPlate(row.province), value: numberOf(row.n) }))
        .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh-CN')),
    };
  }

  /** The stays of the cars that left in the window, by STAY_BANDS. */
  async dwell(tenantId: number, window: AnalysisWindow): Promise<CategoryData> {
    const band = sql.join(
      STAY_BANDS.map(([, from, to], index) =>
        to === null
          ? sql`when out_at - in_at >= ${int(from)} then ${sql.lit(index)}`
          : sql`when out_at - in_at >= ${int(from)} and out_at - in_at < ${int(to)} then ${sql.lit(index)}`,
      ),
      sql` `,
    );
    const { rows } = await sql<{ band: Count; n: Count }>`
      select band, count(*) as n from (
        select case ${band} end as band from parking_sessions
        where tenant_id = ${int(tenantId)} and out_at >= ${int(window.start)} and out_at < ${int(window.end)}
      ) stays where band is not null group by band`.execute(this.db);
    const counts = new Map(rows.map((row) => [numberOf(row.band), numberOf(row.n)]));
    return { unit: '辆次', items: STAY_BANDS.map(([name], index) => ({ key: String(index), name, value: counts.get(index) ?? 0 })) };
  }

  /** Each camera's mean people in view over the window, at its position, the most crowded first. */
  async heat(tenantId: number, window: AnalysisWindow): Promise<VisitorHeatData> {
    // Whole days from the per-camera rollup, the window's partial days from the records (perCamera).
    const counted = [...(await this.figures.perCamera(tenantId, window, ['peopleCount'])).entries()].filter(
      ([, camera]) => camera.people > 0,
    );
    // Each camera at its place on the map: the tenant's device (a camera no longer in its fleet is not drawn).
    const devices = counted.length
      ? await this.db
          .selectFrom('devices')
          .select(['device_id', 'name', 'longitude', 'latitude'])
          .where('tenant_id', '=', tenantId)
          .where(
            'device_id',
            'in',
            counted.map(([deviceId]) => deviceId),
          )
          .execute()
      : [];
    const deviceOf = new Map(devices.map((device) => [device.device_id, device]));
    const points = counted
      .flatMap(([deviceId, camera]) => {
        const device = deviceOf.get(deviceId);
        if (!device || device.longitude === null || device.latitude === null) return [];
        return [
          {
            key: String(deviceId),
            name: device.name || `摄像机 ${deviceId}`,
            longitude: device.longitude,
            latitude: device.latitude,
            value: oneDecimal(camera.peopleSum / camera.people),
            samples: camera.people,
          },
        ];
      })
      .sort((a, b) => b.value - a.value || Number(a.key) - Number(b.key));
    return {
      unit: '人',
      columns: [
        { key: 'name', title: '摄像机', format: 'text' },
        { key: 'value', title: '平均在画人数（人）', format: 'number' },
        { key: 'samples', title: '计数次数', format: 'number' },
        { key: 'longitude', title: '经度', format: 'number' },
        { key: 'latitude', title: '纬度', format: 'number' },
      ],
      rows: points,
      total: points.length,
    };
  }
}
