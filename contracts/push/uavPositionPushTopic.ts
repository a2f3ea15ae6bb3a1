import type { UavPositionsPushed, UavTaskPushed } from '../lowAltitude';
import { FLIGHT_ACTIONS, FLIGHT_TASK_KINDS } from '../lowAltitude';
import { definePushTopic } from './PushTopic';
import { arrayOf, enumOf, integer, number, object, orNull, text } from './pushSchema';

/** UAV_GIS_EVENT: the tenant's flying UAVs at one simulator tick (server/lowAltitude/UavSimulator.ts), all in one message. */
export const uavPositionPushTopic = definePushTopic<UavPositionsPushed>({
  eventType: 'UAV_GIS_EVENT',
  schema: object({
    at: integer(),
    uavs: arrayOf(
      object({
        deviceId: integer(),
        deviceName: text(),
        flightId: integer(),
        taskKind: enumOf(FLIGHT_TASK_KINDS),
        at: integer(),
        longitude: number(),
        latitude: number(),
        altitude: number(),
        heading: number(),
        speed: number(),
        battery: number(),
      }),
    ),
  }),
});

/** low_altitude_management: a landed flight's task found something to act on (its result). */
export const uavTaskPushTopic = definePushTopic<UavTaskPushed>({
  eventType: 'low_altitude_management',
  schema: object({
    flightId: integer(),
    deviceId: integer(),
    deviceName: text(),
    taskKind: enumOf(FLIGHT_TASK_KINDS),
    action: enumOf(FLIGHT_ACTIONS),
    createTime: integer(),
    alarmContent: text(),
    result: orNull(text()),
  }),
});
