import { sql, type RawBuilder } from 'kysely';
import type { EventDimension, SecurityDimension } from '../../contracts/api/analysisRoutes';
import { ALARM_GRADES } from '../../contracts/alarms';
import { EMERGENCY_KIND_LABELS, EMERGENCY_LEVELS, EMERGENCY_LEVEL_LABELS } from '../../contracts/emergency';
import type { CategoryData, SeriesData, StatGroupData } from '../../contracts/panels';
import type { Db } from '../db/Database';
import type { AnalysisWindow } from './analysisWindow';
import { shanghaiHourOf } from './analysisWindow';
import { areaOf, minutesOf, numberOf, percentilesOf, type TenantPlaces } from './sqlFigures';

/** The alarm steps the handling times end at: taken up (处理中) and handled to the end (已处理). */
const TAKEN_UP = 'ALARM_STATUS_PROCESSING';
const HANDLED = 'ALARM_STATUS_CONFIRMED';

/**
 * 治安分析: the tenant's alarms and emergency events within a window, every figure an SQL aggregate.
 * Alarms and events count where they were raised; handling times are from raising to an alarm's first
 * step into 处理中 (确认时长) and into 已处理 (处置时长), over the alarms that took the step in the window
 * (alarm_history), as median and 90th percentile.
 */
export class SecurityAnalysisService {
  constructor(
    private readonly db: Db,
    private readonly alarmTypeNames: ReadonlyMap<string, string>,
    private readonly places: TenantPlaces,
  ) {}

  private alarmsIn(tenantId: number, window: AnalysisWindow) {
    return this.db
      .selectFrom('alarms as a')
      .where('a.tenant_id', '=', tenantId)
      .where('a.created_at', '>=', window.start)
      .where('a.created_at', '<', window.end);
  }

  private eventsIn(tenantId: number, window: AnalysisWindow) {
    return this.db
      .selectFrom('emergency_events as v')
      .where('v.tenant_id', '=', tenantId)
      .where('v.created_at', '>=', window.start)
      .where('v.created_at', '<', window.end);
  }

  /** Each alarm's delay from raising to its first step into `status`, for the steps taken in the window. */
  private delaysTo(tenantId: number, window: AnalysisWindow, status: string) {
    return this.db
      .selectFrom('alarm_history as h')
      .innerJoin('alarms as a', 'a.alarm_id', 'h.alarm_id')
      .select(sql<number>`min(h.at) - min(a.created_at)`.as('d'))
      .where('a.tenant_id', '=', tenantId)
      .where('h.action', '=', 'transition')
      .where('h.to_status', '=', status)
      .groupBy('h.alarm_id')
      .having(sql<number>`min(h.at)`, '>=', window.start)
      .having(sql<number>`min(h.at)`, '<', window.end);
  }

  async summary(tenantId: number, window: AnalysisWindow): Promise<StatGroupData> {
    const [alarms, events, takenUp, handled] = await Promise.all([
      this.alarmsIn(tenantId, window)
        .select([
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`coalesce(sum(case when a.grade = 'ALARM_GRADE_HIGH' then 1 else 0 end), 0)`.as('high'),
        ])
        .executeTakeFirst(),
      this.eventsIn(tenantId, window)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
      percentilesOf(this.db, this.delaysTo(tenantId, window, TAKEN_UP)),
      percentilesOf(this.db, this.delaysTo(tenantId, window, HANDLED)),
    ]);
    return {
      items: [
        { name: '告警总数', value: numberOf(alarms?.n), unit: '条' },
        { name: '高等级告警', value: numberOf(alarms?.high), unit: '条' },
        { name: '应急事件', value: numberOf(events?.n), unit: '起' },
        { name: '确认时长中位数', value: minutesOf(takenUp.p50), unit: '分钟' },
        { name: '确认时长 P90', value: minutesOf(takenUp.p90), unit: '分钟' },
        { name: '处置时长中位数', value: minutesOf(handled.p50), unit: '分钟' },
        { name: '处置时长 P90', value: minutesOf(handled.p90), unit: '分钟' },
      ],
    };
  }

  /** Alarms raised in the window by type (most first), area (most first) or grade (high to low, zeros included). */
  async alarmsBy(tenantId: number, window: AnalysisWindow, dimension: SecurityDimension): Promise<CategoryData> {
    if (dimension === 'area') {
      const area = areaOf(this.places[tenantId] ?? [], sql.ref('a.longitude'), sql.ref('a.latitude'));
      return ranked(await this.alarmsGrouped(tenantId, window, area), (key) => key, '条');
    }
    if (dimension === 'type')
      return ranked(
        await this.alarmsGrouped(tenantId, window, sql.ref('a.alarm_type')),
        (key) => this.alarmTypeNames.get(key) ?? key,
        '条',
      );
    const [rows, labels] = await Promise.all([this.alarmsGrouped(tenantId, window, sql.ref('a.grade')), this.gradeLabels()]);
    const counts = new Map(rows.map((row) => [String(row.key), numberOf(row.n)]));
    return {
      unit: '条',
      items: ALARM_GRADES.map((grade) => ({ key: grade, name: labels.get(grade) ?? grade, value: counts.get(grade) ?? 0 })),
    };
  }

  /** Emergency events opened in the window by kind or area (most first) or level (重大 to 一般, zeros included). */
  async eventsBy(tenantId: number, window: AnalysisWindow, dimension: EventDimension): Promise<CategoryData> {
    if (dimension === 'area') {
      const area = areaOf(this.places[tenantId] ?? [], sql.ref('v.longitude'), sql.ref('v.latitude'));
      return ranked(await this.eventsGrouped(tenantId, window, area), (key) => key, '起');
    }
    if (dimension === 'kind') return ranked(await this.eventsGrouped(tenantId, window, sql.ref('v.kind')), kindLabel, '起');
    const rows = await this.eventsGrouped(tenantId, window, sql.ref('v.level'));
    const counts = new Map(rows.map((row) => [String(row.key), numberOf(row.n)]));
    return {
      unit: '起',
      items: EMERGENCY_LEVELS.map((level) => ({ key: level, name: EMERGENCY_LEVEL_LABELS[level], value: counts.get(level) ?? 0 })),
    };
  }

  /** Alarms and emergency events raised in the window by hour of day (Asia/Shanghai), 0时 to 23时. */
  async byHour(tenantId: number, window: AnalysisWindow): Promise<SeriesData> {
    const [alarms, events] = await Promise.all([
      this.alarmsIn(tenantId, window)
        .select([shanghaiHourOf('a.created_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(sql.ref('hour'))
        .execute(),
      this.eventsIn(tenantId, window)
        .select([shanghaiHourOf('v.created_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(sql.ref('hour'))
        .execute(),
    ]);
    const hours = Array.from({ length: 24 }, (_, hour) => hour);
    const points = (rows: { hour: number; n: number }[]) => {
      const counts = new Map(rows.map((row) => [numberOf(row.hour), numberOf(row.n)]));
      return hours.map((hour): [string, number] => [`${hour}时`, counts.get(hour) ?? 0]);
    };
    return {
      axis: 'category',
      unit: '条',
      series: [
        { name: '告警', points: points(alarms) },
        { name: '应急事件', points: points(events) },
      ],
    };
  }

  /** Alarms of the window per value of `key` (an SQL expression), most first. */
  private alarmsGrouped(tenantId: number, window: AnalysisWindow, key: RawBuilder<unknown>) {
    return this.alarmsIn(tenantId, window)
      .select([key.as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql.ref('key'))
      .orderBy('n', 'desc')
      .orderBy(sql.ref('key'))
      .execute();
  }

  /** Emergency events of the window per value of `key`, most first. */
  private eventsGrouped(tenantId: number, window: AnalysisWindow, key: RawBuilder<unknown>) {
    return this.eventsIn(tenantId, window)
      .select([key.as('key'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql.ref('key'))
      .orderBy('n', 'desc')
      .orderBy(sql.ref('key'))
      .execute();
  }

  private async gradeLabels(): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('dict_data')
      .select(['dict_value', 'dict_label'])
      .where('dict_type', '=', 'alarm_grade')
      .execute();
    return new Map(rows.map((row) => [row.dict_value, row.dict_label]));
  }
}

const KIND_LABELS: Readonly<Record<string, string>> = EMERGENCY_KIND_LABELS;
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** Grouped counts as category data, in the order the database sorted them. */
function ranked(rows: { key: unknown; n: number }[], nameOf: (key: string) => string, unit: string): CategoryData {
  return { unit, items: rows.map((row) => ({ key: String(row.key), name: nameOf(String(row.key)), value: numberOf(row.n) })) };
}
