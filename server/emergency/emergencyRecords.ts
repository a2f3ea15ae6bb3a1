import type { Transaction } from 'kysely';
import {
  EMERGENCY_EVENT_STATUS_LABELS,
  EMERGENCY_TASK_STATUSES,
  EMERGENCY_TASK_STATUS_LABELS,
  type EmergencyAction,
  type EmergencyEventStatus,
  type EmergencyTaskStatus,
} from '../../contracts/emergency';
import type { AlarmHistoryLine } from '../alarms/AlarmService';
import type { Database, Db } from '../db/Database';
import { AppError } from '../envelope';

/** What the emergency pieces share: the stored rows as read for a change, the actor, the history lines. */
export type Executor = Db | Transaction<Database>;
export type EventRecord = Database['emergency_events'] & { event_id: number };
export type TaskRecord = Database['emergency_tasks'] & { task_id: number };

/**
 * Who acts: an operator (userId), or — userId null — the system (auto-opened events) or a field team
 * reporting through the field-work simulator (name: the team's).
 */
export interface EmergencyActor {
  userId: number | null;
  /** Shown for userId null: 系统 or the team's name. */
  name?: string;
}

export const MINUTE_MS = 60_000;
export const SYSTEM = '系统';
export const taskLabel = (status: string) => EMERGENCY_TASK_STATUS_LABELS[status as EmergencyTaskStatus] ?? status;
export const eventLabel = (status: string) => EMERGENCY_EVENT_STATUS_LABELS[status as EmergencyEventStatus] ?? status;
export const eventNotFound = (eventId: number) => new AppError(404, `应急事件不存在：${eventId}`);
export const taskNotFound = (taskId: number) => new AppError(404, `调度任务不存在：${taskId}`);
export const emptyCounts = () =>
  Object.fromEntries(EMERGENCY_TASK_STATUSES.map((status) => [status, 0])) as Record<EmergencyTaskStatus, number>;

export async function eventRecord(executor: Executor, tenantId: number, eventId: number): Promise<EventRecord> {
  const row = await executor
    .selectFrom('emergency_events')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw eventNotFound(eventId);
  return { ...row, event_id: Number(row.event_id) };
}

export async function taskRecord(executor: Executor, tenantId: number, taskId: number): Promise<TaskRecord> {
  const row = await executor
    .selectFrom('emergency_tasks')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw taskNotFound(taskId);
  return { ...row, task_id: Number(row.task_id), event_id: Number(row.event_id), team_id: Number(row.team_id) };
}

/** The event's history line of a change, written in the change's transaction. */
export async function writeHistory(
  trx: Transaction<Database>,
  event: { event_id: number; tenant_id: number },
  task: { task_id: number; team_id: number } | null,
  actor: EmergencyActor,
  at: number,
  action: EmergencyAction,
  from: string | null,
  to: string | null,
  percent: number | null,
  note: string,
): Promise<void> {
  await trx
    .insertInto('emergency_history')
    .values({
      id: undefined,
      tenant_id: event.tenant_id,
      event_id: event.event_id,
      task_id: task?.task_id ?? null,
      team_id: task?.team_id ?? null,
      at,
      user_id: actor.userId,
      actor: actor.userId === null ? (actor.name ?? SYSTEM).slice(0, 64) : '',
      action,
      from_status: from,
      to_status: to,
      percent,
      note: note.slice(0, 1000),
    })
    .execute();
}

/** A line for each alarm linked to the event (the whole chain shows in the alarm's detail). */
export async function alarmLines(
  trx: Transaction<Database>,
  eventId: number,
  actor: EmergencyActor,
  at: number,
  comment: string,
): Promise<AlarmHistoryLine[]> {
  const links = await trx
    .selectFrom('emergency_event_alarms')
    .select('alarm_id')
    .where('event_id', '=', eventId)
    .orderBy('alarm_id')
    .execute();
  const who = actor.userId === null && actor.name ? `${actor.name}：` : '';
  return links.map((link) => ({
    alarmId: Number(link.alarm_id),
    at,
    userId: actor.userId,
    action: 'emergency',
    comment: `${who}${comment}`,
  }));
}
