import { describe, expect, it, vi } from 'vitest';
import { SimpleEventBus } from '../push/EventBus';
import { PUSH_TOPIC_ALL } from '../push/RoutedPush';
import { onDeviceStatus } from './onDeviceStatus';

const push = (eventType: 'online_event' | 'offline_event', data: Record<string, unknown>) => ({
  message: { code: 200, eventType, seq: 1, data: { deviceName: '路灯 7', kind: 'lamp', ...data } },
  route: { action: 'silent' as const, topic: eventType === 'online_event' ? 'device.online' : 'device.offline' },
});

describe('onDeviceStatus', () => {
  it('passes on- and offline pushes on, skips malformed ones with a warning, and stops when asked', () => {
    const bus = new SimpleEventBus();
    const changes = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = onDeviceStatus(bus, changes);
    bus.publish(PUSH_TOPIC_ALL, push('offline_event', { deviceId: 7, online: false }));
    bus.publish(PUSH_TOPIC_ALL, push('online_event', { deviceId: 7, online: true }));
    bus.publish(PUSH_TOPIC_ALL, push('online_event', { deviceId: '7', online: 'yes' }));
    expect(changes.mock.calls).toEqual([[{ deviceId: 7, online: false }], [{ deviceId: 7, online: true }]]);
    expect(warn).toHaveBeenCalledTimes(1);
    stop();
    bus.publish(PUSH_TOPIC_ALL, push('offline_event', { deviceId: 8, online: false }));
    expect(changes).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
