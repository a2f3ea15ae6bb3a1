import {
  WORK_ORDER_ACTION_LABELS,
  WORK_ORDER_SLA_HOURS,
  WORK_ORDER_TRANSITIONS,
  type AlarmWorkOrderBody,
  type CreateWorkOrderBody,
  type WorkOrderAction,
  type WorkOrderCategory,
  type WorkOrderPriority,
  type WorkOrderRow,
  type WorkOrderSource,
  type WorkOrderStatus,
} from '../../contracts/workOrders';
import type { AlarmService } from '../alarms/AlarmService';
import type { Database, Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { shanghaiDay, type OrderCounters } from './OrderCounters';
import type { WorkOrderAnnouncer } from './WorkOrderAnnouncer';
import type { WorkOrderQueries } from './WorkOrderQueries';
import { orderRecord, statusLabel as label, writeOrderEvent, type OrderRecord } from './workOrderRecords';

/** The counter type of work-order numbers (order_counters.type). */
export const WORK_ORDER_COUNTER = 'workOrder';
const HOUR_MS = 3_600_000;
const ALARM_PRIORITY: Record<string, WorkOrderPriority> = {
  ALARM_GRADE_HIGH: 'URGENT',
  ALARM_GRADE_MEDIUM: 'HIGH',
  ALARM_GRADE_LOW: 'NORMAL',
};

/**
 * Creating work orders and moving them through their states. Statuses move only along
 * WORK_ORDER_TRANSITIONS (contracts/workOrders.ts): anything else is refused with 409 naming the
 * current status and the action, and nothing changes. Every change is written with its audit event in
 * one transaction; the update names the status it was read in, so a concurrent change is refused too.
 * Numbers (GD-yyyymmdd-nnnn) come from OrderCounters in the transaction that stores the order.
 */
export class WorkOrderActions {
  constructor(
    private readonly db: Db,
    private readonly counters: OrderCounters,
    private readonly alarms: Pick<AlarmService, 'get'>,
    private readonly queries: WorkOrderQueries,
    private readonly announcer: WorkOrderAnnouncer,
    private readonly now: () => number,
  ) {}

  async create(tenantId: number, userId: number, body: CreateWorkOrderBody): Promise<WorkOrderRow> {
    const title = body.title.trim();
    if (!title) throw badRequest('请输入工单标题');
    const at = this.now();
    if (body.dueAt !== undefined && body.dueAt <= at) throw badRequest('截止时间必须晚于当前时间');
    let source: WorkOrderSource = 'manual';
    let deviceId: number | null = null;
    let alarmId: number | null = null;
    let defaultPriority: WorkOrderPriority = 'NORMAL';
    if (body.alarmId !== undefined) {
      const alarm = await this.alarms.get(tenantId, body.alarmId);
      if (body.deviceId !== undefined && body.deviceId !== alarm.deviceId)
        throw badRequest(`设备 ${body.deviceId} 不是告警 ${alarm.alarmId} 的设备`);
      source = 'alarm';
      alarmId = alarm.alarmId;
      deviceId = alarm.deviceId;
      defaultPriority = ALARM_PRIORITY[alarm.grade] ?? 'NORMAL';
    } else if (body.deviceId !== undefined) {
      const device = await this.db
        .selectFrom('devices')
        .select('device_id')
        .where('device_id', '=', body.deviceId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!device) throw new AppError(404, `设备不存在：${body.deviceId}`);
      source = 'device';
      deviceId = device.device_id;
    }
    const priority = body.priority ?? defaultPriority;
    const category: WorkOrderCategory = body.category ?? (source === 'alarm' ? 'ALARM' : source === 'device' ? 'REPAIR' : 'OTHER');
    const dueAt = body.dueAt ?? at + WORK_ORDER_SLA_HOURS[priority] * HOUR_MS;
    const orderId = await this.db.transaction().execute(async (trx) => {
      const day = shanghaiDay(at);
      const number = await this.counters.next(tenantId, WORK_ORDER_COUNTER, day, trx);
      const orderNo = `GD-${day}-${String(number).padStart(4, '0')}`;
      const { order_id } = await trx
        .insertInto('work_orders')
        .values({
          order_id: undefined,
          tenant_id: tenantId,
          order_no: orderNo,
          title: title.slice(0, 100),
          description: (body.description ?? '').trim().slice(0, 1000),
          category,
          priority,
          status: 'PENDING',
          source,
          alarm_id: alarmId,
          device_id: deviceId,
          assignee_user_id: null,
          assignee_team_id: null,
          created_by: userId,
          due_at: dueAt,
          escalated_at: null,
          closed_at: null,
          result: '',
          created_at: at,
          updated_at: at,
        })
        .returning('order_id')
        .executeTakeFirstOrThrow();
      const id = Number(order_id);
      await writeOrderEvent(trx, { orderId: id, tenantId, at, userId, action: 'create', from: null, to: 'PENDING', note: '' });
      // The alarm's history shows the work orders raised from it.
      if (alarmId !== null) {
        await trx
          .insertInto('alarm_history')
          .values({
            id: undefined,
            alarm_id: alarmId,
            at,
            user_id: userId,
            action: 'workOrder',
            from_status: null,
            to_status: null,
            comment: `已创建工单 ${orderNo}`,
          })
          .execute();
      }
      return id;
    });
    const created = await this.queries.get(tenantId, orderId);
    await this.announcer.announce(tenantId, created, 'create', userId, at);
    return created;
  }

  /** A work order from an alarm: title, category and priority follow the alarm unless given. */
  async createFromAlarm(tenantId: number, userId: number, body: AlarmWorkOrderBody): Promise<WorkOrderRow> {
    const alarm = await this.alarms.get(tenantId, body.alarmId);
    const title = body.title?.trim() || `${alarm.alarmTypeName}：${alarm.alarmContent}`;
    return this.create(tenantId, userId, {
      title,
      description: body.description?.trim() || alarm.alarmDesc,
      alarmId: alarm.alarmId,
      ...(body.category ? { category: body.category } : {}),
      ...(body.priority ? { priority: body.priority } : {}),
      ...(body.dueAt !== undefined ? { dueAt: body.dueAt } : {}),
    });
  }

  async assign(
    tenantId: number,
    userId: number,
    input: { orderId: number; userId?: number; teamId?: number; note: string },
  ): Promise<WorkOrderRow> {
    const order = await orderRecord(this.db, tenantId, input.orderId);
    this.allowed(order, 'assign');
    if ((input.userId === undefined) === (input.teamId === undefined)) throw badRequest('请指定处理人或处理班组（二选一）');
    let name: string;
    if (input.userId !== undefined) {
      const member = await this.db
        .selectFrom('user_tenants as ut')
        .innerJoin('users as u', 'u.user_id', 'ut.user_id')
        .select('u.nick_name')
        .where('ut.user_id', '=', input.userId)
        .where('ut.tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!member) throw badRequest(`处理人不属于当前租户：${input.userId}`);
      name = member.nick_name;
    } else {
      const team = await this.db
        .selectFrom('teams')
        .select('name')
        .where('team_id', '=', input.teamId!)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!team) throw badRequest(`班组不存在：${input.teamId}`);
      name = team.name;
    }
    return this.change(order, userId, 'assign', input.note || `派发给 ${name}`, {
      assignee_user_id: input.userId ?? null,
      assignee_team_id: input.teamId ?? null,
    });
  }

  /** userId null: the field team itself (the field-work simulator), shown as 系统. */
  async accept(tenantId: number, userId: number | null, orderId: number, note: string): Promise<WorkOrderRow> {
    const order = await orderRecord(this.db, tenantId, orderId);
    this.allowed(order, 'accept');
    return this.change(order, userId, 'accept', note, {});
  }

  async progress(tenantId: number, userId: number | null, orderId: number, note: string, photoIds: number[] = []): Promise<WorkOrderRow> {
    const order = await orderRecord(this.db, tenantId, orderId);
    this.allowed(order, 'progress');
    if (!note) throw badRequest('请填写进展说明');
    await this.checkPhotos(order, photoIds);
    return this.change(order, userId, 'progress', note, {}, photoIds);
  }

  async close(tenantId: number, userId: number, orderId: number, result: string, photoIds: number[] = []): Promise<WorkOrderRow> {
    const order = await orderRecord(this.db, tenantId, orderId);
    this.allowed(order, 'close');
    if (!result) throw badRequest('请填写处理结果');
    await this.checkPhotos(order, photoIds);
    return this.change(order, userId, 'close', result, { closed_at: this.now(), result: result.slice(0, 1000) }, photoIds);
  }

  async reopen(tenantId: number, userId: number, orderId: number, note: string): Promise<WorkOrderRow> {
    const order = await orderRecord(this.db, tenantId, orderId);
    this.allowed(order, 'reopen');
    if (!note) throw badRequest('请填写重新打开的原因');
    return this.change(order, userId, 'reopen', note, { closed_at: null, result: '' });
  }

  async cancel(tenantId: number, userId: number, orderId: number, note: string): Promise<WorkOrderRow> {
    const order = await orderRecord(this.db, tenantId, orderId);
    this.allowed(order, 'cancel');
    if (!note) throw badRequest('请填写取消原因');
    return this.change(order, userId, 'cancel', note, {});
  }

  /** Refuses (409) an action the order's status does not allow, naming both. */
  private allowed(order: OrderRecord, action: WorkOrderAction): void {
    const rule = WORK_ORDER_TRANSITIONS[action];
    if (rule.from.includes(order.status as WorkOrderStatus)) return;
    const when = rule.from.map((status) => `「${label(status)}」`).join('或');
    throw new AppError(
      409,
      `工单 ${order.order_no} 当前状态为「${label(order.status)}」，不能${WORK_ORDER_ACTION_LABELS[action]}（仅${when}时可以${WORK_ORDER_ACTION_LABELS[action]}）`,
    );
  }

  /** The status change, its audit event and the photos attached to it, all or nothing. */
  private async change(
    order: OrderRecord,
    userId: number | null,
    action: WorkOrderAction,
    note: string,
    set: Partial<Database['work_orders']>,
    photoIds: number[] = [],
  ): Promise<WorkOrderRow> {
    const at = this.now();
    const to = WORK_ORDER_TRANSITIONS[action].to;
    await this.db.transaction().execute(async (trx) => {
      // The status read in the WHERE clause: a change made since (another operator, another instance) is refused.
      const updated = await trx
        .updateTable('work_orders')
        .set({ ...set, status: to, updated_at: at })
        .where('order_id', '=', order.order_id)
        .where('tenant_id', '=', order.tenant_id)
        .where('status', '=', order.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, `工单 ${order.order_no} 已被他人处理，请刷新后重试`);
      const eventId = await writeOrderEvent(trx, {
        orderId: order.order_id,
        tenantId: order.tenant_id,
        at,
        userId,
        action,
        from: order.status,
        to,
        note: note.slice(0, 1000),
      });
      if (photoIds.length) {
        const attached = await trx
          .updateTable('work_order_photos')
          .set({ event_id: eventId })
          .where('order_id', '=', order.order_id)
          .where('tenant_id', '=', order.tenant_id)
          .where('photo_id', 'in', photoIds)
          .where('event_id', 'is', null)
          .executeTakeFirst();
        if (Number(attached.numUpdatedRows) !== photoIds.length) throw new AppError(409, '照片已被附加到其他记录，请刷新后重试');
      }
    });
    const changed = await this.queries.get(order.tenant_id, order.order_id);
    await this.announcer.announce(order.tenant_id, changed, action, userId, at);
    return changed;
  }

  /** Photos named by a note or closing: uploaded to this order and not attached yet (400 otherwise). */
  private async checkPhotos(order: OrderRecord, photoIds: number[]): Promise<void> {
    if (!photoIds.length) return;
    if (new Set(photoIds).size !== photoIds.length) throw badRequest('照片编号不能重复');
    const rows = await this.db
      .selectFrom('work_order_photos')
      .select(['photo_id', 'event_id'])
      .where('order_id', '=', order.order_id)
      .where('tenant_id', '=', order.tenant_id)
      .where('photo_id', 'in', photoIds)
      .execute();
    for (const id of photoIds) {
      const row = rows.find((photo) => Number(photo.photo_id) === id);
      if (!row) throw badRequest(`照片 ${id} 不属于工单 ${order.order_no}`);
      if (row.event_id !== null) throw badRequest(`照片 ${id} 已附加到其他记录`);
    }
  }
}
