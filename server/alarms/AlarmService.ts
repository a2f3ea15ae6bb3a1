import { sql } from 'kysely';
import type { Db, Database } from '../db/Database';
import { byteOrder } from '../db/text';
import { AppError, badRequest } from '../envelope';
import type { PushPublisher } from '../push/PushPublisher';
import type { AlarmType } from './alarmTypes';
import { changeWithHistory } from './changeWithHistory';

import { ALARM_GRADES, ALARM_STATUSES, type AlarmRow, type AlarmStatus } from '../../contracts/alarms';
import { alarmPushTopic } from '../../contracts/push';

export { ALARM_GRADES, ALARM_STATUSES, type AlarmStatus };
export const STATUS_LABELS: Record<AlarmStatus, string> = {
  ALARM_STATUS_UNTREATED: '待处理',
  ALARM_STATUS_PROCESSING: '处理中',
  ALARM_STATUS_COMPLET: '待确认',
  ALARM_STATUS_CONFIRMED: '已处理',
};
/** Event type of pushed alarms (registry/pushEvents.json). */
export const ALARM_EVENT_TYPE = alarmPushTopic.eventType;

export interface RaiseAlarm {
  tenantId: number;
  alarmType: string;
  grade?: string;
  deviceId?: number;
  content: string;
  description?: string;
}

export interface AlarmFilter {
  tenantId: number;
  pageNum: number;
  pageSize: number;
  alarmType?: string;
  grade?: string;
  status?: string;
  deviceId?: number;
  beginTime?: number;
  endTime?: number;
}

function toAlarm(row: Database['alarms'], types: Map<string, AlarmType>): AlarmRow {
  const type = types.get(row.alarm_type);
  return {
    alarmId: row.alarm_id!,
    alarmType: row.alarm_type,
    alarmTypeName: type?.name ?? row.alarm_type,
    grade: row.grade,
    status: row.status,
    statusName: STATUS_LABELS[row.status as AlarmStatus] ?? row.status,
    deviceId: row.device_id,
    deviceName: row.device_name,
    longitude: row.longitude,
    latitude: row.latitude,
    alarmContent: row.content,
    alarmDesc: row.description,
    assigneeId: row.assignee_id,
    createTime: row.created_at,
    updateTime: row.updated_at,
    targetPage: type?.targetPage ?? null,
  };
}

export type Alarm = AlarmRow;

/** Told about every raised alarm after it committed and was pushed (emergency dispatch opens events from some). */
export type AlarmRaisedListener = (alarm: Alarm, tenantId: number) => Promise<void>;

/** A line another feature writes into an alarm's history (emergency dispatch: the event and task chain). */
export interface AlarmHistoryLine {
  alarmId: number;
  at: number;
  /** null: the system. */
  userId: number | null;
  action: string;
  comment: string;
}

/**
 * Alarms of a tenant and their lifecycle: pending → executing → awaiting confirmation → handled,
 * one step at a time, every step recorded with who, when and a comment. A raised alarm is pushed to
 * every operator of its tenant.
 */
export class AlarmService {
  constructor(
    private readonly db: Db,
    private readonly types: Map<string, AlarmType>,
    private readonly push: PushPublisher,
    private readonly now: () => number,
    /** Page names of the device kinds the emergency view lists (manifests with `responder`). */
    private readonly responderKinds: readonly string[] = [],
  ) {}

  private readonly raisedListeners: { listener: AlarmRaisedListener; onError: (error: unknown) => void }[] = [];

  /**
   * Calls `listener` for every alarm raised from now on, after the alarm committed and was pushed; its
   * failure is handed to `onError` and never undoes or loses the alarm. The alarm code knows nothing of
   * what listens (createServer wires emergency dispatch in).
   */
  onRaised(listener: AlarmRaisedListener, onError: (error: unknown) => void): void {
    this.raisedListeners.push({ listener, onError });
  }

  /** Writes lines into alarms' history with `executor` (a caller's transaction, so they commit with its change). */
  async appendHistory(executor: Pick<Db, 'insertInto'>, lines: readonly AlarmHistoryLine[]): Promise<void> {
    if (!lines.length) return;
    await executor
      .insertInto('alarm_history')
      .values(
        lines.map((line) => ({
          id: undefined,
          alarm_id: line.alarmId,
          at: line.at,
          user_id: line.userId,
          action: line.action,
          from_status: null,
          to_status: null,
          comment: line.comment.slice(0, 500),
        })),
      )
      .execute();
  }

  /** The Chinese name of a loaded alarm type. */
  alarmTypeName(code: string): string | undefined {
    return this.types.get(code)?.name;
  }

  async raise(request: RaiseAlarm): Promise<Alarm> {
    const type = this.types.get(request.alarmType);
    if (!type) throw badRequest(`未知的告警类型：${request.alarmType}`);
    const grade = request.grade ?? type.defaultGrade;
    if (!(ALARM_GRADES as readonly string[]).includes(grade)) throw badRequest(`告警等级不正确：${grade}`);
    const device = request.deviceId
      ? await this.db
          .selectFrom('devices')
          .select(['device_id', 'name', 'longitude', 'latitude'])
          .where('device_id', '=', request.deviceId)
          .where('tenant_id', '=', request.tenantId)
          .executeTakeFirst()
      : undefined;
    if (request.deviceId && !device) throw new AppError(404, `设备不存在：${request.deviceId}`);
    const at = this.now();
    const row = await changeWithHistory(
      this.db,
      (creator) =>
        creator
          .insertInto('alarms')
          .values({
            alarm_id: undefined,
            tenant_id: request.tenantId,
            alarm_type: type.code,
            grade,
            status: 'ALARM_STATUS_UNTREATED',
            device_id: device?.device_id ?? null,
            device_name: device?.name ?? '',
            longitude: device?.longitude ?? null,
            latitude: device?.latitude ?? null,
            content: request.content.slice(0, 200),
            description: (request.description ?? '').slice(0, 1000),
            assignee_id: null,
            created_at: at,
            updated_at: at,
          })
          .returningAll(),
      { at, userId: null, action: 'raise', fromStatus: null, toStatus: 'ALARM_STATUS_UNTREATED', comment: '' },
    );
    if (!row) throw new Error('告警未能写入');
    const alarm = toAlarm(row, this.types);
    await this.push.publish(request.tenantId, alarmPushTopic, alarm);
    for (const { listener, onError } of this.raisedListeners) {
      try {
        await listener(alarm, request.tenantId);
      } catch (error) {
        onError(error);
      }
    }
    return alarm;
  }

  async list(filter: AlarmFilter): Promise<{ rows: Alarm[]; total: number }> {
    let base = this.db.selectFrom('alarms').where('tenant_id', '=', filter.tenantId);
    if (filter.alarmType) base = base.where('alarm_type', '=', filter.alarmType);
    if (filter.grade) base = base.where('grade', '=', filter.grade);
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.deviceId) base = base.where('device_id', '=', filter.deviceId);
    if (filter.beginTime !== undefined) base = base.where('created_at', '>=', filter.beginTime);
    if (filter.endTime !== undefined) base = base.where('created_at', '<=', filter.endTime);
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('alarm_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return { rows: rows.map((row) => toAlarm(row, this.types)), total };
  }

  async get(tenantId: number, alarmId: number): Promise<Alarm> {
    const row = await this.db
      .selectFrom('alarms')
      .selectAll()
      .where('alarm_id', '=', alarmId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `告警不存在：${alarmId}`);
    return toAlarm(row, this.types);
  }

  async detail(tenantId: number, alarmId: number) {
    const alarm = await this.get(tenantId, alarmId);
    const history = await this.db
      .selectFrom('alarm_history as h')
      .leftJoin('users as u', 'u.user_id', 'h.user_id')
      .select(['h.id', 'h.at', 'h.action', 'h.from_status', 'h.to_status', 'h.comment', 'h.user_id', 'u.nick_name'])
      .where('h.alarm_id', '=', alarmId)
      .orderBy('h.id')
      .execute();
    return {
      ...alarm,
      history: history.map((entry) => ({
        id: entry.id,
        time: entry.at,
        action: entry.action,
        fromStatus: entry.from_status,
        toStatus: entry.to_status,
        comment: entry.comment,
        userId: entry.user_id,
        userName: entry.nick_name ?? '系统',
      })),
    };
  }

  /**
   * Moves an alarm one step on (待确认 → 处理中 → 已办结 …). The UPDATE itself checks the step: it only
   * changes a row whose status is the one before `to`, and returns it (RETURNING) with its history row
   * (changeWithHistory: one statement on PostgreSQL); the alarm is read only to say why a refused move was refused.
   */
  async transition(tenantId: number, userId: number, alarmId: number, to: string, comment: string): Promise<Alarm> {
    const target = ALARM_STATUSES.indexOf(to as AlarmStatus);
    if (target === -1) throw badRequest(`告警状态不正确：${to}`);
    const previous = ALARM_STATUSES[target - 1];
    const at = this.now();
    const row = previous
      ? await changeWithHistory(
          this.db,
          (creator) =>
            creator
              .updateTable('alarms')
              .set({ status: to, updated_at: at })
              .where('alarm_id', '=', alarmId)
              .where('tenant_id', '=', tenantId)
              .where('status', '=', previous)
              .returningAll(),
          { at, userId, action: 'transition', fromStatus: previous, toStatus: to, comment },
        )
      : undefined;
    if (!row) throw await this.refusedTransition(tenantId, alarmId, target);
    return toAlarm(row, this.types);
  }

  /** Why the alarm could not move to status `target`: missing, already there, backwards, a step skipped, or changed meanwhile. */
  private async refusedTransition(tenantId: number, alarmId: number, target: number): Promise<AppError> {
    const alarm = await this.get(tenantId, alarmId);
    const from = ALARM_STATUSES.indexOf(alarm.status as AlarmStatus);
    const label = (index: number) => STATUS_LABELS[ALARM_STATUSES[index]!];
    if (target === from) return badRequest(`告警已经是「${label(from)}」`);
    if (target < from) return badRequest(`告警状态不能回退：「${label(from)}」不能改为「${label(target)}」`);
    if (target > from + 1)
      return badRequest(`告警须逐步处理：「${label(from)}」之后是「${label(from + 1)}」，不能直接变为「${label(target)}」`);
    // It was one step before `target` when read just now: another operator changed it in between.
    return new AppError(409, '告警已被他人处理，请刷新后重试');
  }

  /**
   * Assigns an alarm to a user of its tenant: one UPDATE that also checks the membership (EXISTS), with its
   * history row (changeWithHistory); the alarm and the user are looked up only to say why a refused assignment was refused.
   */
  async assign(tenantId: number, userId: number, alarmId: number, assigneeId: number, comment: string): Promise<Alarm> {
    const at = this.now();
    const row = await changeWithHistory(
      this.db,
      (creator) =>
        creator
          .updateTable('alarms')
          .set({ assignee_id: assigneeId, updated_at: at })
          .where('alarm_id', '=', alarmId)
          .where('tenant_id', '=', tenantId)
          .where((eb) =>
            eb.exists(eb.selectFrom('user_tenants').select('user_id').where('user_id', '=', assigneeId).where('tenant_id', '=', tenantId)),
          )
          .returningAll(),
      { at, userId, action: 'assign', fromStatus: null, toStatus: null, comment: comment || `指派给用户 ${assigneeId}` },
    );
    if (!row) {
      // After the change's transaction: SQLite's one connection is the transaction's until it ends.
      await this.get(tenantId, alarmId);
      throw badRequest(`处理人不属于当前租户：${assigneeId}`);
    }
    return toAlarm(row, this.types);
  }

  async comment(tenantId: number, userId: number, alarmId: number, comment: string): Promise<void> {
    // Written from the tenant's alarm row (INSERT … SELECT): no row for another tenant's or a missing alarm.
    const inserted = await this.db
      .insertInto('alarm_history')
      .columns(['alarm_id', 'at', 'user_id', 'action', 'from_status', 'to_status', 'comment'])
      .expression((eb) =>
        eb
          .selectFrom('alarms')
          .select((inner) => [
            'alarm_id',
            // Typed: PostgreSQL takes an untyped parameter in a select list for text.
            inner.cast<number>(inner.val(this.now()), 'bigint').as('at'),
            inner.cast<number>(inner.val(userId), 'integer').as('user_id'),
            inner.cast<string>(inner.val('comment'), 'text').as('action'),
            inner.cast<string | null>(inner.val(null), 'text').as('from_status'),
            inner.cast<string | null>(inner.val(null), 'text').as('to_status'),
            inner.cast<string>(inner.val(comment), 'text').as('comment'),
          ])
          .where('alarm_id', '=', alarmId)
          .where('tenant_id', '=', tenantId),
      )
      .executeTakeFirst();
    if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) throw new AppError(404, `告警不存在：${alarmId}`);
  }

  async stats(tenantId: number) {
    const rows = await this.db
      .selectFrom('alarms')
      .select(['status', 'grade', (eb) => eb.fn.countAll<number>().as('count')])
      .where('tenant_id', '=', tenantId)
      .groupBy(['status', 'grade'])
      .execute();
    const byStatus = Object.fromEntries(ALARM_STATUSES.map((status) => [status, 0]));
    const byGrade = Object.fromEntries(ALARM_GRADES.map((grade) => [grade, 0]));
    for (const row of rows) {
      byStatus[row.status] = (byStatus[row.status] ?? 0) + Number(row.count);
      byGrade[row.grade] = (byGrade[row.grade] ?? 0) + Number(row.count);
    }
    return { byStatus, byGrade, total: rows.reduce((sum, row) => sum + Number(row.count), 0) };
  }

  /** The emergency view of an alarm: the alarm and the responders' devices (cameras, speakers, screens: kinds marked `responder`) within 500 m of it. */
  async emergency(tenantId: number, alarmId: number) {
    const alarm = await this.get(tenantId, alarmId);
    const nearby =
      alarm.longitude === null || alarm.latitude === null || this.responderKinds.length === 0
        ? []
        : await this.db
            .selectFrom('devices')
            .select(['device_id', 'name', 'kind', 'online', 'longitude', 'latitude'])
            .where('tenant_id', '=', tenantId)
            .where('kind', 'in', [...this.responderKinds])
            // ≈ 500 m box at these latitudes; good enough to list responders' tools.
            .where(sql<boolean>`abs(longitude - ${alarm.longitude}) < 0.0052 and abs(latitude - ${alarm.latitude}) < 0.0045`)
            // Which 20: by kind, then id (the order SQLite's index gave them in; PostgreSQL needs it said).
            .orderBy(byteOrder(this.db, 'kind'))
            .orderBy('device_id')
            .limit(20)
            .execute();
    return {
      alarm,
      nearbyDevices: nearby.map((device) => ({
        deviceId: device.device_id,
        deviceName: device.name,
        kind: device.kind,
        online: device.online === 1,
        longitude: device.longitude,
        latitude: device.latitude,
      })),
    };
  }
}
