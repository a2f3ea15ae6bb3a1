import type { UavAlarmPushed } from '../lowAltitude';
import { definePushTopic } from './PushTopic';
import { integer, number, object, text } from './pushSchema';

/** UAV_ALARM_PROCESS_EVENT: a UAV entered a geofence (server/lowAltitude/GeofenceService.ts); toasts open 低空管理 on it. */
export const uavAlarmPushTopic = definePushTopic<UavAlarmPushed>({
  eventType: 'UAV_ALARM_PROCESS_EVENT',
  schema: object({
    alarmId: integer(),
    alarmType: text(),
    alarmTypeName: text(),
    grade: text(),
    alarmContent: text(),
    deviceId: integer(),
    deviceName: text(),
    createTime: integer(),
    flightId: integer(),
    fenceId: integer(),
    fenceName: text(),
    longitude: number(),
    latitude: number(),
    altitude: number(),
  }),
});
