import { definePushTopic, type PushTopic } from './PushTopic';
import { flag, integer, object, text } from './pushSchema';

/** The data of online_event / offline_event: a device's on/offline change, after it was stored. */
export interface DeviceStatusChanged {
  deviceId: number;
  deviceName: string;
  /** The device kind (its plugin's page id). */
  kind: string;
  online: boolean;
}

const schema = object({ deviceId: integer(), deviceName: text(), kind: text(), online: flag() });

/** online_event: a device came online. */
export const deviceOnlinePushTopic = definePushTopic<DeviceStatusChanged>({ eventType: 'online_event', schema });
/** offline_event: a device went offline. */
export const deviceOfflinePushTopic = definePushTopic<DeviceStatusChanged>({ eventType: 'offline_event', schema });

/** The topic a change is pushed on. */
export const deviceStatusPushTopic = (online: boolean): PushTopic<DeviceStatusChanged> =>
  online ? deviceOnlinePushTopic : deviceOfflinePushTopic;
