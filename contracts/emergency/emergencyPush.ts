/** The push every event and task change sends. */
import type { EmergencyAction } from './emergencyKinds';
import type { EmergencyEventRow, EmergencyFeedEntry, EmergencyTaskRow } from './emergencyRows';

/** The push event type of every event and task change (registry/pushEvents.json: silent, topic EMERGENCY_PUSH_TOPIC). */
export const EMERGENCY_PUSH_EVENT = 'EMERGENCY_TASK';
export const EMERGENCY_PUSH_TOPIC = 'emergency.task';

/** The data of an EMERGENCY_TASK push. */
export interface EmergencyPushData {
  eventId: number;
  /** null for event-level changes (open, join, close). */
  taskId: number | null;
  action: EmergencyAction;
  entry: EmergencyFeedEntry;
  event: EmergencyEventRow;
  task: EmergencyTaskRow | null;
}
