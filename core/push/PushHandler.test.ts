import 'reflect-metadata';
import { Container } from 'inversify';
import { describe, expect, it, vi } from 'vitest';
import { SimpleEventBus } from './EventBus';
import { PUSH_TOPIC_ALL, type RoutedPush } from './RoutedPush';
import { dispatchPushHandlers, PushHandler } from './PushHandler';

const push = (topic: string): RoutedPush => ({ message: { code: 0, eventType: 'X', seq: 1, data: {} }, route: { action: 'toast', topic } });

describe('push handlers', () => {
  it('hands each routed push to the handlers of its topic, including ones bound after the shell started', () => {
    const bus = new SimpleEventBus();
    const container = new Container();
    const fire = vi.fn();
    const every = vi.fn();
    container.bind(PushHandler).toConstantValue({ topics: ['alarm.fire'], handle: fire });
    const stop = dispatchPushHandlers(bus, container);
    bus.publish(PUSH_TOPIC_ALL, push('alarm.smoke'));
    expect(fire).not.toHaveBeenCalled();
    // A plugin activated later (its code loaded on demand) still gets the next message.
    container.bind(PushHandler).toConstantValue({ topics: '*', handle: every });
    bus.publish(PUSH_TOPIC_ALL, push('alarm.fire'));
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ route: expect.objectContaining({ topic: 'alarm.fire' }) }));
    expect(every).toHaveBeenCalledTimes(1);
    stop();
    bus.publish(PUSH_TOPIC_ALL, push('alarm.fire'));
    expect(fire).toHaveBeenCalledTimes(1);
  });

  it('keeps going when one handler throws', () => {
    const bus = new SimpleEventBus();
    const container = new Container();
    const after = vi.fn();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    container.bind(PushHandler).toConstantValue({
      topics: '*',
      handle: () => {
        throw new Error('坏了');
      },
    });
    container.bind(PushHandler).toConstantValue({ topics: '*', handle: after });
    dispatchPushHandlers(bus, container);
    bus.publish(PUSH_TOPIC_ALL, push('alarm.fire'));
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('推送处理失败：alarm.fire', expect.any(Error));
    error.mockRestore();
  });
});
