import type { AlarmRow } from '../alarms';
import { definePushTopic } from './PushTopic';
import { integer, object, orNull, text, number } from './pushSchema';

/** DEVICE_ALARM: an alarm the server raised (stored first), as the alarm list shows it; shown as a toast. */
export const alarmPushTopic = definePushTopic<AlarmRow>({
  eventType: 'DEVICE_ALARM',
  schema: object({
    alarmId: integer(),
    alarmType: text(),
    alarmTypeName: text(),
    grade: text(),
    status: text(),
    statusName: text(),
    deviceId: orNull(integer()),
    deviceName: text(),
    longitude: orNull(number()),
    latitude: orNull(number()),
    alarmContent: text(),
    alarmDesc: text(),
    assigneeId: orNull(integer()),
    createTime: integer(),
    updateTime: integer(),
    targetPage: orNull(object({ module: text() }, { child: text() })),
  }),
});
