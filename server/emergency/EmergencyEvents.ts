import type { Transaction } from 'kysely';
import {
  EMERGENCY_DEFAULT_RADIUS,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_LEVEL_LABELS,
  EMERGENCY_LEVEL_OF_GRADE,
  OPEN_EMERGENCY_TASK_STATUSES,
  type AlarmEmergencyEventBody,
  type CreateEmergencyEventBody,
  type EmergencyEventDetail,
  type EmergencyKind,
  type EmergencyLevel,
} from '../../contracts/emergency';
import type { Alarm, AlarmService } from '../alarms/AlarmService';
import type { Database, Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import { AppError, badRequest } from '../envelope';
import type { EmergencyAnnouncer } from './EmergencyAnnouncer';
import { alarmLines, eventLabel, eventRecord, taskLabel, writeHistory, type EmergencyActor } from './emergencyRecords';
import { distanceMetres } from './geo';

/**
 * Opening and closing emergency events: by an operator, from an alarm, or by the system when an alarm
 * of an emergency type arrives (joining the nearest active event that covers it). Each change writes the
 * event's history and its alarms' history in one transaction and is announced after the commit.
 */
export class EmergencyEvents {
  constructor(
    private readonly db: Db,
    private readonly alarms: Pick<AlarmService, 'get' | 'appendHistory'>,
    private readonly announcer: EmergencyAnnouncer,
    private readonly now: () => number,
    /** Alarm code → the kind of event it opens, from the alarm plugins' manifests (`emergency.opensEvent`). */
    private readonly openingAlarms: ReadonlyMap<string, EmergencyKind>,
  ) {}

  async create(tenantId: number, userId: number, body: CreateEmergencyEventBody): Promise<EmergencyEventDetail> {
    const title = body.title.trim();
    if (!title) throw badRequest('请填写事件标题');
    const eventId = await this.db.transaction().execute((trx) =>
      this.insertEvent(
        trx,
        tenantId,
        { userId },
        {
          kind: body.kind,
          title,
          description: (body.description ?? '').trim(),
          level: body.level ?? 'MEDIUM',
          longitude: body.longitude,
          latitude: body.latitude,
          radius: body.radius ?? EMERGENCY_DEFAULT_RADIUS[body.kind],
          alarmId: null,
        },
      ),
    );
    return this.announcer.announceEvent(tenantId, eventId, 'open');
  }

  /** An operator opens an event from an alarm of the tenant (409 if the alarm already belongs to one). */
  async fromAlarm(tenantId: number, userId: number, body: AlarmEmergencyEventBody): Promise<EmergencyEventDetail> {
    const alarm = await this.alarms.get(tenantId, body.alarmId);
    if ((body.longitude === undefined) !== (body.latitude === undefined)) throw badRequest('经度和纬度须同时填写');
    const longitude = body.longitude ?? alarm.longitude;
    const latitude = body.latitude ?? alarm.latitude;
    if (longitude === null || latitude === null) throw badRequest(`告警 ${alarm.alarmId} 没有位置，请填写事件的经纬度`);
    const kind = body.kind ?? this.openingAlarms.get(alarm.alarmType) ?? 'OTHER';
    const title = body.title?.trim() || this.alarmTitle(alarm);
    const eventId = await lockedTransaction(this.db, `emergency-alarm-${tenantId}`, async (trx) => {
      const existing = await trx
        .selectFrom('emergency_event_alarms')
        .select('event_id')
        .where('alarm_id', '=', alarm.alarmId)
        .executeTakeFirst();
      if (existing) throw new AppError(409, `告警 ${alarm.alarmId} 已关联应急事件 ${Number(existing.event_id)}，不能再次启动应急事件`);
      return this.insertEvent(
        trx,
        tenantId,
        { userId },
        {
          kind,
          title,
          description: (body.description ?? '').trim() || alarm.alarmContent,
          level: EMERGENCY_LEVEL_OF_GRADE[alarm.grade] ?? 'MEDIUM',
          longitude,
          latitude,
          radius: body.radius ?? EMERGENCY_DEFAULT_RADIUS[kind],
          alarmId: alarm.alarmId,
        },
      );
    });
    return this.announcer.announceEvent(tenantId, eventId, 'open');
  }

  /**
   * AlarmService.onRaised: an alarm of a type that opens events (`openingAlarms`) with a position joins
   * the nearest active event of its kind whose radius covers it, else opens one (by the system). Alarms
   * without a position open nothing (there is nowhere to send anyone). Returns the event, if any.
   */
  async alarmRaised(alarm: Alarm, tenantId: number): Promise<EmergencyEventDetail | null> {
    const kind = this.openingAlarms.get(alarm.alarmType);
    if (!kind || alarm.longitude === null || alarm.latitude === null) return null;
    const { longitude, latitude } = alarm;
    const at = this.now();
    // One at a time per tenant: two alarms of one fire arriving together must not open two events.
    const outcome = await lockedTransaction(this.db, `emergency-alarm-${tenantId}`, async (trx) => {
      const active = await trx
        .selectFrom('emergency_events')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'ACTIVE')
        .where('kind', '=', kind)
        .execute();
      const nearest = active
        .map((event) => ({ event, distance: distanceMetres(Number(event.longitude), Number(event.latitude), longitude, latitude) }))
        .filter(({ event, distance }) => distance <= event.radius)
        .sort((a, b) => a.distance - b.distance)[0];
      if (!nearest) {
        const eventId = await this.insertEvent(
          trx,
          tenantId,
          { userId: null },
          {
            kind,
            title: this.alarmTitle(alarm),
            description: alarm.alarmContent,
            level: EMERGENCY_LEVEL_OF_GRADE[alarm.grade] ?? 'MEDIUM',
            longitude,
            latitude,
            radius: EMERGENCY_DEFAULT_RADIUS[kind],
            alarmId: alarm.alarmId,
          },
        );
        return { eventId, action: 'open' as const };
      }
      const event = { ...nearest.event, event_id: Number(nearest.event.event_id) };
      await trx
        .insertInto('emergency_event_alarms')
        .values({ event_id: event.event_id, alarm_id: alarm.alarmId, tenant_id: tenantId, joined_at: at })
        .execute();
      const note = `告警 ${alarm.alarmId}（${alarm.alarmTypeName}，距事件中心 ${Math.round(nearest.distance)} 米）并入本事件`;
      await writeHistory(trx, event, null, { userId: null }, at, 'join', null, null, null, note);
      await trx.updateTable('emergency_events').set({ updated_at: at }).where('event_id', '=', event.event_id).execute();
      // The joining alarm's own history says where it went; the event's alarms hear of the new one.
      await this.alarms.appendHistory(trx, [
        { alarmId: alarm.alarmId, at, userId: null, action: 'emergency', comment: `并入应急事件「${event.title}」` },
        ...(await alarmLines(trx, event.event_id, { userId: null }, at, note)).filter((line) => line.alarmId !== alarm.alarmId),
      ]);
      return { eventId: event.event_id, action: 'join' as const };
    });
    return this.announcer.announceEvent(tenantId, outcome.eventId, outcome.action);
  }

  private alarmTitle(alarm: Alarm): string {
    return `${alarm.alarmTypeName}：${alarm.deviceName || alarm.alarmContent}`.slice(0, 100);
  }

  private async insertEvent(
    trx: Transaction<Database>,
    tenantId: number,
    actor: EmergencyActor,
    input: {
      kind: EmergencyKind;
      title: string;
      description: string;
      level: EmergencyLevel;
      longitude: number;
      latitude: number;
      radius: number;
      alarmId: number | null;
    },
  ): Promise<number> {
    const at = this.now();
    const { event_id } = await trx
      .insertInto('emergency_events')
      .values({
        event_id: undefined,
        tenant_id: tenantId,
        kind: input.kind,
        title: input.title.slice(0, 100),
        description: input.description.slice(0, 1000),
        level: input.level,
        status: 'ACTIVE',
        longitude: input.longitude,
        latitude: input.latitude,
        radius: input.radius,
        alarm_id: input.alarmId,
        created_by: actor.userId,
        created_at: at,
        closed_by: null,
        closed_at: null,
        result: '',
        updated_at: at,
      })
      .returning('event_id')
      .executeTakeFirstOrThrow();
    const event = { event_id: Number(event_id), tenant_id: tenantId, title: input.title };
    if (input.alarmId !== null)
      await trx
        .insertInto('emergency_event_alarms')
        .values({ event_id: event.event_id, alarm_id: input.alarmId, tenant_id: tenantId, joined_at: at })
        .execute();
    const how =
      input.alarmId === null ? '人工启动' : actor.userId === null ? `告警 ${input.alarmId} 自动启动` : `由告警 ${input.alarmId} 启动`;
    const note = `${how}：${EMERGENCY_KIND_LABELS[input.kind]}，${EMERGENCY_LEVEL_LABELS[input.level]}，影响半径 ${input.radius} 米`;
    await writeHistory(trx, event, null, actor, at, 'open', null, 'ACTIVE', null, note);
    if (input.alarmId !== null)
      await this.alarms.appendHistory(trx, [
        {
          alarmId: input.alarmId,
          at,
          userId: actor.userId,
          action: 'emergency',
          comment: `启动应急事件「${event.title}」（${EMERGENCY_KIND_LABELS[input.kind]}，${EMERGENCY_LEVEL_LABELS[input.level]}）`,
        },
      ]);
    return event.event_id;
  }

  /** Closes an active event whose tasks are all finished or cancelled (409 naming the open ones otherwise). */
  async close(tenantId: number, userId: number, eventId: number, result: string): Promise<EmergencyEventDetail> {
    const summary = result.trim();
    const event = await eventRecord(this.db, tenantId, eventId);
    if (event.status !== 'ACTIVE')
      throw new AppError(
        409,
        `应急事件「${event.title}」当前状态为「${eventLabel(event.status)}」，不能结束事件（仅「处置中」时可以结束）`,
      );
    if (!summary) throw badRequest('请填写处置结果');
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('emergency_tasks')
        .select(['title', 'status'])
        .where('event_id', '=', eventId)
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', [...OPEN_EMERGENCY_TASK_STATUSES])
        .orderBy('task_id')
        .execute();
      if (open.length) {
        const named = open.map((task) => `${task.title}：${taskLabel(task.status)}`).join('、');
        throw new AppError(
          409,
          `应急事件「${event.title}」还有 ${open.length} 个任务未完成（${named}），不能结束事件；请先完成或取消这些任务`,
        );
      }
      const updated = await trx
        .updateTable('emergency_events')
        .set({ status: 'CLOSED', closed_by: userId, closed_at: at, result: summary.slice(0, 1000), updated_at: at })
        .where('event_id', '=', eventId)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'ACTIVE')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `应急事件「${event.title}」已被他人处理，请刷新后重试`);
      await writeHistory(trx, event, null, { userId }, at, 'close', 'ACTIVE', 'CLOSED', null, summary);
      await this.alarms.appendHistory(trx, await alarmLines(trx, eventId, { userId }, at, `应急事件结束：${summary}`));
    });
    return this.announcer.announceEvent(tenantId, eventId, 'close');
  }
}
