import type { EventBus } from '../push/EventBus';
import type { RoutedPush } from '../push/PushClient';
import { deviceStrings as t } from './deviceStrings';

export interface DeviceStatusChange {
  deviceId: number;
  online: boolean;
}

/** The in-app topics registry/pushEvents.json gives online_event and offline_event. */
const DEVICE_STATUS_TOPICS = ['device.online', 'device.offline'];

/** Calls back on each device status push; a push without a device number or status is ignored with a warning. */
export function onDeviceStatus(bus: EventBus, listener: (change: DeviceStatusChange) => void): () => void {
  const relay = (payload: unknown) => {
    const { deviceId, online } = ((payload as RoutedPush | undefined)?.message?.data ?? {}) as Record<string, unknown>;
    if (typeof deviceId !== 'number' || typeof online !== 'boolean') return console.warn(t.badStatusPush);
    listener({ deviceId, online });
  };
  const stops = DEVICE_STATUS_TOPICS.map((topic) => bus.subscribe(topic, relay));
  return () => stops.forEach((stop) => stop());
}
