import {
  EMERGENCY_ACTIONS,
  EMERGENCY_EVENT_STATUSES,
  EMERGENCY_KINDS,
  EMERGENCY_LEVELS,
  EMERGENCY_PUSH_EVENT,
  EMERGENCY_TASK_STATUSES,
  type EmergencyPushData,
} from '../emergency';
import { definePushTopic } from './PushTopic';
import { arrayOf, countsOf, enumOf, flag, integer, number, object, orNull, text } from './pushSchema';

const eventRow = object({
  eventId: integer(),
  kind: enumOf(EMERGENCY_KINDS),
  kindName: text(),
  title: text(),
  description: text(),
  level: enumOf(EMERGENCY_LEVELS),
  levelName: text(),
  status: enumOf(EMERGENCY_EVENT_STATUSES),
  statusName: text(),
  longitude: number(),
  latitude: number(),
  radius: number(),
  alarmId: orNull(integer()),
  alarmIds: arrayOf(integer()),
  createdBy: orNull(integer()),
  createdByName: text(),
  createTime: integer(),
  closedBy: orNull(integer()),
  closedByName: orNull(text()),
  closedAt: orNull(integer()),
  result: text(),
  updateTime: integer(),
  taskCounts: countsOf(EMERGENCY_TASK_STATUSES),
});

const taskRow = object({
  taskId: integer(),
  eventId: integer(),
  eventTitle: text(),
  title: text(),
  description: text(),
  teamId: integer(),
  teamName: text(),
  status: enumOf(EMERGENCY_TASK_STATUSES),
  statusName: text(),
  percent: number(),
  lastNote: text(),
  dueAt: integer(),
  overdue: flag(),
  createdBy: orNull(integer()),
  createdByName: text(),
  createTime: integer(),
  updateTime: integer(),
  finishedAt: orNull(integer()),
});

const feedEntry = object({
  id: integer(),
  eventId: integer(),
  taskId: orNull(integer()),
  taskTitle: orNull(text()),
  teamName: orNull(text()),
  time: integer(),
  action: enumOf(EMERGENCY_ACTIONS),
  actionName: text(),
  fromStatus: orNull(text()),
  toStatus: orNull(text()),
  percent: orNull(number()),
  note: text(),
  userId: orNull(integer()),
  userName: text(),
  eventTitle: text(),
  eventKind: enumOf(EMERGENCY_KINDS),
});

/** EMERGENCY_TASK: every committed change of an emergency event or one of its tasks (安防应急's pages). */
export const emergencyPushTopic = definePushTopic<EmergencyPushData>({
  eventType: EMERGENCY_PUSH_EVENT,
  schema: object({
    eventId: integer(),
    taskId: orNull(integer()),
    action: enumOf(EMERGENCY_ACTIONS),
    entry: feedEntry,
    event: eventRow,
    task: orNull(taskRow),
  }),
});
