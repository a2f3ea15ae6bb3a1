/**
 * Work orders (工单): the calls under `/workOrder/…` and `/alarm/workOrder(s)`, shared by the web app and
 * the server. Statuses move only along WORK_ORDER_TRANSITIONS; the server refuses anything else with
 * code 409 and a message naming the current status and the action.
 */
import type { AlarmRow } from './alarms';

export const WORK_ORDER_STATUSES = ['PENDING', 'ASSIGNED', 'PROCESSING', 'DONE', 'CANCELLED'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  PENDING: '待派发',
  ASSIGNED: '已派发',
  PROCESSING: '处理中',
  DONE: '已完成',
  CANCELLED: '已取消',
};
/** Statuses of an order still to be done (the SLA clock runs; overdue ones are escalated). */
export const OPEN_WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = ['PENDING', 'ASSIGNED', 'PROCESSING'];

export const WORK_ORDER_ACTIONS = ['assign', 'accept', 'progress', 'close', 'reopen', 'cancel'] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];
export const WORK_ORDER_ACTION_LABELS: Record<WorkOrderAction | 'create' | 'photo' | 'escalate', string> = {
  create: '创建',
  assign: '派发',
  accept: '接单',
  progress: '填写进展',
  close: '办结',
  reopen: '重新打开',
  cancel: '取消',
  photo: '上传照片',
  escalate: '超时升级',
};
/** From which statuses each action may be taken, and the status it leads to (progress keeps it). */
export const WORK_ORDER_TRANSITIONS: Record<WorkOrderAction, { from: readonly WorkOrderStatus[]; to: WorkOrderStatus }> = {
  // Assigning again while 已派发 re-dispatches (改派).
  assign: { from: ['PENDING', 'ASSIGNED'], to: 'ASSIGNED' },
  accept: { from: ['ASSIGNED'], to: 'PROCESSING' },
  progress: { from: ['PROCESSING'], to: 'PROCESSING' },
  close: { from: ['PROCESSING'], to: 'DONE' },
  reopen: { from: ['DONE'], to: 'PROCESSING' },
  cancel: { from: ['PENDING', 'ASSIGNED'], to: 'CANCELLED' },
};

export const WORK_ORDER_PRIORITIES = ['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];
export const WORK_ORDER_PRIORITY_LABELS: Record<WorkOrderPriority, string> = { URGENT: '紧急', HIGH: '高', NORMAL: '中', LOW: '低' };
/** The time to finish (SLA) when the creator gives no due time: hours from creation, by priority. */
export const WORK_ORDER_SLA_HOURS: Record<WorkOrderPriority, number> = { URGENT: 2, HIGH: 8, NORMAL: 24, LOW: 72 };

export const WORK_ORDER_CATEGORIES = ['ALARM', 'REPAIR', 'INSPECTION', 'MAINTENANCE', 'OTHER'] as const;
export type WorkOrderCategory = (typeof WORK_ORDER_CATEGORIES)[number];
export const WORK_ORDER_CATEGORY_LABELS: Record<WorkOrderCategory, string> = {
  ALARM: '告警处置',
  REPAIR: '故障维修',
  INSPECTION: '巡检',
  MAINTENANCE: '保养',
  OTHER: '其他',
};

export const WORK_ORDER_SOURCES = ['alarm', 'device', 'manual'] as const;
export type WorkOrderSource = (typeof WORK_ORDER_SOURCES)[number];
export const WORK_ORDER_SOURCE_LABELS: Record<WorkOrderSource, string> = { alarm: '告警', device: '设备', manual: '人工' };

/** A work order as the list, the detail and every action return it. */
export interface WorkOrderRow {
  orderId: number;
  /** GD-yyyymmdd-nnnn: consecutive per tenant and day (Asia/Shanghai). */
  orderNo: string;
  title: string;
  description: string;
  category: WorkOrderCategory;
  categoryName: string;
  priority: WorkOrderPriority;
  priorityName: string;
  status: WorkOrderStatus;
  statusName: string;
  source: WorkOrderSource;
  sourceName: string;
  alarmId: number | null;
  deviceId: number | null;
  deviceName: string | null;
  assigneeUserId: number | null;
  assigneeUserName: string | null;
  assigneeTeamId: number | null;
  assigneeTeamName: string | null;
  createdBy: number | null;
  createdByName: string;
  /** SLA: the time it is due (epoch ms). */
  dueAt: number;
  /** Open and past its due time. */
  overdue: boolean;
  escalatedAt: number | null;
  closedAt: number | null;
  result: string;
  createTime: number;
  updateTime: number;
}

export interface WorkOrderEvent {
  id: number;
  time: number;
  action: string;
  actionName: string;
  fromStatus: WorkOrderStatus | null;
  toStatus: WorkOrderStatus | null;
  note: string;
  userId: number | null;
  /** 系统 for the escalation job. */
  userName: string;
  /** Photos attached to this note or closing. */
  photoIds: number[];
}

export interface WorkOrderPhoto {
  photoId: number;
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  size: number;
  /** The note or closing it was attached to; null until then. */
  eventId: number | null;
  userId: number;
  createTime: number;
  /** Under the API prefix: GET it with the session's token. */
  url: string;
}

/** GET /workOrder/detail/{orderId}. */
/** The device fault (设备运维, contracts/operations.ts) an order was raised from: 关联故障 in its detail. */
export interface WorkOrderLinkedFault {
  faultId: number;
  deviceId: number;
  deviceName: string;
  /** offline | command | inspection, and its label (设备离线 …). */
  cause: string;
  causeName: string;
  /** OPEN | ORDERED | CLOSED, and its label (待处理 …). */
  status: string;
  statusName: string;
  detail: string;
  openedAt: number;
  closedAt: number | null;
}

export interface WorkOrderDetail extends WorkOrderRow {
  events: WorkOrderEvent[];
  photos: WorkOrderPhoto[];
  /** The alarm it was raised from (contracts/alarms.ts AlarmRow), or null. */
  alarm: AlarmRow | null;
  /** The device fault turned into this order (转工单 on 设备运维), or null; the server always sends it. */
  fault?: WorkOrderLinkedFault | null;
}

/** GET /workOrder/list: RuoYi paging and the filters (each optional). */
export interface WorkOrderQuery {
  pageNum?: number;
  pageSize?: number;
  status?: WorkOrderStatus;
  priority?: WorkOrderPriority;
  category?: WorkOrderCategory;
  source?: WorkOrderSource;
  assigneeUserId?: number;
  assigneeTeamId?: number;
  alarmId?: number;
  deviceId?: number;
  /** In the title or the order number. */
  keyword?: string;
  /** Created within [beginTime, endTime] (epoch ms). */
  beginTime?: number;
  endTime?: number;
  /** Due within [dueBegin, dueEnd] (epoch ms). */
  dueBegin?: number;
  dueEnd?: number;
  /** '1': open and past due only. */
  overdue?: '0' | '1';
  /** '1': escalated only. */
  escalated?: '0' | '1';
}

export interface CreateWorkOrderBody {
  title: string;
  description?: string;
  category?: WorkOrderCategory;
  priority?: WorkOrderPriority;
  /** Epoch ms; absent: now + WORK_ORDER_SLA_HOURS of the priority. */
  dueAt?: number;
  /** From an alarm (source alarm; its device too). */
  alarmId?: number;
  /** From a device (source device). */
  deviceId?: number;
}

/** POST /alarm/workOrder: a work order from an alarm; title, category and priority follow the alarm unless given. */
export interface AlarmWorkOrderBody extends Omit<CreateWorkOrderBody, 'title' | 'alarmId' | 'deviceId'> {
  alarmId: number;
  title?: string;
}

/** POST /workOrder/assign: exactly one of userId and teamId. */
export interface AssignWorkOrderBody {
  orderId: number;
  userId?: number;
  teamId?: number;
  note?: string;
}

/** accept, cancel, reopen (note required for cancel and reopen), progress (note required). */
export interface WorkOrderNoteBody {
  orderId: number;
  note?: string;
  /** progress: photos uploaded to the order and not yet attached. */
  photoIds?: number[];
}

export interface CloseWorkOrderBody {
  orderId: number;
  result: string;
  photoIds?: number[];
}

export interface WorkOrderTeam {
  teamId: number;
  name: string;
  duty: string;
}

/** GET /workOrder/assignees: whom an order may be dispatched to. */
export interface WorkOrderAssignees {
  users: { userId: number; nickName: string }[];
  teams: WorkOrderTeam[];
}

/** GET /workOrder/stats?days=n. */
export interface WorkOrderStats {
  total: number;
  byStatus: Record<WorkOrderStatus, number>;
  byPriority: Record<WorkOrderPriority, number>;
  /** Open orders. */
  open: number;
  /** Open and past due. */
  overdue: number;
  /** Open and escalated. */
  escalated: number;
  /** Completed in the last `days` days by their due time / after it. */
  slaMet: number;
  slaMissed: number;
  /** slaMet / (slaMet + slaMissed), 0..1; null before any order was completed. */
  slaRate: number | null;
  /** Orders created today (Asia/Shanghai). */
  createdToday: number;
  /** The last `days` days (Asia/Shanghai), oldest first: orders created and completed that day. */
  perDay: { day: number; created: number; closed: number }[];
}

/** The push event type (registry/pushEvents.json, silent) of every work-order change, and its bus topic. */
export const WORK_ORDER_PUSH_EVENT = 'WORK_ORDER';
export const WORK_ORDER_PUSH_TOPIC = 'workOrder.changed';
/** What changed an order: an action, its creation, a photo, or the escalation job. */
export type WorkOrderChangeAction = WorkOrderAction | 'create' | 'photo' | 'escalate';

/** The data of a WORK_ORDER push, sent to the order's tenant after each change is committed. */
export interface WorkOrderChanged {
  orderId: number;
  orderNo: string;
  action: WorkOrderChangeAction;
  actionName: string;
  /** The status after the change. */
  status: WorkOrderStatus;
  statusName: string;
  alarmId: number | null;
  /** Who made it; null for the escalation job. */
  userId: number | null;
  time: number;
}
