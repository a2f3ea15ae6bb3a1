import { deviceOfflinePushTopic, deviceOnlinePushTopic } from '../../contracts/push';
import type { EventBus } from '../push/EventBus';
import { subscribePush } from '../push/subscribePush';

export interface DeviceStatusChange {
  deviceId: number;
  online: boolean;
}

/** Calls back on each device status push (online_event, offline_event); a malformed one never gets here. */
export function onDeviceStatus(bus: EventBus, listener: (change: DeviceStatusChange) => void): () => void {
  const stops = [deviceOnlinePushTopic, deviceOfflinePushTopic].map((topic) =>
    subscribePush(bus, topic, ({ deviceId, online }) => listener({ deviceId, online })),
  );
  return () => stops.forEach((stop) => stop());
}
