import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql, type Transaction } from 'kysely';
import {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_ACTION_LABELS,
  WORK_ORDER_CATEGORY_LABELS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_SLA_HOURS,
  WORK_ORDER_SOURCE_LABELS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_TRANSITIONS,
  type AlarmWorkOrderBody,
  type CreateWorkOrderBody,
  type WorkOrderAction,
  type WorkOrderAssignees,
  type WorkOrderCategory,
  type WorkOrderDetail,
  type WorkOrderEvent,
  type WorkOrderLinkedFault,
  type WorkOrderPhoto,
  type WorkOrderPriority,
  type WorkOrderQuery,
  type WorkOrderRow,
  type WorkOrderSource,
  type WorkOrderStats,
  type WorkOrderStatus,
  WORK_ORDER_PUSH_EVENT,
  type WorkOrderChangeAction,
  type WorkOrderChanged,
} from '../../contracts/workOrders';
import { FAULT_CAUSE_LABELS, FAULT_STATUS_LABELS, type FaultCause, type FaultStatus } from '../../contracts/operations';
import { workOrderPushTopic } from '../../contracts/push';
import type { AlarmService } from '../alarms/AlarmService';
import { dialectOf, type Database, type Db } from '../db/Database';
import { containsText } from '../db/text';
import { AppError, badRequest } from '../envelope';
import { bucketOf, DAY_MS, shanghaiDayStart } from '../stats/periods';
import type { PushPublisher } from '../push/PushPublisher';
import { shanghaiDay, type OrderCounters } from './OrderCounters';
import { detectPhotoType, MAX_PHOTO_BYTES, PHOTO_EXTENSIONS, PHOTO_TYPES, type PhotoType } from './photos';

/** The counter type of work-order numbers (order_counters.type). */
export const WORK_ORDER_COUNTER = 'workOrder';
const HOUR_MS = 3_600_000;
/**
 * How long a tenant's statistics may be served from memory. Every change drops them at once (this
 * instance's directly, another instance's through its push); this bounds how stale they get through
 * time alone (the overdue count).
 */
export const STATS_CACHE_MS = 10_000;
/** Photos an order may hold. */
export const MAX_PHOTOS_PER_ORDER = 50;
const ALARM_PRIORITY: Record<string, WorkOrderPriority> = {
  ALARM_GRADE_HIGH: 'URGENT',
  ALARM_GRADE_MEDIUM: 'HIGH',
  ALARM_GRADE_LOW: 'NORMAL',
};

export interface WorkOrderFilter extends Omit<WorkOrderQuery, 'pageNum' | 'pageSize'> {
  tenantId: number;
  pageNum: number;
  pageSize: number;
}

type OrderRecord = Database['work_orders'] & { order_id: number };

/** Where committed changes are announced (PushHub in the server); a failed push never undoes a change. */
export interface WorkOrderPushOptions {
  push?: {
    publish: PushPublisher['publish'];
    /** The tenant's pushes as its sockets get them, from every instance of a cluster (PushHub.subscribe). */
    subscribe?(tenantId: number, listener: (message: { eventType: string }) => void): () => void;
  };
  onPushError?: (error: unknown) => void;
}
type Executor = Db | Transaction<Database>;

const label = (status: string) => WORK_ORDER_STATUS_LABELS[status as WorkOrderStatus] ?? status;
const notFound = (orderId: number) => new AppError(404, `工单不存在：${orderId}`);

/**
 * Work orders of a tenant (tables work_orders, work_order_events, work_order_photos; files under
 * DATA_DIR/workorders/<tenant>/<order>/<photo>.<ext>). Statuses move only along
 * WORK_ORDER_TRANSITIONS (contracts/workOrders.ts): anything else is refused with 409 naming the
 * current status and the action, and nothing changes. Every change is written with its audit event in
 * one transaction; the update names the status it was read in, so a concurrent change is refused too.
 * Numbers (GD-yyyymmdd-nnnn) come from OrderCounters in the transaction that stores the order.
 */
export class WorkOrderService {
  private readonly root: string;
  /** The statistics per tenant and period (`days`), with when they were read; dropped on any change of the tenant. */
  private readonly statsCache = new Map<number, Map<number, { at: number; stats: Promise<WorkOrderStats> }>>();
  /** Tenants whose WORK_ORDER pushes (any instance's) drop their cached statistics. */
  private readonly watchedTenants = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly counters: OrderCounters,
    private readonly alarms: AlarmService,
    dataDir: string,
    private readonly now: () => number,
    private readonly pushOptions: WorkOrderPushOptions = {},
  ) {
    this.root = join(dataDir, 'workorders');
  }

  /**
   * Tells the tenant's open screens (WORK_ORDER, topic workOrder.changed) that an order changed; called
   * only after the change committed, so a refused or rolled-back change is never announced.
   */
  private async announce(
    tenantId: number,
    order: { orderId: number; orderNo: string; status: WorkOrderStatus; alarmId: number | null },
    action: WorkOrderChangeAction,
    userId: number | null,
    time: number,
  ): Promise<void> {
    this.statsCache.delete(tenantId);
    const { push, onPushError } = this.pushOptions;
    if (!push) return;
    const data: WorkOrderChanged = {
      orderId: order.orderId,
      orderNo: order.orderNo,
      action,
      actionName: WORK_ORDER_ACTION_LABELS[action],
      status: order.status,
      statusName: label(order.status),
      alarmId: order.alarmId,
      userId,
      time,
    };
    try {
      await push.publish(tenantId, workOrderPushTopic, data);
    } catch (error) {
      onPushError?.(error);
    }
  }

  // ---- reading ---------------------------------------------------------------------------------

  private selectRows(executor: Executor = this.db) {
    return executor
      .selectFrom('work_orders as w')
      .leftJoin('users as au', 'au.user_id', 'w.assignee_user_id')
      .leftJoin('teams as t', 't.team_id', 'w.assignee_team_id')
      .leftJoin('users as cu', 'cu.user_id', 'w.created_by')
      .leftJoin('devices as d', 'd.device_id', 'w.device_id')
      .selectAll('w')
      .select([
        'au.nick_name as assignee_user_name',
        't.name as assignee_team_name',
        'cu.nick_name as created_by_name',
        'd.name as device_name',
      ]);
  }

  private toRow(
    row: Database['work_orders'] & {
      assignee_user_name: string | null;
      assignee_team_name: string | null;
      created_by_name: string | null;
      device_name: string | null;
    },
  ): WorkOrderRow {
    const status = row.status as WorkOrderStatus;
    const at = this.now();
    return {
      orderId: Number(row.order_id),
      orderNo: row.order_no,
      title: row.title,
      description: row.description,
      category: row.category as WorkOrderCategory,
      categoryName: WORK_ORDER_CATEGORY_LABELS[row.category as WorkOrderCategory] ?? row.category,
      priority: row.priority as WorkOrderPriority,
      priorityName: WORK_ORDER_PRIORITY_LABELS[row.priority as WorkOrderPriority] ?? row.priority,
      status,
      statusName: label(status),
      source: row.source as WorkOrderSource,
      sourceName: WORK_ORDER_SOURCE_LABELS[row.source as WorkOrderSource] ?? row.source,
      alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
      deviceId: row.device_id,
      deviceName: row.device_name,
      assigneeUserId: row.assignee_user_id,
      assigneeUserName: row.assignee_user_name,
      assigneeTeamId: row.assignee_team_id === null ? null : Number(row.assignee_team_id),
      assigneeTeamName: row.assignee_team_name,
      createdBy: row.created_by,
      createdByName: row.created_by_name ?? '系统',
      dueAt: row.due_at,
      overdue: OPEN_WORK_ORDER_STATUSES.includes(status) && row.due_at < at,
      escalatedAt: row.escalated_at,
      closedAt: row.closed_at,
      result: row.result,
      createTime: row.created_at,
      updateTime: row.updated_at,
    };
  }

  /** The stored row of the tenant's order; another tenant's reads as missing (404). */
  private async record(tenantId: number, orderId: number, executor: Executor = this.db): Promise<OrderRecord> {
    const row = await executor
      .selectFrom('work_orders')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw notFound(orderId);
    return { ...row, order_id: Number(row.order_id) };
  }

  async get(tenantId: number, orderId: number): Promise<WorkOrderRow> {
    const row = await this.selectRows().where('w.order_id', '=', orderId).where('w.tenant_id', '=', tenantId).executeTakeFirst();
    if (!row) throw notFound(orderId);
    return this.toRow(row);
  }

  async list(filter: WorkOrderFilter): Promise<{ rows: WorkOrderRow[]; total: number }> {
    const at = this.now();
    let base = this.db.selectFrom('work_orders as w').where('w.tenant_id', '=', filter.tenantId);
    if (filter.status) base = base.where('w.status', '=', filter.status);
    if (filter.priority) base = base.where('w.priority', '=', filter.priority);
    if (filter.category) base = base.where('w.category', '=', filter.category);
    if (filter.source) base = base.where('w.source', '=', filter.source);
    if (filter.assigneeUserId) base = base.where('w.assignee_user_id', '=', filter.assigneeUserId);
    if (filter.assigneeTeamId) base = base.where('w.assignee_team_id', '=', filter.assigneeTeamId);
    if (filter.alarmId) base = base.where('w.alarm_id', '=', filter.alarmId);
    if (filter.deviceId) base = base.where('w.device_id', '=', filter.deviceId);
    if (filter.beginTime !== undefined) base = base.where('w.created_at', '>=', filter.beginTime);
    if (filter.endTime !== undefined) base = base.where('w.created_at', '<=', filter.endTime);
    if (filter.dueBegin !== undefined) base = base.where('w.due_at', '>=', filter.dueBegin);
    if (filter.dueEnd !== undefined) base = base.where('w.due_at', '<=', filter.dueEnd);
    if (filter.overdue === '1') base = base.where('w.status', 'in', [...OPEN_WORK_ORDER_STATUSES]).where('w.due_at', '<', at);
    if (filter.overdue === '0')
      base = base.where((eb) => eb.or([eb('w.status', 'not in', [...OPEN_WORK_ORDER_STATUSES]), eb('w.due_at', '>=', at)]));
    if (filter.escalated === '1') base = base.where('w.escalated_at', 'is not', null);
    if (filter.escalated === '0') base = base.where('w.escalated_at', 'is', null);
    if (filter.keyword) {
      const keyword = filter.keyword;
      // What looks like an order number (GD-2026…) is looked for in the numbers only. Numbers are
      // GD-<digits>-<digits>, so one holding GD-… holds it at its start: a range of the number index
      // finds them (migration 014), the exact test stays.
      if (/^GD-[\d-]*$/i.test(keyword)) {
        const prefix = keyword.toUpperCase();
        const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
        const number = dialectOf(this.db) === 'postgres' ? sql<string>`w.order_no collate "C"` : sql<string>`w.order_no`;
        base = base
          .where(sql<boolean>`${number} >= ${prefix} and ${number} < ${after}`)
          .where(containsText(this.db, 'w.order_no', keyword));
      } else if (/^GD-?\d/i.test(keyword)) {
        base = base.where(containsText(this.db, 'w.order_no', keyword));
      } else if (/[^A-Za-z0-9-]/.test(keyword)) {
        // Numbers hold only letters, digits and '-': a keyword with anything else is a title's.
        base = base.where(this.titleContains(keyword));
      } else {
        base = base.where(sql<boolean>`(${containsText(this.db, 'w.title', keyword)} or ${containsText(this.db, 'w.order_no', keyword)})`);
      }
    }
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst())?.count ?? 0);
    if (total === 0) return { rows: [], total };
    const page = await base
      .select('w.order_id')
      .orderBy('w.created_at', 'desc')
      .orderBy('w.order_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    if (page.length === 0) return { rows: [], total };
    const ids = page.map((row) => Number(row.order_id));
    const rows = await this.selectRows().where('w.tenant_id', '=', filter.tenantId).where('w.order_id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [Number(row.order_id), this.toRow(row)]));
    return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total };
  }

  /**
   * The title holds the keyword. Without ASCII letters there is no case to fold, so a plain substring
   * search (instr / strpos) answers exactly what containsText's LIKE would, several times faster.
   */
  private titleContains(keyword: string) {
    if (/[A-Za-z]/.test(keyword)) return containsText(this.db, 'w.title', keyword);
    return dialectOf(this.db) === 'postgres' ? sql<boolean>`strpos(w.title, ${keyword}) > 0` : sql<boolean>`instr(w.title, ${keyword}) > 0`;
  }

  async detail(tenantId: number, orderId: number): Promise<WorkOrderDetail> {
    const order = await this.get(tenantId, orderId);
    const [events, photos] = await Promise.all([
      this.db
        .selectFrom('work_order_events as e')
        .leftJoin('users as u', 'u.user_id', 'e.user_id')
        .select(['e.id', 'e.at', 'e.action', 'e.from_status', 'e.to_status', 'e.note', 'e.user_id', 'u.nick_name'])
        .where('e.order_id', '=', orderId)
        .where('e.tenant_id', '=', tenantId)
        .orderBy('e.id')
        .execute(),
      this.db
        .selectFrom('work_order_photos')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('tenant_id', '=', tenantId)
        .orderBy('photo_id')
        .execute(),
    ]);
    const photoList: WorkOrderPhoto[] = photos.map((photo) => ({
      photoId: Number(photo.photo_id),
      mime: photo.mime as PhotoType,
      size: photo.size,
      eventId: photo.event_id === null ? null : Number(photo.event_id),
      userId: photo.user_id,
      createTime: photo.created_at,
      url: `/workOrder/photo/file?id=${Number(photo.photo_id)}`,
    }));
    const eventList: WorkOrderEvent[] = events.map((event) => ({
      id: Number(event.id),
      time: event.at,
      action: event.action,
      actionName: WORK_ORDER_ACTION_LABELS[event.action as WorkOrderAction] ?? event.action,
      fromStatus: event.from_status as WorkOrderStatus | null,
      toStatus: event.to_status as WorkOrderStatus | null,
      note: event.note,
      userId: event.user_id,
      userName: event.nick_name ?? '系统',
      photoIds: photoList.filter((photo) => photo.eventId === Number(event.id)).map((photo) => photo.photoId),
    }));
    const alarm = order.alarmId === null ? null : await this.alarms.get(tenantId, order.alarmId).catch(() => null);
    return { ...order, events: eventList, photos: photoList, alarm, fault: await this.linkedFault(tenantId, orderId) };
  }

  /** The device fault that points to the order (设备运维's 转工单), the latest if several; null without one. */
  private async linkedFault(tenantId: number, orderId: number): Promise<WorkOrderLinkedFault | null> {
    const row = await this.db
      .selectFrom('operation_faults as f')
      .leftJoin('devices as d', 'd.device_id', 'f.device_id')
      .select(['f.fault_id', 'f.device_id', 'd.name as device_name', 'f.cause', 'f.status', 'f.detail', 'f.opened_at', 'f.closed_at'])
      .where('f.work_order_id', '=', orderId)
      .where('f.tenant_id', '=', tenantId)
      .orderBy('f.fault_id', 'desc')
      .executeTakeFirst();
    if (!row) return null;
    return {
      faultId: Number(row.fault_id),
      deviceId: row.device_id,
      deviceName: row.device_name ?? `设备 ${row.device_id}`,
      cause: row.cause,
      causeName: FAULT_CAUSE_LABELS[row.cause as FaultCause] ?? row.cause,
      status: row.status,
      statusName: FAULT_STATUS_LABELS[row.status as FaultStatus] ?? row.status,
      detail: row.detail,
      openedAt: row.opened_at,
      closedAt: row.closed_at,
    };
  }

  /** The work orders raised from an alarm of the tenant, oldest first (404 for another tenant's alarm). */
  async forAlarm(tenantId: number, alarmId: number): Promise<WorkOrderRow[]> {
    await this.alarms.get(tenantId, alarmId);
    const rows = await this.selectRows()
      .where('w.tenant_id', '=', tenantId)
      .where('w.alarm_id', '=', alarmId)
      .orderBy('w.order_id')
      .execute();
    return rows.map((row) => this.toRow(row));
  }

  async assignees(tenantId: number): Promise<WorkOrderAssignees> {
    const [users, teams] = await Promise.all([
      this.db
        .selectFrom('user_tenants as ut')
        .innerJoin('users as u', 'u.user_id', 'ut.user_id')
        .select(['u.user_id', 'u.nick_name'])
        .where('ut.tenant_id', '=', tenantId)
        .orderBy('u.user_id')
        .execute(),
      this.db.selectFrom('teams').select(['team_id', 'name', 'duty']).where('tenant_id', '=', tenantId).orderBy('team_id').execute(),
    ]);
    return {
      users: users.map((user) => ({ userId: user.user_id, nickName: user.nick_name })),
      teams: teams.map((team) => ({ teamId: Number(team.team_id), name: team.name, duty: team.duty })),
    };
  }

  // ---- creating --------------------------------------------------------------------------------

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
      await this.event(trx, { orderId: id, tenantId, at, userId, action: 'create', from: null, to: 'PENDING', note: '' });
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
    const created = await this.get(tenantId, orderId);
    await this.announce(tenantId, created, 'create', userId, at);
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

  // ---- the state machine -----------------------------------------------------------------------

  async assign(
    tenantId: number,
    userId: number,
    input: { orderId: number; userId?: number; teamId?: number; note: string },
  ): Promise<WorkOrderRow> {
    const order = await this.record(tenantId, input.orderId);
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
    const order = await this.record(tenantId, orderId);
    this.allowed(order, 'accept');
    return this.change(order, userId, 'accept', note, {});
  }

  async progress(tenantId: number, userId: number | null, orderId: number, note: string, photoIds: number[] = []): Promise<WorkOrderRow> {
    const order = await this.record(tenantId, orderId);
    this.allowed(order, 'progress');
    if (!note) throw badRequest('请填写进展说明');
    await this.checkPhotos(order, photoIds);
    return this.change(order, userId, 'progress', note, {}, photoIds);
  }

  async close(tenantId: number, userId: number, orderId: number, result: string, photoIds: number[] = []): Promise<WorkOrderRow> {
    const order = await this.record(tenantId, orderId);
    this.allowed(order, 'close');
    if (!result) throw badRequest('请填写处理结果');
    await this.checkPhotos(order, photoIds);
    return this.change(order, userId, 'close', result, { closed_at: this.now(), result: result.slice(0, 1000) }, photoIds);
  }

  async reopen(tenantId: number, userId: number, orderId: number, note: string): Promise<WorkOrderRow> {
    const order = await this.record(tenantId, orderId);
    this.allowed(order, 'reopen');
    if (!note) throw badRequest('请填写重新打开的原因');
    return this.change(order, userId, 'reopen', note, { closed_at: null, result: '' });
  }

  async cancel(tenantId: number, userId: number, orderId: number, note: string): Promise<WorkOrderRow> {
    const order = await this.record(tenantId, orderId);
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
      const eventId = await this.event(trx, {
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
    const changed = await this.get(order.tenant_id, order.order_id);
    await this.announce(order.tenant_id, changed, action, userId, at);
    return changed;
  }

  private async event(
    trx: Executor,
    entry: {
      orderId: number;
      tenantId: number;
      at: number;
      userId: number | null;
      action: string;
      from: string | null;
      to: string | null;
      note: string;
    },
  ): Promise<number> {
    const { id } = await trx
      .insertInto('work_order_events')
      .values({
        id: undefined,
        order_id: entry.orderId,
        tenant_id: entry.tenantId,
        at: entry.at,
        user_id: entry.userId,
        action: entry.action,
        from_status: entry.from,
        to_status: entry.to,
        note: entry.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
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

  // ---- photos ----------------------------------------------------------------------------------

  /**
   * Stores a photo of an order in progress (the bytes' own type: JPEG, PNG or WebP, ≤ 5 MB; a declared
   * image type must match). Refused with nothing stored, no row and no file, otherwise.
   */
  async storePhoto(
    tenantId: number,
    userId: number,
    orderId: number,
    bytes: Buffer,
    declared: string | undefined,
  ): Promise<WorkOrderPhoto> {
    const order = await this.record(tenantId, orderId);
    if (order.status !== 'PROCESSING')
      throw new AppError(409, `工单 ${order.order_no} 当前状态为「${label(order.status)}」，不能上传照片（仅「处理中」时可以上传照片）`);
    if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, '照片不能超过 5 MB');
    const mime = detectPhotoType(bytes);
    if (!mime) throw badRequest('照片必须是 JPEG、PNG 或 WebP 图片');
    if (declared && (PHOTO_TYPES as readonly string[]).includes(declared) && declared !== mime)
      throw badRequest(`照片内容是 ${mime}，与声明的类型 ${declared} 不符`);
    const count = await this.db
      .selectFrom('work_order_photos')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('order_id', '=', order.order_id)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (Number(count?.count ?? 0) >= MAX_PHOTOS_PER_ORDER) throw badRequest(`一个工单最多上传 ${MAX_PHOTOS_PER_ORDER} 张照片`);
    const at = this.now();
    let written: string | undefined;
    try {
      const photoId = await this.db.transaction().execute(async (trx) => {
        const { photo_id } = await trx
          .insertInto('work_order_photos')
          .values({
            photo_id: undefined,
            order_id: order.order_id,
            tenant_id: tenantId,
            event_id: null,
            user_id: userId,
            file: '',
            mime,
            size: bytes.length,
            created_at: at,
          })
          .returning('photo_id')
          .executeTakeFirstOrThrow();
        const id = Number(photo_id);
        const file = `${tenantId}/${order.order_id}/${id}.${PHOTO_EXTENSIONS[mime]}`;
        await trx.updateTable('work_order_photos').set({ file }).where('photo_id', '=', id).execute();
        await this.event(trx, {
          orderId: order.order_id,
          tenantId,
          at,
          userId,
          action: 'photo',
          from: null,
          to: null,
          note: `照片 ${id}（${Math.ceil(bytes.length / 1024)} KB）`,
        });
        await trx.updateTable('work_orders').set({ updated_at: at }).where('order_id', '=', order.order_id).execute();
        written = join(this.root, file);
        await mkdir(dirname(written), { recursive: true });
        await writeFile(written, bytes);
        return id;
      });
      await this.announce(
        tenantId,
        {
          orderId: order.order_id,
          orderNo: order.order_no,
          status: order.status as WorkOrderStatus,
          alarmId: order.alarm_id === null ? null : Number(order.alarm_id),
        },
        'photo',
        userId,
        at,
      );
      return { photoId, mime, size: bytes.length, eventId: null, userId, createTime: at, url: `/workOrder/photo/file?id=${photoId}` };
    } catch (error) {
      // The commit failed after the write: no row names the file, so it goes too.
      if (written) await rm(written, { force: true });
      throw error;
    }
  }

  /** A photo's bytes and type; another tenant's reads exactly like one that does not exist. */
  async photoFile(tenantId: number, photoId: number): Promise<{ bytes: Buffer; mime: string }> {
    const row = await this.db
      .selectFrom('work_order_photos')
      .select(['file', 'mime'])
      .where('photo_id', '=', photoId)
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (!row || !/^\d+\/\d+\/\d+\.(jpg|png|webp)$/.test(row.file)) throw new AppError(404, '照片不存在');
    try {
      return { bytes: await readFile(join(this.root, row.file)), mime: row.mime };
    } catch {
      throw new AppError(404, '照片文件已丢失');
    }
  }

  // ---- SLA ---------------------------------------------------------------------------------------

  /**
   * Marks every open order past its due time (every tenant) escalated, once, with an audit event by
   * the system. Run by the leader (an IntervalJob in createServer); returns how many it marked.
   */
  async escalateOverdue(): Promise<number> {
    const at = this.now();
    const due = await this.db
      .selectFrom('work_orders')
      .select(['order_id', 'order_no', 'tenant_id', 'status', 'due_at', 'alarm_id'])
      .where('status', 'in', [...OPEN_WORK_ORDER_STATUSES])
      .where('due_at', '<', at)
      .where('escalated_at', 'is', null)
      .orderBy('order_id')
      .limit(1000)
      .execute();
    let marked = 0;
    for (const order of due) {
      const orderId = Number(order.order_id);
      const done = await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('work_orders')
          .set({ escalated_at: at, updated_at: at })
          .where('order_id', '=', orderId)
          .where('escalated_at', 'is', null)
          .where('status', 'in', [...OPEN_WORK_ORDER_STATUSES])
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        const late = Math.max(1, Math.round((at - order.due_at) / 60_000));
        await this.event(trx, {
          orderId,
          tenantId: order.tenant_id,
          at,
          userId: null,
          action: 'escalate',
          from: order.status,
          to: order.status,
          note: `已超过处理时限 ${late} 分钟，自动升级`,
        });
        return true;
      });
      if (done) {
        marked++;
        await this.announce(
          order.tenant_id,
          {
            orderId,
            orderNo: order.order_no,
            status: order.status as WorkOrderStatus,
            alarmId: order.alarm_id === null ? null : Number(order.alarm_id),
          },
          'escalate',
          null,
          at,
        );
      }
    }
    return marked;
  }

  /** The tenant's statistics, computed at most once per STATS_CACHE_MS unless an order of the tenant changes. */
  stats(tenantId: number, days: number): Promise<WorkOrderStats> {
    const at = this.now();
    this.watch(tenantId);
    const tenant = this.statsCache.get(tenantId) ?? new Map<number, { at: number; stats: Promise<WorkOrderStats> }>();
    this.statsCache.set(tenantId, tenant);
    const cached = tenant.get(days);
    if (cached && at - cached.at < STATS_CACHE_MS && at >= cached.at) return cached.stats;
    const stats = this.computeStats(tenantId, days, at);
    tenant.set(days, { at, stats });
    // A failed read is not kept.
    stats.catch(() => tenant.get(days)?.stats === stats && tenant.delete(days));
    return stats;
  }

  /** Another instance's change reaches this one as the tenant's push: its statistics go then too. */
  private watch(tenantId: number): void {
    const subscribe = this.pushOptions.push?.subscribe;
    if (!subscribe || this.watchedTenants.has(tenantId)) return;
    this.watchedTenants.add(tenantId);
    subscribe.call(this.pushOptions.push, tenantId, (message) => {
      if (message.eventType === WORK_ORDER_PUSH_EVENT) this.statsCache.delete(tenantId);
    });
  }

  private async computeStats(tenantId: number, days: number, at: number): Promise<WorkOrderStats> {
    const start = shanghaiDayStart(at) - (days - 1) * DAY_MS;
    const open = [...OPEN_WORK_ORDER_STATUSES];
    const [groups, overdue, escalated, sla, created, closed] = await Promise.all([
      this.db
        .selectFrom('work_orders')
        .select(['status', 'priority', (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .groupBy(['status', 'priority'])
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', open)
        .where('due_at', '<', at)
        .executeTakeFirst(),
      this.db
        .selectFrom('work_orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenant_id', '=', tenantId)
        .where('status', 'in', open)
        .where('escalated_at', 'is not', null)
        .executeTakeFirst(),
      // closed_at is set while 已完成 only (reopening clears it).
      this.db
        .selectFrom('work_orders')
        .select([
          sql<number>`coalesce(sum(case when closed_at <= due_at then 1 else 0 end), 0)`.as('met'),
          sql<number>`coalesce(sum(case when closed_at > due_at then 1 else 0 end), 0)`.as('missed'),
        ])
        .where('tenant_id', '=', tenantId)
        .where('closed_at', '>=', start)
        .executeTakeFirst(),
      this.db
        .selectFrom('work_orders')
        .select([bucketOf('created_at', 'day').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('created_at', '>=', start)
        .groupBy(sql`1`)
        .execute(),
      this.db
        .selectFrom('work_orders')
        .select([bucketOf('closed_at', 'day').as('day'), (eb) => eb.fn.countAll<number>().as('count')])
        .where('tenant_id', '=', tenantId)
        .where('closed_at', '>=', start)
        .groupBy(sql`1`)
        .execute(),
    ]);
    const byStatus = Object.fromEntries(WORK_ORDER_STATUSES.map((status) => [status, 0])) as Record<WorkOrderStatus, number>;
    const byPriority = Object.fromEntries(WORK_ORDER_PRIORITIES.map((priority) => [priority, 0])) as Record<WorkOrderPriority, number>;
    let total = 0;
    for (const row of groups) {
      const count = Number(row.count);
      total += count;
      if (row.status in byStatus) byStatus[row.status as WorkOrderStatus] += count;
      if (row.priority in byPriority) byPriority[row.priority as WorkOrderPriority] += count;
    }
    const createdByDay = new Map(created.map((row) => [Number(row.day), Number(row.count)]));
    const closedByDay = new Map(closed.map((row) => [Number(row.day), Number(row.count)]));
    const met = Number(sla?.met ?? 0);
    const missed = Number(sla?.missed ?? 0);
    return {
      total,
      byStatus,
      byPriority,
      open: open.reduce((sum, status) => sum + byStatus[status], 0),
      overdue: Number(overdue?.count ?? 0),
      escalated: Number(escalated?.count ?? 0),
      slaMet: met,
      slaMissed: missed,
      slaRate: met + missed === 0 ? null : met / (met + missed),
      createdToday: createdByDay.get(shanghaiDayStart(at)) ?? 0,
      perDay: Array.from({ length: days }, (_, index) => {
        const day = start + index * DAY_MS;
        return { day, created: createdByDay.get(day) ?? 0, closed: closedByDay.get(day) ?? 0 };
      }),
    };
  }
}
