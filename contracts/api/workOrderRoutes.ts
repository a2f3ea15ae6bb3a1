/** 工单管理's routes (platform:operation:workOrder) and the alarm pages' side of them (告警管理 too). */
import { access } from './routeAccess';
import { dataReply, defineRoute, fileReply, tableReply } from './defineRoute';
import { boundedInteger, fields, flag, id, idList, oneOf, paging, pathParams, text, time, withDefault } from './schemas';
import {
  WORK_ORDER_CATEGORIES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATUSES,
  type WorkOrderAssignees,
  type WorkOrderDetail,
  type WorkOrderPhoto,
  type WorkOrderRow,
  type WorkOrderStats,
} from '../workOrders';

const workOrderMenu = access.menu('platform:operation:workOrder');
// The alarm pages raise work orders and show them; 工单管理 may do the same.
const fromAlarm = access.menu('platform:alarmManage', 'platform:operation:workOrder');

const orderId = id('工单编号');
const note = text('备注', 500);
const photoIds = idList('照片编号必须是正整数的列表（最多 9 张）', 9);
const createFields = {
  title: text('工单标题', 100, true),
  description: text('工单描述', 1000),
  category: oneOf('工单类别', WORK_ORDER_CATEGORIES),
  priority: oneOf('优先级', WORK_ORDER_PRIORITIES),
  dueAt: time('截止时间'),
};
const orderReply = dataReply<WorkOrderRow>();

export const workOrderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/workOrder/list',
    query: fields({
      ...paging(),
      status: oneOf('工单状态', WORK_ORDER_STATUSES),
      priority: oneOf('优先级', WORK_ORDER_PRIORITIES),
      category: oneOf('工单类别', WORK_ORDER_CATEGORIES),
      source: oneOf('工单来源', WORK_ORDER_SOURCES),
      assigneeUserId: id('处理人编号'),
      assigneeTeamId: id('班组编号'),
      alarmId: id('告警编号'),
      deviceId: id('设备编号'),
      keyword: text('搜索关键字', 50),
      beginTime: time('开始时间'),
      endTime: time('结束时间'),
      dueBegin: time('截止开始时间'),
      dueEnd: time('截止结束时间'),
      overdue: flag('是否超时'),
      escalated: flag('是否已升级'),
    }),
    reply: tableReply<WorkOrderRow>(),
    access: workOrderMenu,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/workOrder/detail/:orderId',
    params: pathParams({ orderId }),
    reply: dataReply<WorkOrderDetail>(),
    access: workOrderMenu,
  }),
  assignees: defineRoute({ method: 'GET', path: '/workOrder/assignees', reply: dataReply<WorkOrderAssignees>(), access: workOrderMenu }),
  stats: defineRoute({
    method: 'GET',
    path: '/workOrder/stats',
    query: fields({ days: withDefault(boundedInteger('天数必须是 1 到 90 的整数', 1, 90), 7) }),
    reply: dataReply<WorkOrderStats>(),
    access: workOrderMenu,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/workOrder/create',
    body: fields({ ...createFields, alarmId: id('告警编号'), deviceId: id('设备编号') }, { title: '请填写工单标题' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/workOrder/assign',
    body: fields({ orderId, userId: id('处理人编号'), teamId: id('班组编号'), note }, { orderId: '请指定工单' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/workOrder/accept',
    body: fields({ orderId, note }, { orderId: '请指定工单' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  progress: defineRoute({
    method: 'POST',
    path: '/workOrder/progress',
    body: fields({ orderId, note: text('进展说明', 500, true), photoIds }, { orderId: '请指定工单', note: '请填写进展说明' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/workOrder/close',
    body: fields({ orderId, result: text('处理结果', 1000, true), photoIds }, { orderId: '请指定工单', result: '请填写处理结果' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/workOrder/reopen',
    body: fields({ orderId, note: text('重新打开的原因', 500, true) }, { orderId: '请指定工单', note: '请填写重新打开的原因' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/workOrder/cancel',
    body: fields({ orderId, note: text('取消原因', 500, true) }, { orderId: '请指定工单', note: '请填写取消原因' }),
    bodyEncoding: 'json',
    reply: orderReply,
    access: workOrderMenu,
  }),
  /** The image itself as the body (image/jpeg, png or webp, 5 MB at most): sent through ApiFiles. */
  uploadPhoto: defineRoute({
    method: 'POST',
    path: '/workOrder/photo',
    query: fields({ orderId }, { orderId: '请指定工单' }),
    reply: dataReply<WorkOrderPhoto>(),
    access: workOrderMenu,
  }),
  photoFile: defineRoute({
    method: 'GET',
    path: '/workOrder/photo/file',
    query: fields({ id: id('照片编号') }, { id: '请指定照片编号' }),
    reply: fileReply(),
    access: workOrderMenu,
  }),
  forAlarm: defineRoute({
    method: 'GET',
    path: '/alarm/workOrders',
    query: fields({ alarmId: id('告警编号') }, { alarmId: '请指定告警' }),
    reply: dataReply<WorkOrderRow[]>(),
    access: fromAlarm,
  }),
  createFromAlarm: defineRoute({
    method: 'POST',
    path: '/alarm/workOrder',
    body: fields(
      {
        alarmId: id('告警编号'),
        title: text('工单标题', 100),
        description: createFields.description,
        category: createFields.category,
        priority: createFields.priority,
        dueAt: createFields.dueAt,
      },
      { alarmId: '请指定告警' },
    ),
    bodyEncoding: 'json',
    reply: orderReply,
    access: fromAlarm,
  }),
};
