import { WORK_ORDER_ACTIONS, WORK_ORDER_PUSH_EVENT, WORK_ORDER_STATUSES, type WorkOrderChanged } from '../workOrders';
import { definePushTopic } from './PushTopic';
import { enumOf, integer, object, orNull, text } from './pushSchema';

/** WORK_ORDER: a committed work-order change (工单管理, the event center and panels refresh on it). */
export const workOrderPushTopic = definePushTopic<WorkOrderChanged>({
  eventType: WORK_ORDER_PUSH_EVENT,
  schema: object({
    orderId: integer(),
    orderNo: text(),
    action: enumOf([...WORK_ORDER_ACTIONS, 'create', 'photo', 'escalate']),
    actionName: text(),
    status: enumOf(WORK_ORDER_STATUSES),
    statusName: text(),
    alarmId: orNull(integer()),
    userId: orNull(integer()),
    time: integer(),
  }),
});
