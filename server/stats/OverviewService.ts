import { sql } from 'kysely';
import type { AlarmRow } from '../../contracts/alarms';
import { OPEN_EMERGENCY_TASK_STATUSES } from '../../contracts/emergency/emergencyKinds';
import { OPEN_FAULT_STATUSES } from '../../contracts/operations';
import type { CategoryData, DeviceStatusData, StatGroupData } from '../../contracts/panels';
import { OPEN_WORK_ORDER_STATUSES } from '../../contracts/workOrders';
import type { AlarmService } from '../alarms/AlarmService';
import type { AlarmType } from '../alarms/alarmTypes';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { Db } from '../db/Database';
import { badRequest } from '../envelope';
import { VIDEO_ROOM_KINDS } from '../janus/JanusVideoRooms';
import { DAY_MS, HOUR_MS, oneDecimal, periodOf, shanghaiDayStart } from './periods';
import type { ReadableKinds, StatsService } from './StatsService';

const count = (value: unknown) => Number(value ?? 0);
const percent = (part: number, whole: number) => (whole ? oneDecimal((part * 100) / whole) : 0);

/** Alarms still waiting for someone: 待处理 and 处理中 (待确认 has been handled and waits for sign-off). */
export const OPEN_ALARM_STATUSES = ['ALARM_STATUS_UNTREATED', 'ALARM_STATUS_PROCESSING'] as const;
/** A camera counts as faulty in the overview when a diagnosis found it unhealthy this long ago at most. */
export const DIAGNOSIS_WINDOW_MS = 24 * HOUR_MS;
/** 工单办结率 covers the orders raised this long ago at most. */
export const COMPLETION_WINDOW_MS = 30 * DAY_MS;

/**
 * The overview figures (contracts/api/overviewRoutes.ts): Home's situation and each module root's key
 * figures. Each figure is one aggregate over indexed columns of the tenant's rows; device figures keep to
 * the kinds the caller may read, and an unknown alarm type or device kind in a list is refused.
 */
export class OverviewService {
  constructor(
    private readonly db: Db,
    private readonly catalog: DeviceCatalog,
    private readonly alarmTypes: ReadonlyMap<string, AlarmType>,
    private readonly alarms: Pick<AlarmService, 'list'>,
    private readonly stats: Pick<StatsService, 'deviceSummary' | 'devicesByKind'>,
    private readonly now: () => number,
  ) {}

  // ── Home ─────────────────────────────────────────────────────────────────────────────────────────

  async situation(tenantId: number): Promise<StatGroupData> {
    const today = periodOf('today', this.now());
    const [devices, alarmsToday, alarmsBefore, openAlarms, activeEvents, openOrders] = await Promise.all([
      this.db
        .selectFrom('devices')
        .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when online = 1 then 1 else 0 end)`.as('online')])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      this.alarmCount(tenantId, today.start, today.end),
      this.alarmCount(tenantId, today.previous.start, today.previous.end),
      this.openAlarmCount(tenantId),
      this.activeEventCount(tenantId),
      this.openWorkOrderCount(tenantId),
    ]);
    return {
      items: [
        { name: '设备在线率', value: percent(count(devices?.online), count(devices?.n)), unit: '%' },
        { name: '今日告警', value: alarmsToday, previous: alarmsBefore, unit: '条' },
        { name: '未办结告警', value: openAlarms, unit: '条' },
        { name: '处置中事件', value: activeEvents, unit: '起' },
        { name: '未办结工单', value: openOrders, unit: '单' },
      ],
    };
  }

  /** The newest alarms of the tenant, newest first. */
  async latestAlarms(tenantId: number, limit: number): Promise<{ rows: AlarmRow[]; total: number }> {
    return this.alarms.list({ tenantId, pageNum: 1, pageSize: limit });
  }

  // ── Alarms of some types ─────────────────────────────────────────────────────────────────────────

  /** 今日告警 (and the same hours yesterday), 待处理, 处理中, 待确认: of `types` (every type when absent). */
  async alarmSummary(tenantId: number, types?: string): Promise<StatGroupData> {
    const codes = this.alarmCodes(types);
    const today = periodOf('today', this.now());
    const [value, previous, byStatus] = await Promise.all([
      this.alarmCount(tenantId, today.start, today.end, codes),
      this.alarmCount(tenantId, today.previous.start, today.previous.end, codes),
      this.db
        .selectFrom('alarms')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', [...OPEN_ALARM_STATUSES, 'ALARM_STATUS_COMPLET'])
        .$if(codes !== undefined, (query) => query.where('alarm_type', 'in', codes ?? []))
        .groupBy('status')
        .execute(),
    ]);
    const of = (status: string) => count(byStatus.find((row) => row.status === status)?.n);
    return {
      items: [
        { name: '今日告警', value, previous, unit: '条' },
        { name: '待处理', value: of('ALARM_STATUS_UNTREATED'), unit: '条' },
        { name: '处理中', value: of('ALARM_STATUS_PROCESSING'), unit: '条' },
        { name: '待确认', value: of('ALARM_STATUS_COMPLET'), unit: '条' },
      ],
    };
  }

  /** Today's alarms per type of `types` (every type when absent) that had one, most first. */
  async alarmsByType(tenantId: number, types?: string): Promise<CategoryData> {
    const codes = this.alarmCodes(types);
    const today = periodOf('today', this.now());
    const rows = await this.db
      .selectFrom('alarms')
      .select(['alarm_type', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', today.start)
      .where('created_at', '<', today.end)
      .$if(codes !== undefined, (query) => query.where('alarm_type', 'in', codes ?? []))
      .groupBy('alarm_type')
      .execute();
    const items = rows.map((row) => ({
      key: row.alarm_type,
      name: this.alarmTypes.get(row.alarm_type)?.name ?? row.alarm_type,
      value: count(row.n),
    }));
    return { items: items.sort((a, b) => b.value - a.value || (a.key < b.key ? -1 : 1)), unit: '条' };
  }

  // ── Devices of some kinds ────────────────────────────────────────────────────────────────────────

  async devices(tenantId: number, readable: ReadableKinds, kinds?: string): Promise<StatGroupData> {
    return this.stats.deviceSummary(tenantId, this.readableOf(readable, kinds));
  }

  async devicesByKind(tenantId: number, readable: ReadableKinds, kinds?: string): Promise<DeviceStatusData> {
    return this.stats.devicesByKind(tenantId, this.readableOf(readable, kinds));
  }

  // ── Module roots ─────────────────────────────────────────────────────────────────────────────────

  async monitoring(tenantId: number): Promise<StatGroupData> {
    const cameras = this.catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page);
    const [online, rooms, faulty] = await Promise.all([
      cameras.length
        ? this.db
            .selectFrom('devices')
            .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when online = 1 then 1 else 0 end)`.as('online')])
            .where('tenant_id', '=', tenantId)
            .where('kind', 'in', cameras)
            .executeTakeFirst()
        : undefined,
      this.db
        .selectFrom('video_rooms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('closed_at', 'is', null)
        .where('kind', 'in', VIDEO_ROOM_KINDS)
        .executeTakeFirst(),
      this.faultyCameraCount(tenantId),
    ]);
    const total = count(online?.n);
    const up = count(online?.online);
    return {
      items: [
        { name: '在线摄像头', value: up, unit: '路' },
        { name: '离线摄像头', value: total - up, unit: '路' },
        { name: '摄像头在线率', value: percent(up, total), unit: '%' },
        { name: '进行中会商', value: count(rooms?.n), unit: '个' },
        { name: '诊断异常', value: faulty, unit: '路' },
      ],
    };
  }

  async operation(tenantId: number): Promise<StatGroupData> {
    const now = this.now();
    const [open, overdue, doneToday, faults, faulty] = await Promise.all([
      this.openWorkOrderCount(tenantId),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', OPEN_WORK_ORDER_STATUSES)
        .where('due_at', '<', now)
        .executeTakeFirst(),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('closed_at', '>=', shanghaiDayStart(now))
        .where('status', '=', 'DONE')
        .executeTakeFirst(),
      this.db
        .selectFrom('operation_faults')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', OPEN_FAULT_STATUSES)
        .executeTakeFirst(),
      this.faultyCameraCount(tenantId),
    ]);
    return {
      items: [
        { name: '未办结工单', value: open, unit: '单' },
        { name: '超时工单', value: count(overdue?.n), unit: '单' },
        { name: '今日办结', value: count(doneToday?.n), unit: '单' },
        { name: '待处理故障', value: count(faults?.n), unit: '个' },
        { name: '诊断异常', value: faulty, unit: '路' },
      ],
    };
  }

  async emergency(tenantId: number): Promise<StatGroupData> {
    const [active, newToday, tasks, teams] = await Promise.all([
      this.activeEventCount(tenantId),
      this.db
        .selectFrom('emergency_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', shanghaiDayStart(this.now()))
        .executeTakeFirst(),
      this.openTasksByStatus(tenantId),
      this.teamCount(tenantId),
    ]);
    return {
      items: [
        { name: '处置中事件', value: active, unit: '起' },
        { name: '今日新增事件', value: count(newToday?.n), unit: '起' },
        { name: '待接收任务', value: tasks.get('PENDING') ?? 0, unit: '项' },
        { name: '执行中任务', value: (tasks.get('ACCEPTED') ?? 0) + (tasks.get('PROCESSING') ?? 0), unit: '项' },
        { name: '救援队伍', value: teams, unit: '支' },
      ],
    };
  }

  async analysis(tenantId: number): Promise<StatGroupData> {
    const now = this.now();
    const today = periodOf('today', now);
    const [alarmsToday, alarmsBefore, visitors, visitorsBefore, parked, capacity, orders] = await Promise.all([
      this.alarmCount(tenantId, today.start, today.end),
      this.alarmCount(tenantId, today.previous.start, today.previous.end),
      this.visitorsIn(tenantId, today.start, today.end),
      this.visitorsIn(tenantId, today.previous.start, today.previous.end),
      this.db
        .selectFrom('parking_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('out_at', 'is', null)
        .executeTakeFirst(),
      this.db
        .selectFrom('parking_lots')
        .select((eb) => eb.fn.sum<number>('capacity').as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      this.db
        .selectFrom('work_orders')
        .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(case when status = 'DONE' then 1 else 0 end)`.as('done')])
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', now - COMPLETION_WINDOW_MS)
        .executeTakeFirst(),
    ]);
    return {
      items: [
        { name: '今日告警', value: alarmsToday, previous: alarmsBefore, unit: '条' },
        { name: '今日入园', value: visitors, previous: visitorsBefore, unit: '人次' },
        { name: '车位占用率', value: percent(count(parked?.n), count(capacity?.n)), unit: '%' },
        { name: '近 30 日工单办结率', value: percent(count(orders?.done), count(orders?.n)), unit: '%' },
      ],
    };
  }

  async teams(tenantId: number): Promise<StatGroupData> {
    const [teams, orders, tasks] = await Promise.all([
      this.teamCount(tenantId),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', OPEN_WORK_ORDER_STATUSES)
        .where('assignee_team_id', 'is not', null)
        .executeTakeFirst(),
      this.openTasksByStatus(tenantId),
    ]);
    return {
      items: [
        { name: '队伍', value: teams, unit: '支' },
        { name: '在办工单', value: count(orders?.n), unit: '单' },
        { name: '在办应急任务', value: [...tasks.values()].reduce((sum, n) => sum + n, 0), unit: '项' },
      ],
    };
  }

  /** Open work orders and emergency tasks per team, busiest first; teams with nothing open included (0). */
  async teamLoad(tenantId: number): Promise<CategoryData> {
    const [teams, orders, tasks] = await Promise.all([
      this.db.selectFrom('teams').select(['team_id', 'name']).where('tenant_id', '=', tenantId).orderBy('team_id').execute(),
      this.db
        .selectFrom('work_orders')
        .select(['assignee_team_id as team', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', OPEN_WORK_ORDER_STATUSES)
        .where('assignee_team_id', 'is not', null)
        .groupBy('assignee_team_id')
        .execute(),
      this.db
        .selectFrom('emergency_tasks')
        .select(['team_id as team', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', OPEN_EMERGENCY_TASK_STATUSES)
        .groupBy('team_id')
        .execute(),
    ]);
    const load = new Map<number, number>();
    for (const row of [...orders, ...tasks]) load.set(Number(row.team), (load.get(Number(row.team)) ?? 0) + count(row.n));
    const items = teams.map((team) => ({ key: String(team.team_id), name: team.name, value: load.get(team.team_id!) ?? 0 }));
    return { items: items.sort((a, b) => b.value - a.value), unit: '项' };
  }

  // ── Shared figures ───────────────────────────────────────────────────────────────────────────────

  private async alarmCount(tenantId: number, start: number, end: number, codes?: readonly string[]): Promise<number> {
    const row = await this.db
      .selectFrom('alarms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .$if(codes !== undefined, (query) => query.where('alarm_type', 'in', codes ?? []))
      .executeTakeFirst();
    return count(row?.n);
  }

  private async openAlarmCount(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('alarms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', OPEN_ALARM_STATUSES)
      .executeTakeFirst();
    return count(row?.n);
  }

  private async activeEventCount(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('emergency_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    return count(row?.n);
  }

  private async openWorkOrderCount(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', OPEN_WORK_ORDER_STATUSES)
      .executeTakeFirst();
    return count(row?.n);
  }

  private async openTasksByStatus(tenantId: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('emergency_tasks')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('tenant_id', '=', tenantId)
      .where('status', 'in', OPEN_EMERGENCY_TASK_STATUSES)
      .groupBy('status')
      .execute();
    return new Map(rows.map((row) => [row.status, count(row.n)]));
  }

  private async teamCount(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('teams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return count(row?.n);
  }

  /** Cameras a diagnosis found unhealthy in the last DIAGNOSIS_WINDOW_MS. */
  private async faultyCameraCount(tenantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('video_diagnosis_checks')
      .select(sql<number>`count(distinct device_id)`.as('n'))
      .where('tenant_id', '=', tenantId)
      .where('at', '>=', this.now() - DIAGNOSIS_WINDOW_MS)
      .where('healthy', '=', 0)
      .executeTakeFirst();
    return count(row?.n);
  }

  private async visitorsIn(tenantId: number, start: number, end: number): Promise<number> {
    const row = await this.db
      .selectFrom('gate_traffic')
      .select((eb) => eb.fn.sum<number>('in_count').as('n'))
      .where('tenant_id', '=', tenantId)
      .where('hour_at', '>=', start)
      .where('hour_at', '<', end)
      .executeTakeFirst();
    return count(row?.n);
  }

  /** The alarm type codes of a `types` list, each one an alarm plugin's; undefined when absent. */
  private alarmCodes(types: string | undefined): string[] | undefined {
    if (types === undefined) return undefined;
    const codes = [...new Set(types.split(','))];
    const unknown = codes.filter((code) => !this.alarmTypes.has(code));
    if (unknown.length) throw badRequest(`未知的告警类型：${unknown.join('、')}`);
    return codes;
  }

  /** The kinds of a `kinds` list the caller may read (all it may read when absent); an unknown kind is refused. */
  private readableOf(readable: ReadableKinds, kinds: string | undefined): ReadableKinds {
    if (kinds === undefined) return readable;
    const pages = [...new Set(kinds.split(','))];
    const unknown = pages.filter((page) => !this.catalog.byPage(page));
    if (unknown.length) throw badRequest(`未知的设备类型：${unknown.join('、')}`);
    return new Set(pages.filter((page) => readable === 'all' || readable.has(page)));
  }
}
