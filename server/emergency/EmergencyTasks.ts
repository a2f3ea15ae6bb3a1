import {
  EMERGENCY_ACTION_LABELS,
  EMERGENCY_TASK_DEFAULT_DUE_MINUTES,
  EMERGENCY_TASK_TRANSITIONS,
  OPEN_EMERGENCY_TASK_STATUSES,
  type DispatchEmergencyTaskBody,
  type EmergencyTaskAction,
  type EmergencyTaskRow,
  type EmergencyTaskStatus,
} from '../../contracts/emergency';
import type { AlarmService } from '../alarms/AlarmService';
import type { Database, Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import type { EmergencyAnnouncer } from './EmergencyAnnouncer';
import {
  alarmLines,
  eventLabel,
  eventRecord,
  MINUTE_MS,
  taskLabel,
  taskRecord,
  writeHistory,
  type EmergencyActor,
  type TaskRecord,
} from './emergencyRecords';

/**
 * Tasks dispatched for an event. Tasks move only along EMERGENCY_TASK_TRANSITIONS (contracts/emergency.ts):
 * anything else is refused with 409 naming the current state and the action, and nothing changes. Every
 * change writes its history line, and a line into each linked alarm's history, in the transaction of the
 * change; the update names the status it was read in, so a concurrent change is refused too. After the
 * commit the change is pushed to the tenant (EMERGENCY_TASK).
 */
export class EmergencyTasks {
  constructor(
    private readonly db: Db,
    private readonly alarms: Pick<AlarmService, 'appendHistory'>,
    private readonly announcer: EmergencyAnnouncer,
    private readonly now: () => number,
  ) {}

  async dispatch(tenantId: number, userId: number, body: DispatchEmergencyTaskBody): Promise<EmergencyTaskRow> {
    const title = body.title.trim();
    if (!title) throw badRequest('请填写任务名称');
    const at = this.now();
    if (body.dueAt !== undefined && body.dueAt <= at) throw badRequest('截止时间必须晚于当前时间');
    const event = await eventRecord(this.db, tenantId, body.eventId);
    if (event.status !== 'ACTIVE')
      throw new AppError(
        409,
        `应急事件「${event.title}」当前状态为「${eventLabel(event.status)}」，不能派发任务（仅「处置中」时可以派发）`,
      );
    const team = await this.team(tenantId, body.teamId);
    const taskId = await this.db.transaction().execute(async (trx) => {
      // The event's status in the same transaction: a task is never added to an event closed meanwhile.
      const still = await trx
        .updateTable('emergency_events')
        .set({ updated_at: at })
        .where('event_id', '=', event.event_id)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (Number(still.numUpdatedRows) !== 1) throw new AppError(409, `应急事件「${event.title}」已结束，不能派发任务`);
      const { task_id } = await trx
        .insertInto('emergency_tasks')
        .values({
          task_id: undefined,
          tenant_id: tenantId,
          event_id: event.event_id,
          title: title.slice(0, 100),
          description: (body.description ?? '').trim().slice(0, 1000),
          team_id: team.teamId,
          status: 'PENDING',
          percent: 0,
          last_note: '',
          due_at: body.dueAt ?? at + EMERGENCY_TASK_DEFAULT_DUE_MINUTES * MINUTE_MS,
          created_by: userId,
          created_at: at,
          updated_at: at,
          finished_at: null,
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      const id = Number(task_id);
      await writeHistory(
        trx,
        event,
        { task_id: id, team_id: team.teamId },
        { userId },
        at,
        'dispatch',
        null,
        'PENDING',
        0,
        `派发给 ${team.name}`,
      );
      await this.alarms.appendHistory(
        trx,
        await alarmLines(trx, event.event_id, { userId }, at, `调度任务「${title}」派发给 ${team.name}`),
      );
      return id;
    });
    return this.announcer.announceTask(tenantId, taskId, 'dispatch');
  }

  async accept(tenantId: number, actor: EmergencyActor, taskId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await taskRecord(this.db, tenantId, taskId);
    this.allowed(task, 'accept');
    const team = await this.teamName(task);
    return this.change(task, actor, 'accept', {}, null, note, `${team} 已接收「${task.title}」${note ? `：${note}` : ''}`);
  }

  async progress(tenantId: number, actor: EmergencyActor, taskId: number, percent: number, note: string): Promise<EmergencyTaskRow> {
    const task = await taskRecord(this.db, tenantId, taskId);
    this.allowed(task, 'progress');
    if (!note.trim()) throw badRequest('请填写进度说明');
    if (!Number.isInteger(percent) || percent < 0 || percent > 99) throw badRequest('进度必须是 0 到 99 的整数（完成任务请用「完成」）');
    if (percent < task.percent) throw badRequest(`进度不能回退：当前已是 ${task.percent}%`);
    return this.change(
      task,
      actor,
      'progress',
      { percent, last_note: note.slice(0, 500) },
      percent,
      note,
      `「${task.title}」进度 ${percent}%：${note}`,
    );
  }

  async finish(tenantId: number, actor: EmergencyActor, taskId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await taskRecord(this.db, tenantId, taskId);
    this.allowed(task, 'finish');
    const at = this.now();
    return this.change(
      task,
      actor,
      'finish',
      { percent: 100, finished_at: at, ...(note ? { last_note: note.slice(0, 500) } : {}) },
      100,
      note,
      `「${task.title}」任务完成${note ? `：${note}` : ''}`,
    );
  }

  async cancel(tenantId: number, actor: EmergencyActor, taskId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await taskRecord(this.db, tenantId, taskId);
    this.allowed(task, 'cancel');
    if (!note.trim()) throw badRequest('请填写取消原因');
    return this.change(task, actor, 'cancel', {}, null, note, `「${task.title}」任务取消：${note}`);
  }

  async reassign(tenantId: number, actor: EmergencyActor, taskId: number, teamId: number, note: string): Promise<EmergencyTaskRow> {
    const task = await taskRecord(this.db, tenantId, taskId);
    this.allowed(task, 'reassign');
    const team = await this.team(tenantId, teamId);
    if (team.teamId === task.team_id) throw badRequest(`任务「${task.title}」已派给 ${team.name}，请选择其他班组`);
    const from = await this.teamName(task);
    const text = `由 ${from} 改派给 ${team.name}${note ? `：${note}` : ''}`;
    return this.change(task, actor, 'reassign', { team_id: team.teamId, percent: 0 }, 0, text, `「${task.title}」${text}`, team.teamId);
  }

  private async team(tenantId: number, teamId: number): Promise<{ teamId: number; name: string }> {
    const team = await this.db
      .selectFrom('teams')
      .select(['team_id', 'name'])
      .where('team_id', '=', teamId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!team) throw new AppError(404, `班组不存在：${teamId}`);
    return { teamId: Number(team.team_id), name: team.name };
  }

  private async teamName(task: TaskRecord): Promise<string> {
    const team = await this.db.selectFrom('teams').select('name').where('team_id', '=', task.team_id).executeTakeFirst();
    return team?.name ?? `班组 ${task.team_id}`;
  }

  /** Refuses (409) an action the task's status does not allow, naming both. */
  private allowed(task: TaskRecord, action: EmergencyTaskAction): void {
    const rule = EMERGENCY_TASK_TRANSITIONS[action];
    if (rule.from.includes(task.status as EmergencyTaskStatus)) return;
    const name = EMERGENCY_ACTION_LABELS[action];
    const when = rule.from.map((status) => `「${taskLabel(status)}」`).join('或');
    throw new AppError(409, `任务「${task.title}」当前状态为「${taskLabel(task.status)}」，不能${name}（仅${when}时可以${name}）`);
  }

  /** The task's status change, its history line and its alarms' lines, all or nothing. */
  private async change(
    task: TaskRecord,
    actor: EmergencyActor,
    action: EmergencyTaskAction,
    set: Partial<Database['emergency_tasks']>,
    percent: number | null,
    note: string,
    alarmComment: string,
    newTeamId?: number,
  ): Promise<EmergencyTaskRow> {
    const at = this.now();
    const to = EMERGENCY_TASK_TRANSITIONS[action].to;
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('emergency_tasks')
        .set({ ...set, status: to, updated_at: at })
        .where('task_id', '=', task.task_id)
        .where('tenant_id', '=', task.tenant_id)
        .where('status', '=', task.status)
        .where('team_id', '=', task.team_id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `任务「${task.title}」已被他人处理，请刷新后重试`);
      const event = await eventRecord(trx, task.tenant_id, task.event_id);
      await trx.updateTable('emergency_events').set({ updated_at: at }).where('event_id', '=', event.event_id).execute();
      await writeHistory(
        trx,
        event,
        { task_id: task.task_id, team_id: newTeamId ?? task.team_id },
        actor,
        at,
        action,
        task.status,
        to,
        percent,
        note.slice(0, 1000),
      );
      await this.alarms.appendHistory(trx, await alarmLines(trx, event.event_id, actor, at, alarmComment));
    });
    return this.announcer.announceTask(task.tenant_id, task.task_id, action);
  }

  /**
   * Open tasks of every tenant last changed at or before `before` and not yet reported as far as
   * `untilPercent` (the field-work simulator's sweep; it leaves finishing to the operator), oldest first.
   */
  async waitingTasks(
    before: number,
    untilPercent: number,
    limit = 200,
  ): Promise<(TaskRecord & { team_name: string | null; event_kind: string })[]> {
    const rows = await this.db
      .selectFrom('emergency_tasks as k')
      .innerJoin('emergency_events as e', 'e.event_id', 'k.event_id')
      .leftJoin('teams as t', 't.team_id', 'k.team_id')
      .selectAll('k')
      .select(['t.name as team_name', 'e.kind as event_kind'])
      .where('k.status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
      .where('k.updated_at', '<=', before)
      .where((eb) => eb.or([eb('k.status', '!=', 'PROCESSING'), eb('k.percent', '<', untilPercent)]))
      .orderBy('k.updated_at')
      .orderBy('k.task_id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ ...row, task_id: Number(row.task_id), event_id: Number(row.event_id), team_id: Number(row.team_id) }));
  }
}
