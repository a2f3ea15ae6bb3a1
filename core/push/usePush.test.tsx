import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { definePushTopic, workOrderPushTopic } from '../../contracts/push';
import { enumOf, integer, object, orNull, text } from '../../contracts/push/pushSchema';
import type { WorkOrderChanged } from '../../contracts/workOrders';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { EventBus, SimpleEventBus } from './EventBus';
import { PUSH_TOPIC_ALL } from './RoutedPush';
import { subscribePush } from './subscribePush';
import { usePush } from './usePush';

const change: WorkOrderChanged = {
  orderId: 7,
  orderNo: 'GD-20261122-0007',
  action: 'close',
  actionName: '办结',
  status: 'DONE',
  statusName: '已完成',
  alarmId: 3,
  userId: 1,
  time: 1_700_000_000_000,
};

const publish = (bus: EventBus, seq: number, data: object) =>
  bus.publish(PUSH_TOPIC_ALL, {
    message: { code: 200, eventType: 'WORK_ORDER', seq, data: { ...data } },
    route: { action: 'silent', topic: 'workOrder.changed' },
  });

function OrderWatcher({ onChange }: { onChange: (orderNo: string) => void }) {
  usePush(workOrderPushTopic, (data) => onChange(data.orderNo));
  return null;
}

describe('usePush', () => {
  it('calls the newest listener with the typed data while mounted, and stops on unmount', () => {
    const bus = new SimpleEventBus();
    const services = new ServiceMap().set(EventBus, bus);
    const first = vi.fn();
    const second = vi.fn();
    const view = render(
      <ContainerProvider container={services}>
        <OrderWatcher onChange={first} />
      </ContainerProvider>,
    );
    act(() => publish(bus, 1, change));
    expect(first).toHaveBeenCalledWith('GD-20261122-0007');
    view.rerender(
      <ContainerProvider container={services}>
        <OrderWatcher onChange={second} />
      </ContainerProvider>,
    );
    act(() => publish(bus, 2, { ...change, orderNo: 'GD-20261122-0008' }));
    expect(second).toHaveBeenCalledWith('GD-20261122-0008');
    expect(first).toHaveBeenCalledTimes(1);
    view.unmount();
    act(() => publish(bus, 3, change));
    expect(second).toHaveBeenCalledTimes(1);
  });
});

/** Type-level: a subscriber is typed by its topic, so changing the topic's payload breaks it. */
describe('a subscriber of a topic whose payload changed', () => {
  it('fails to compile where it reads what is no longer there', () => {
    type Renamed = Omit<WorkOrderChanged, 'orderId'> & { workOrderId: number };
    const renamed = definePushTopic<Renamed>({
      eventType: 'WORK_ORDER',
      schema: object({
        workOrderId: integer(),
        orderNo: text(),
        action: enumOf(['assign', 'accept', 'progress', 'close', 'reopen', 'cancel', 'create', 'photo', 'escalate']),
        actionName: text(),
        status: enumOf(['PENDING', 'ASSIGNED', 'PROCESSING', 'DONE', 'CANCELLED']),
        statusName: text(),
        alarmId: orNull(integer()),
        userId: orNull(integer()),
        time: integer(),
      }),
    });
    const bus = new SimpleEventBus();
    const ids: number[] = [];
    subscribePush(bus, workOrderPushTopic, (data) => ids.push(data.orderId));
    // @ts-expect-error orderId was renamed workOrderId: the old subscriber no longer compiles
    subscribePush(bus, renamed, (data) => ids.push(data.orderId));
    // @ts-expect-error a listener written for one topic does not fit another
    subscribePush(bus, renamed, (data: WorkOrderChanged) => ids.push(data.orderId));
    subscribePush(bus, renamed, (data) => ids.push(data.workOrderId));
    publish(bus, 1, change);
    expect(ids).toEqual([7]);
  });
});
