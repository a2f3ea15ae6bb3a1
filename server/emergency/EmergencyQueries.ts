import { sql } from 'kysely';
import {
  EMERGENCY_KINDS,
  OPEN_EMERGENCY_TASK_STATUSES,
  type EmergencyEventDetail,
  type EmergencyEventQuery,
  type EmergencyEventRow,
  type EmergencyFeedEntry,
  type EmergencyHistoryEntry,
  type EmergencyKind,
  type EmergencyStats,
  type EmergencyTaskRow,
  type EmergencyTaskStatus,
  type EmergencyTeamLoad,
} from '../../contracts/emergency';
import type { Alarm, AlarmService } from '../alarms/AlarmService';
import type { Db } from '../db/Database';
import { containsText } from '../db/text';
import { AppError } from '../envelope';
import { emptyCounts, eventNotFound, taskNotFound } from './emergencyRecords';
import { eventRows, selectHistory, selectTasks, toFeed, toTask } from './emergencyRows';

export interface EmergencyFilter extends Omit<EmergencyEventQuery, 'pageNum' | 'pageSize'> {
  tenantId: number;
  pageNum: number;
  pageSize: number;
}

/** Reading a tenant's emergency events, tasks, history, teams and figures (no writes). */
export class EmergencyQueries {
  constructor(
    private readonly db: Db,
    private readonly alarms: Pick<AlarmService, 'get'>,
    private readonly now: () => number,
  ) {}

  async task(tenantId: number, taskId: number): Promise<EmergencyTaskRow> {
    const row = await selectTasks(this.db, tenantId).where('k.task_id', '=', taskId).executeTakeFirst();
    if (!row) throw taskNotFound(taskId);
    return toTask(row, this.now());
  }

  async event(tenantId: number, eventId: number): Promise<EmergencyEventRow> {
    const [event] = await eventRows(this.db, tenantId, [eventId]);
    if (!event) throw eventNotFound(eventId);
    return event;
  }

  async list(filter: EmergencyFilter): Promise<{ rows: EmergencyEventRow[]; total: number }> {
    let base = this.db.selectFrom('emergency_events as e').where('e.tenant_id', '=', filter.tenantId);
    if (filter.status) base = base.where('e.status', '=', filter.status);
    if (filter.kind) base = base.where('e.kind', '=', filter.kind);
    if (filter.keyword)
      base = base.where(
        sql<boolean>`(${containsText(this.db, 'e.title', filter.keyword)} or ${containsText(this.db, 'e.description', filter.keyword)})`,
      );
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);
    if (total === 0) return { rows: [], total };
    const page = await base
      .select('e.event_id')
      // Active first (处置中 sorts before 已结束 as ACTIVE < CLOSED), newest first.
      .orderBy('e.status')
      .orderBy('e.created_at', 'desc')
      .orderBy('e.event_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return {
      rows: await eventRows(
        this.db,
        filter.tenantId,
        page.map((row) => Number(row.event_id)),
      ),
      total,
    };
  }

  async detail(tenantId: number, eventId: number): Promise<EmergencyEventDetail> {
    const event = await this.event(tenantId, eventId);
    const [tasks, history, alarms] = await Promise.all([
      selectTasks(this.db, tenantId).where('k.event_id', '=', eventId).orderBy('k.task_id').execute(),
      selectHistory(this.db, tenantId).where('h.event_id', '=', eventId).orderBy('h.id').execute(),
      Promise.all(event.alarmIds.map((alarmId) => this.alarms.get(tenantId, alarmId).catch(() => null))),
    ]);
    return {
      ...event,
      tasks: tasks.map((row) => toTask(row, this.now())),
      history: history.map((row): EmergencyHistoryEntry => {
        const { eventTitle: _title, eventKind: _kind, ...entry } = toFeed(row);
        return entry;
      }),
      alarms: alarms.filter((alarm): alarm is Alarm => alarm !== null),
    };
  }

  /** The event an alarm of the tenant belongs to (404 when the alarm is another tenant's, missing, or in none). */
  async byAlarm(tenantId: number, alarmId: number): Promise<EmergencyEventDetail> {
    await this.alarms.get(tenantId, alarmId);
    const link = await this.db
      .selectFrom('emergency_event_alarms')
      .select('event_id')
      .where('alarm_id', '=', alarmId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!link) throw new AppError(404, `告警 ${alarmId} 没有关联应急事件`);
    return this.detail(tenantId, Number(link.event_id));
  }

  /** The tenant's latest history lines, newest first. */
  async feed(tenantId: number, limit: number): Promise<EmergencyFeedEntry[]> {
    const rows = await selectHistory(this.db, tenantId).orderBy('h.id', 'desc').limit(limit).execute();
    return rows.map((row) => toFeed(row));
  }

  /** The event's newest history line (what a push about its change carries). */
  async latestEntry(tenantId: number, eventId: number): Promise<EmergencyFeedEntry> {
    const row = await selectHistory(this.db, tenantId)
      .where('h.event_id', '=', eventId)
      .orderBy('h.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    return toFeed(row);
  }

  async teams(tenantId: number): Promise<EmergencyTeamLoad[]> {
    const [teams, tasks, orders] = await Promise.all([
      this.db.selectFrom('teams').select(['team_id', 'name', 'duty']).where('tenant_id', '=', tenantId).orderBy('team_id').execute(),
      selectTasks(this.db, tenantId)
        .where('k.status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
        .orderBy('k.task_id')
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select(['assignee_team_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('assignee_team_id', 'is not', null)
        .where('status', 'in', ['ASSIGNED', 'PROCESSING'])
        .groupBy('assignee_team_id')
        .execute(),
    ]);
    const ordersByTeam = new Map(orders.map((row) => [Number(row.assignee_team_id), Number(row.count)]));
    return teams.map((team) => {
      const teamId = Number(team.team_id);
      const open = tasks.filter((task) => Number(task.team_id) === teamId).map((task) => toTask(task, this.now()));
      return {
        teamId,
        name: team.name,
        duty: team.duty,
        busy: open.length > 0,
        tasks: open,
        openWorkOrders: ordersByTeam.get(teamId) ?? 0,
      };
    });
  }

  async stats(tenantId: number): Promise<EmergencyStats> {
    const [events, tasks, teams, busy] = await Promise.all([
      this.db
        .selectFrom('emergency_events')
        .select(['status', 'kind', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .groupBy(['status', 'kind'])
        .execute(),
      this.db
        .selectFrom('emergency_tasks as k')
        .innerJoin('emergency_events as e', 'e.event_id', 'k.event_id')
        .select(['k.status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('k.tenant_id', '=', tenantId)
        .where('e.status', '=', 'ACTIVE')
        .groupBy('k.status')
        .execute(),
      this.db
        .selectFrom('teams')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
      this.db
        .selectFrom('emergency_tasks')
        .select((eb) => eb.fn.count<number>('team_id').distinct().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
        .executeTakeFirst(),
    ]);
    const activeByKind = Object.fromEntries(EMERGENCY_KINDS.map((kind) => [kind, 0])) as Record<EmergencyKind, number>;
    let activeEvents = 0;
    let closedEvents = 0;
    for (const row of events) {
      const count = Number(row.count);
      if (row.status === 'ACTIVE') {
        activeEvents += count;
        if (row.kind in activeByKind) activeByKind[row.kind as EmergencyKind] += count;
      } else closedEvents += count;
    }
    const tasksByStatus = emptyCounts();
    for (const row of tasks) if (row.status in tasksByStatus) tasksByStatus[row.status as EmergencyTaskStatus] += Number(row.count);
    return {
      activeEvents,
      closedEvents,
      activeByKind,
      tasksByStatus,
      busyTeams: Number(busy?.count ?? 0),
      teams: Number(teams?.count ?? 0),
    };
  }
}
