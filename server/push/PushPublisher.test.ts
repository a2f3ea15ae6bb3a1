import { describe, expect, it } from 'vitest';
import { alarmPushTopic, workOrderPushTopic, type PushTopic } from '../../contracts/push';
import type { WorkOrderChanged } from '../../contracts/workOrders';
import type { PushPublisher } from './PushPublisher';

const change: WorkOrderChanged = {
  orderId: 7,
  orderNo: 'GD-20261122-0007',
  action: 'assign',
  actionName: '派单',
  status: 'ASSIGNED',
  statusName: '已派发',
  alarmId: null,
  userId: 1,
  time: 1_700_000_000_000,
};

/** Type-level: a publisher's payload is checked against its topic at compile time. */
describe('publishing on a topic', () => {
  it('takes the payload of that topic and refuses any other at compile time', async () => {
    const sent: { eventType: string; payload: object }[] = [];
    const publisher: PushPublisher = {
      publish: async <T extends object>(_tenantId: number, topic: PushTopic<T>, payload: T) =>
        void sent.push({ eventType: topic.eventType, payload }),
    };
    await publisher.publish(1, workOrderPushTopic, change);
    // @ts-expect-error a work-order change is not an alarm
    await publisher.publish(1, alarmPushTopic, change);
    // @ts-expect-error a payload missing fields of its topic
    await publisher.publish(1, workOrderPushTopic, { orderId: 7, orderNo: 'GD-20261122-0007' });
    // @ts-expect-error a status outside the contract's list
    await publisher.publish(1, workOrderPushTopic, { ...change, status: 'LOST' });
    // @ts-expect-error an event type alone is no topic (the old publish(tenantId, eventType, record))
    await publisher.publish(1, 'WORK_ORDER', { ...change });
    expect(sent.map((entry) => entry.eventType)).toEqual(['WORK_ORDER', 'DEVICE_ALARM', 'WORK_ORDER', 'WORK_ORDER', undefined]);
  });
});
