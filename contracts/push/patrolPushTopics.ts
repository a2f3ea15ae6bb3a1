import { PATROL_KINDS, type PatrolCheckedIn, type PatrolKind, type PatrolMissedPushed } from '../patrols';
import { definePushTopic, type PushTopic } from './PushTopic';
import { enumOf, integer, number, object, text } from './pushSchema';

const missedSchema = object({
  alarmId: integer(),
  alarmType: text(),
  alarmTypeName: text(),
  grade: text(),
  alarmContent: text(),
  createTime: integer(),
  routeId: integer(),
  routeName: text(),
  kind: enumOf(PATROL_KINDS),
  checkpointId: integer(),
  checkpointName: text(),
  memberName: text(),
  longitude: number(),
  latitude: number(),
});
const missed = (eventType: string) => definePushTopic<PatrolMissedPushed>({ eventType, schema: missedSchema });
const cityPatrolMissed = missed('CITY_PATROL_EVENT');

/**
 * The spec's city events a missed checkpoint publishes with its alarm (server/patrols/MissedCheckpoints.ts),
 * by the route's kind: both patrol kinds CITY_PATROL_EVENT, greening GREEN_CHECK_IN_EVENT, sanitation
 * SANITATION_CHECK_IN_EVENT. Toasts open the alarm type's page focused on the checkpoint.
 */
export const patrolMissedPushTopics: Readonly<Record<PatrolKind, PushTopic<PatrolMissedPushed>>> = {
  cityPatrol: cityPatrolMissed,
  lawPatrol: cityPatrolMissed,
  greening: missed('GREEN_CHECK_IN_EVENT'),
  sanitation: missed('SANITATION_CHECK_IN_EVENT'),
};

/** PATROL_CHECK_IN (silent): a check-in was stored or given its photo; the patrol pages refresh. */
export const patrolCheckInPushTopic = definePushTopic<PatrolCheckedIn>({
  eventType: 'PATROL_CHECK_IN',
  schema: object({ checkInId: integer(), routeId: integer(), checkpointId: integer(), kind: enumOf(PATROL_KINDS), at: integer() }),
});
