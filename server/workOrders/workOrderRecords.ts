import type { Transaction } from 'kysely';
import {
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_CATEGORY_LABELS,
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_SOURCE_LABELS,
  WORK_ORDER_STATUS_LABELS,
  type WorkOrderCategory,
  type WorkOrderPriority,
  type WorkOrderRow,
  type WorkOrderSource,
  type WorkOrderStatus,
} from '../../contracts/workOrders';
import type { Database, Db } from '../db/Database';
import type { PushPublisher } from '../push/PushPublisher';
import { AppError } from '../envelope';

/** What the work-order pieces share: the stored row as read for a change, the API row, the audit event. */
export type Executor = Db | Transaction<Database>;
export type OrderRecord = Database['work_orders'] & { order_id: number };

/** Where committed changes are announced (PushHub in the server); a failed push never undoes a change. */
export interface WorkOrderPushOptions {
  push?: {
    publish: PushPublisher['publish'];
    /** The tenant's pushes as its sockets get them, from every instance of a cluster (PushHub.subscribe). */
    subscribe?(tenantId: number, listener: (message: { eventType: string }) => void): () => void;
  };
  onPushError?: (error: unknown) => void;
}

export const statusLabel = (status: string) => WORK_ORDER_STATUS_LABELS[status as WorkOrderStatus] ?? status;
export const orderNotFound = (orderId: number) => new AppError(404, `工单不存在：${orderId}`);

/** The stored row of the tenant's order; another tenant's reads as missing (404). */
export function selectRows(executor: Executor) {
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

export function toRow(
  row: Database['work_orders'] & {
    assignee_user_name: string | null;
    assignee_team_name: string | null;
    created_by_name: string | null;
    device_name: string | null;
  },
  now: number,
): WorkOrderRow {
  const status = row.status as WorkOrderStatus;
  const at = now;
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
    statusName: statusLabel(status),
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
export async function orderRecord(executor: Executor, tenantId: number, orderId: number): Promise<OrderRecord> {
  const row = await executor
    .selectFrom('work_orders')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw orderNotFound(orderId);
  return { ...row, order_id: Number(row.order_id) };
}

/** The audit event of a change, written in its transaction; returns its id. */
export async function writeOrderEvent(
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
