import {
  EMERGENCY_ACTION_LABELS,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_LEVEL_LABELS,
  OPEN_EMERGENCY_TASK_STATUSES,
  type EmergencyAction,
  type EmergencyEventRow,
  type EmergencyEventStatus,
  type EmergencyFeedEntry,
  type EmergencyKind,
  type EmergencyLevel,
  type EmergencyTaskRow,
  type EmergencyTaskStatus,
} from '../../contracts/emergency';
import type { Database, Db } from '../db/Database';
import { emptyCounts, eventLabel, SYSTEM, taskLabel } from './emergencyRecords';

/** How events, tasks and history lines are read and shaped for the API (and the pushes). */
/** Event rows with their creators' and closers' names, alarms and task counts. */
export async function eventRows(db: Db, tenantId: number, eventIds: number[]): Promise<EmergencyEventRow[]> {
  if (!eventIds.length) return [];
  const [rows, links, counts] = await Promise.all([
    db
      .selectFrom('emergency_events as e')
      .leftJoin('users as cu', 'cu.user_id', 'e.created_by')
      .leftJoin('users as xu', 'xu.user_id', 'e.closed_by')
      .selectAll('e')
      .select(['cu.nick_name as created_by_name', 'xu.nick_name as closed_by_name'])
      .where('e.tenant_id', '=', tenantId)
      .where('e.event_id', 'in', eventIds)
      .execute(),
    db
      .selectFrom('emergency_event_alarms')
      .select(['event_id', 'alarm_id'])
      .where('tenant_id', '=', tenantId)
      .where('event_id', 'in', eventIds)
      .orderBy('joined_at')
      .orderBy('alarm_id')
      .execute(),
    db
      .selectFrom('emergency_tasks')
      .select(['event_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('tenant_id', '=', tenantId)
      .where('event_id', 'in', eventIds)
      .groupBy(['event_id', 'status'])
      .execute(),
  ]);
  const byId = new Map(
    rows.map((row) => {
      const kind = row.kind as EmergencyKind;
      const level = row.level as EmergencyLevel;
      const eventId = Number(row.event_id);
      const event: EmergencyEventRow = {
        eventId,
        kind,
        kindName: EMERGENCY_KIND_LABELS[kind] ?? row.kind,
        title: row.title,
        description: row.description,
        level,
        levelName: EMERGENCY_LEVEL_LABELS[level] ?? row.level,
        status: row.status as EmergencyEventStatus,
        statusName: eventLabel(row.status),
        longitude: Number(row.longitude),
        latitude: Number(row.latitude),
        radius: row.radius,
        alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
        alarmIds: [],
        createdBy: row.created_by,
        createdByName: row.created_by_name ?? SYSTEM,
        createTime: row.created_at,
        closedBy: row.closed_by,
        closedByName: row.closed_at === null ? null : (row.closed_by_name ?? SYSTEM),
        closedAt: row.closed_at,
        result: row.result,
        updateTime: row.updated_at,
        taskCounts: emptyCounts(),
      };
      return [eventId, event];
    }),
  );
  for (const link of links) {
    const event = byId.get(Number(link.event_id));
    const alarmId = Number(link.alarm_id);
    // The source alarm first, then those that joined.
    if (event) event.alarmIds = alarmId === event.alarmId ? [alarmId, ...event.alarmIds] : [...event.alarmIds, alarmId];
  }
  for (const count of counts) {
    const event = byId.get(Number(count.event_id));
    if (event && count.status in event.taskCounts) event.taskCounts[count.status as EmergencyTaskStatus] += Number(count.count);
  }
  return eventIds.map((id) => byId.get(id)).filter((event): event is EmergencyEventRow => event !== undefined);
}

export function selectTasks(db: Db, tenantId: number) {
  return db
    .selectFrom('emergency_tasks as k')
    .innerJoin('emergency_events as e', 'e.event_id', 'k.event_id')
    .leftJoin('teams as t', 't.team_id', 'k.team_id')
    .leftJoin('users as cu', 'cu.user_id', 'k.created_by')
    .selectAll('k')
    .select(['e.title as event_title', 't.name as team_name', 'cu.nick_name as created_by_name'])
    .where('k.tenant_id', '=', tenantId);
}

export function toTask(
  row: Database['emergency_tasks'] & { event_title: string; team_name: string | null; created_by_name: string | null },
  now: number,
): EmergencyTaskRow {
  const status = row.status as EmergencyTaskStatus;
  return {
    taskId: Number(row.task_id),
    eventId: Number(row.event_id),
    eventTitle: row.event_title,
    title: row.title,
    description: row.description,
    teamId: Number(row.team_id),
    teamName: row.team_name ?? '',
    status,
    statusName: taskLabel(status),
    percent: row.percent,
    lastNote: row.last_note,
    dueAt: row.due_at,
    overdue: OPEN_EMERGENCY_TASK_STATUSES.includes(status) && row.due_at < now,
    createdBy: row.created_by,
    createdByName: row.created_by_name ?? SYSTEM,
    createTime: row.created_at,
    updateTime: row.updated_at,
    finishedAt: row.finished_at,
  };
}

export function selectHistory(db: Db, tenantId: number) {
  return db
    .selectFrom('emergency_history as h')
    .innerJoin('emergency_events as e', 'e.event_id', 'h.event_id')
    .leftJoin('emergency_tasks as k', 'k.task_id', 'h.task_id')
    .leftJoin('teams as t', 't.team_id', 'h.team_id')
    .leftJoin('users as u', 'u.user_id', 'h.user_id')
    .selectAll('h')
    .select(['e.title as event_title', 'e.kind as event_kind', 'k.title as task_title', 't.name as team_name', 'u.nick_name'])
    .where('h.tenant_id', '=', tenantId);
}

export function toFeed(
  row: Database['emergency_history'] & {
    event_title: string;
    event_kind: string;
    task_title: string | null;
    team_name: string | null;
    nick_name: string | null;
  },
): EmergencyFeedEntry {
  const action = row.action as EmergencyAction;
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    taskId: row.task_id === null ? null : Number(row.task_id),
    taskTitle: row.task_title,
    teamName: row.team_name,
    time: row.at,
    action,
    actionName: EMERGENCY_ACTION_LABELS[action] ?? row.action,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    percent: row.percent,
    note: row.note,
    userId: row.user_id,
    userName: row.nick_name ?? (row.actor || SYSTEM),
    eventTitle: row.event_title,
    eventKind: row.event_kind as EmergencyKind,
  };
}
