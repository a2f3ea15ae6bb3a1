import { describe, expect, it, vi } from 'vitest';
import { SimpleEventBus } from '../push/EventBus';
import { onDeviceStatus } from './onDeviceStatus';

const push = (topic: string, data: Record<string, unknown>) =>
  [
    topic,
    {
      message: { code: 200, eventType: topic === 'device.online' ? 'online_event' : 'offline_event', seq: 1, data },
      route: { action: 'silent', topic },
    },
  ] as const;

describe('onDeviceStatus', () => {
  it('passes on- and offline pushes on, ignores malformed ones with a warning, and stops when asked', () => {
    const bus = new SimpleEventBus();
    const changes = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = onDeviceStatus(bus, changes);
    bus.publish(...push('device.offline', { deviceId: 7, online: false }));
    bus.publish(...push('device.online', { deviceId: 7, online: true }));
    bus.publish(...push('device.online', { deviceId: '7', online: 'yes' }));
    bus.publish('device.online', undefined);
    expect(changes.mock.calls).toEqual([[{ deviceId: 7, online: false }], [{ deviceId: 7, online: true }]]);
    expect(warn).toHaveBeenCalledTimes(2);
    stop();
    bus.publish(...push('device.offline', { deviceId: 8, online: false }));
    expect(changes).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
