import { sql } from 'kysely';
import {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_ACTION_LABELS,
  type WorkOrderAction,
  type WorkOrderAssignees,
  type WorkOrderDetail,
  type WorkOrderEvent,
  type WorkOrderLinkedFault,
  type WorkOrderPhoto,
  type WorkOrderQuery,
  type WorkOrderRow,
  type WorkOrderStatus,
} from '../../contracts/workOrders';
import { FAULT_CAUSE_LABELS, FAULT_STATUS_LABELS, type FaultCause, type FaultStatus } from '../../contracts/operations';
import type { AlarmService } from '../alarms/AlarmService';
import { dialectOf, type Db } from '../db/Database';
import { containsText } from '../db/text';
import type { PhotoType } from './photos';
import { orderNotFound, selectRows, toRow } from './workOrderRecords';

export interface WorkOrderFilter extends Omit<WorkOrderQuery, 'pageNum' | 'pageSize'> {
  tenantId: number;
  pageNum: number;
  pageSize: number;
}

/** Reading a tenant's work orders: lists, details with their audit trail and photos, assignees (no writes). */
export class WorkOrderQueries {
  constructor(
    private readonly db: Db,
    private readonly alarms: Pick<AlarmService, 'get'>,
    private readonly now: () => number,
  ) {}

  async get(tenantId: number, orderId: number): Promise<WorkOrderRow> {
    const row = await selectRows(this.db).where('w.order_id', '=', orderId).where('w.tenant_id', '=', tenantId).executeTakeFirst();
    if (!row) throw orderNotFound(orderId);
    return toRow(row, this.now());
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
    const rows = await selectRows(this.db).where('w.tenant_id', '=', filter.tenantId).where('w.order_id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [Number(row.order_id), toRow(row, this.now())]));
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
    const rows = await selectRows(this.db)
      .where('w.tenant_id', '=', tenantId)
      .where('w.alarm_id', '=', alarmId)
      .orderBy('w.order_id')
      .execute();
    return rows.map((row) => toRow(row, this.now()));
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
}
