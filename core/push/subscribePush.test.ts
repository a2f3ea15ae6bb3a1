import { describe, expect, it, vi } from 'vitest';
import { definePushTopic, workOrderPushTopic, type PushMessage } from '../../contracts/push';
import { integer, object, text } from '../../contracts/push/pushSchema';
import type { WorkOrderChanged } from '../../contracts/workOrders';
import { SimpleEventBus } from './EventBus';
import { pushValidator } from './pushValidator';
import { PUSH_TOPIC_ALL, type RoutedPush } from './RoutedPush';
import { subscribePush } from './subscribePush';

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

const routed = (eventType: string, data: object, seq = 1): RoutedPush => ({
  message: { code: 200, eventType, seq, data: { ...data } },
  route: { action: 'silent', topic: 'workOrder.changed' },
});

describe('subscribePush', () => {
  it("hands over the data of its topic's messages only, typed, until unsubscribed", () => {
    const bus = new SimpleEventBus();
    const seen: WorkOrderChanged[] = [];
    const pushes: PushMessage<WorkOrderChanged>[] = [];
    const stop = subscribePush(bus, workOrderPushTopic, (data, push) => {
      seen.push(data);
      pushes.push(push.message);
    });
    bus.publish(PUSH_TOPIC_ALL, routed('WORK_ORDER', change));
    bus.publish(PUSH_TOPIC_ALL, routed('EMERGENCY_TASK', change));
    expect(seen).toEqual([change]);
    expect(pushes[0]).toMatchObject({ eventType: 'WORK_ORDER', seq: 1 });
    stop();
    bus.publish(PUSH_TOPIC_ALL, routed('WORK_ORDER', change));
    expect(seen).toHaveLength(1);
  });

  it('checks the data itself, so a topic the client does not list is as safe (skipped and logged)', () => {
    const bus = new SimpleEventBus();
    const ownTopic = definePushTopic<{ count: number; label: string }>({
      eventType: 'PLUGIN_COUNT',
      schema: object({ count: integer(), label: text() }),
    });
    const listener = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    subscribePush(bus, ownTopic, listener);
    bus.publish(PUSH_TOPIC_ALL, routed('PLUGIN_COUNT', { count: 'two', label: 'x' }));
    expect(listener).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('忽略推送：PLUGIN_COUNT 的数据不符合约定'));
    bus.publish(PUSH_TOPIC_ALL, routed('PLUGIN_COUNT', { count: 2, label: 'x' }));
    expect(listener).toHaveBeenCalledWith({ count: 2, label: 'x' }, expect.anything());
    warn.mockRestore();
  });

  it('compiles a topic schema once', () => {
    expect(pushValidator(workOrderPushTopic)).toBe(pushValidator(workOrderPushTopic));
  });
});
