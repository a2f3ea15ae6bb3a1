import { sql } from 'kysely';
import type { CategoryData, DeviceStatusData, SeriesData, StatGroupData, StatValue } from '../../contracts/panels';
import { ALARM_GRADES, ALARM_STATUSES, STATUS_LABELS } from '../alarms/AlarmService';
import type { AlarmType } from '../alarms/alarmTypes';
import type { Db } from '../db/Database';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { bucketOf, fillBuckets, oneDecimal, periodOf, type Period, type StatsRange, type Window } from './periods';

/** The device kinds (page names) a caller may read, as UserAccess gives them. */
export type ReadableKinds = ReadonlySet<string> | 'all';

/** Command outcomes that count as 成功 in the command trend; every other outcome (failed, partial, refused) is 失败. */
export const COMMAND_SUCCESS = 'ok';

const count = (value: unknown) => Number(value ?? 0);

/**
 * Figures of the device, alarm and command panels: SQL aggregates over the tenant's stored rows,
 * bucketed in Shanghai time (periods.ts). Labels come from the device catalogue (kind names), the
 * alarm code and dictionaries (status, grade) and the alarm plugins (type names).
 */
export class StatsService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly alarmTypes: ReadonlyMap<string, AlarmType>,
    private readonly now: () => number,
  ) {}

  // ── Devices ──────────────────────────────────────────────────────────────────────────────────────

  /** On- and offline devices per kind of the catalogue the caller may read, catalogue order; kinds the tenant has none of are left out. */
  async devicesByKind(tenantId: number, readable: ReadableKinds): Promise<DeviceStatusData> {
    const kinds = this.catalog.kinds.filter((kind) => readable === 'all' || readable.has(kind.page));
    if (!kinds.length) return { kinds: [] };
    const rows = await this.db
      .selectFrom('devices')
      .select(['kind', 'online', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where(
        'kind',
        'in',
        kinds.map((kind) => kind.page),
      )
      .groupBy(['kind', 'online'])
      .execute();
    const counts = new Map<string, { online: number; offline: number }>();
    for (const row of rows) {
      const entry = counts.get(row.kind) ?? { online: 0, offline: 0 };
      if (row.online) entry.online += count(row.n);
      else entry.offline += count(row.n);
      counts.set(row.kind, entry);
    }
    return {
      kinds: kinds.flatMap((kind) =>
        counts.has(kind.page) ? [{ kind: kind.page, name: kind.displayName, ...counts.get(kind.page)! }] : [],
      ),
    };
  }

  /** 设备总数, 在线, 离线, 在线率 over the kinds the caller may read. */
  async deviceSummary(tenantId: number, readable: ReadableKinds): Promise<StatGroupData> {
    const { kinds } = await this.devicesByKind(tenantId, readable);
    const online = kinds.reduce((sum, kind) => sum + kind.online, 0);
    const offline = kinds.reduce((sum, kind) => sum + kind.offline, 0);
    const total = online + offline;
    return {
      items: [
        { name: '设备总数', value: total, unit: '台' },
        { name: '在线', value: online, unit: '台' },
        { name: '离线', value: offline, unit: '台' },
        { name: '在线率', value: total ? oneDecimal((online * 100) / total) : 0, unit: '%' },
      ],
    };
  }

  // ── Alarms ───────────────────────────────────────────────────────────────────────────────────────

  private alarmsIn(tenantId: number, window: Window) {
    return this.db
      .selectFrom('alarms')
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', window.start)
      .where('created_at', '<', window.end);
  }

  private async alarmTotal(tenantId: number, window: Window): Promise<number> {
    const row = await this.alarmsIn(tenantId, window)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return count(row?.n);
  }

  /** Alarms raised in the period, and in the period before. */
  async alarmCount(tenantId: number, range: StatsRange): Promise<StatValue> {
    const period = periodOf(range, this.now());
    const [value, previous] = await Promise.all([this.alarmTotal(tenantId, period), this.alarmTotal(tenantId, period.previous)]);
    return { value, previous, unit: '条' };
  }

  private async alarmsGroupedBy(
    tenantId: number,
    range: StatsRange,
    column: 'status' | 'grade' | 'alarm_type',
  ): Promise<Map<string, number>> {
    const rows = await this.alarmsIn(tenantId, periodOf(range, this.now()))
      .select([column, (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(column)
      .execute();
    return new Map(rows.map((row) => [String((row as Record<string, unknown>)[column]), count(row.n)]));
  }

  /** Alarms raised in the period per status, every status in lifecycle order (zeros included). */
  async alarmsByStatus(tenantId: number, range: StatsRange): Promise<CategoryData> {
    const counts = await this.alarmsGroupedBy(tenantId, range, 'status');
    return {
      items: ALARM_STATUSES.map((status) => ({ key: status, name: STATUS_LABELS[status], value: counts.get(status) ?? 0 })),
      unit: '条',
    };
  }

  /** Alarms raised in the period per grade, high to low (zeros included); names from the alarm_grade dictionary. */
  async alarmsByGrade(tenantId: number, range: StatsRange): Promise<CategoryData> {
    const [counts, labels] = await Promise.all([this.alarmsGroupedBy(tenantId, range, 'grade'), this.gradeLabels()]);
    return {
      items: ALARM_GRADES.map((grade) => ({ key: grade, name: labels.get(grade) ?? grade, value: counts.get(grade) ?? 0 })),
      unit: '条',
    };
  }

  /** Alarms raised in the period per type that had any, most first; names from the alarm plugins. */
  async alarmsByType(tenantId: number, range: StatsRange): Promise<CategoryData> {
    const counts = await this.alarmsGroupedBy(tenantId, range, 'alarm_type');
    const items = [...counts].map(([code, value]) => ({ key: code, name: this.alarmTypes.get(code)?.name ?? code, value }));
    return { items: items.sort((a, b) => b.value - a.value || compareText(a.key, b.key)), unit: '条' };
  }

  /** Alarms raised per bucket, one series per grade (高, 中, 低): stacked they give the total. Every bucket present. */
  async alarmTrend(tenantId: number, range: StatsRange): Promise<SeriesData> {
    const period = periodOf(range, this.now());
    const bucket = bucketOf('created_at', period.bucket);
    const [rows, labels] = await Promise.all([
      this.alarmsIn(tenantId, period)
        .select([bucket.as('bucket'), 'grade', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy([sql.ref('bucket'), 'grade'])
        .execute(),
      this.gradeLabels(),
    ]);
    return {
      axis: 'time',
      unit: '条',
      series: ALARM_GRADES.map((grade) => ({
        name: labels.get(grade) ?? grade,
        points: fillBuckets(period, new Map(rows.filter((row) => row.grade === grade).map((row) => [count(row.bucket), count(row.n)]))),
      })),
    };
  }

  /** Devices with the most alarms raised in the period (name as the alarm recorded it, key = device id). */
  async topAlarmDevices(tenantId: number, range: StatsRange, limit: number): Promise<CategoryData> {
    const rows = await this.alarmsIn(tenantId, periodOf(range, this.now()))
      .where('device_id', 'is not', null)
      .select(['device_id', (eb) => eb.fn.max('device_name').as('name'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('device_id')
      .orderBy('n', 'desc')
      .orderBy('device_id')
      .limit(limit)
      .execute();
    return {
      items: rows.map((row) => ({ key: String(row.device_id), name: row.name ?? String(row.device_id), value: count(row.n) })),
      unit: '条',
    };
  }

  /**
   * Average minutes from raising an alarm to its step into a status, over the alarms that took that
   * step in the window (sum and count in SQL): 处理中 (taken up: 确认) and 已处理 (handled: 处理).
   */
  private async averageMinutesTo(tenantId: number, status: string, window: Window): Promise<number> {
    const row = await this.db
      .selectFrom('alarm_history as h')
      .innerJoin('alarms as a', 'a.alarm_id', 'h.alarm_id')
      .select([sql<number>`sum(h.at - a.created_at)`.as('total'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('a.tenant_id', '=', tenantId)
      .where('h.action', '=', 'transition')
      .where('h.to_status', '=', status)
      .where('h.at', '>=', window.start)
      .where('h.at', '<', window.end)
      .executeTakeFirst();
    const n = count(row?.n);
    return n ? oneDecimal(count(row?.total) / n / 60_000) : 0;
  }

  /**
   * 平均确认时长: raised → taken up (the step into 处理中); 平均处理时长: raised → handled (the step into
   * 已处理); in minutes, over the alarms that took the step in the period (0 when none did), with the
   * period before.
   */
  async handlingTimes(tenantId: number, range: StatsRange): Promise<StatGroupData> {
    const period = periodOf(range, this.now());
    const [ack, ackBefore, done, doneBefore] = await Promise.all([
      this.averageMinutesTo(tenantId, 'ALARM_STATUS_PROCESSING', period),
      this.averageMinutesTo(tenantId, 'ALARM_STATUS_PROCESSING', period.previous),
      this.averageMinutesTo(tenantId, 'ALARM_STATUS_CONFIRMED', period),
      this.averageMinutesTo(tenantId, 'ALARM_STATUS_CONFIRMED', period.previous),
    ]);
    return {
      items: [
        { name: '平均确认时长', value: ack, previous: ackBefore, unit: '分钟' },
        { name: '平均处理时长', value: done, previous: doneBefore, unit: '分钟' },
      ],
    };
  }

  /** Status steps each operator made on the tenant's alarms in the period, most first (key = user id). */
  async alarmsByOperator(tenantId: number, range: StatsRange): Promise<CategoryData> {
    const period = periodOf(range, this.now());
    const rows = await this.db
      .selectFrom('alarm_history as h')
      .innerJoin('alarms as a', 'a.alarm_id', 'h.alarm_id')
      .leftJoin('users as u', 'u.user_id', 'h.user_id')
      .select(['h.user_id', (eb) => eb.fn.max('u.nick_name').as('name'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('a.tenant_id', '=', tenantId)
      .where('h.action', '=', 'transition')
      .where('h.user_id', 'is not', null)
      .where('h.at', '>=', period.start)
      .where('h.at', '<', period.end)
      .groupBy('h.user_id')
      .orderBy('n', 'desc')
      .orderBy('h.user_id')
      .execute();
    return {
      items: rows.map((row) => ({ key: String(row.user_id), name: row.name ?? `用户 ${row.user_id}`, value: count(row.n) })),
      unit: '次',
    };
  }

  private async gradeLabels(): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('dict_data')
      .select(['dict_value', 'dict_label'])
      .where('dict_type', '=', 'alarm_grade')
      .execute();
    return new Map(rows.map((row) => [row.dict_value, row.dict_label]));
  }

  // ── Commands ─────────────────────────────────────────────────────────────────────────────────────

  /** Commands sent per bucket: 成功 (every device carried it out) and 失败 (failed, partly failed or refused), for the kinds the caller may read. */
  async commandTrend(tenantId: number, range: StatsRange, readable: ReadableKinds): Promise<SeriesData> {
    const period = periodOf(range, this.now());
    const types = readable === 'all' ? undefined : this.deviceTypesOf(readable);
    let query = this.db
      .selectFrom('command_log')
      .select([
        bucketOf('at', period.bucket).as('bucket'),
        sql<number>`sum(case when outcome = ${COMMAND_SUCCESS} then 1 else 0 end)`.as('succeeded'),
        sql<number>`sum(case when outcome = ${COMMAND_SUCCESS} then 0 else 1 end)`.as('failed'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('at', '>=', period.start)
      .where('at', '<', period.end);
    if (types) {
      if (!types.length) return emptyCommandTrend(period);
      query = query.where('device_type', 'in', types);
    }
    const rows = await query.groupBy(sql.ref('bucket')).execute();
    return {
      axis: 'time',
      unit: '次',
      series: [
        { name: '成功', points: fillBuckets(period, new Map(rows.map((row) => [count(row.bucket), count(row.succeeded)]))) },
        { name: '失败', points: fillBuckets(period, new Map(rows.map((row) => [count(row.bucket), count(row.failed)]))) },
      ],
    };
  }

  /** Every device type code the command log may record for these kinds (page name, brand code, extra codes). */
  private deviceTypesOf(kinds: ReadonlySet<string>): string[] {
    return this.catalog.kinds
      .filter((kind) => kinds.has(kind.page))
      .flatMap((kind) => [kind.page, ...(kind.brandCode ? [kind.brandCode] : []), ...(kind.deviceTypes ?? [])]);
  }
}

function emptyCommandTrend(period: Period): SeriesData {
  return { axis: 'time', unit: '次', series: ['成功', '失败'].map((name) => ({ name, points: fillBuckets(period, new Map()) })) };
}

/** Byte order, as SQLite compares text (ties only). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
