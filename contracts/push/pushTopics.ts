import { alarmPushTopic } from './alarmPushTopic';
import { caseChangedPushTopic, caseCityEventPushTopics } from './casePushTopics';
import { deviceOfflinePushTopic, deviceOnlinePushTopic } from './deviceStatusPushTopics';
import { emergencyPushTopic } from './emergencyPushTopic';
import { patrolCheckInPushTopic, patrolMissedPushTopics } from './patrolPushTopics';
import { operationFaultPushTopic, videoDiagnosisPushTopic } from './operationPushTopics';
import type { PushTopicDeclaration } from './PushTopic';
import { uavAlarmPushTopic } from './uavAlarmPushTopic';
import { uavPositionPushTopic, uavTaskPushTopic } from './uavPositionPushTopic';
import { fieldPositionsPushTopic } from './fieldPushTopics';
import { weatherPushTopic } from './weatherPushTopic';
import { watchlistChangedPushTopic, watchlistPushTopics } from './watchlistPushTopics';
import { workOrderPushTopic } from './workOrderPushTopic';

/**
 * Every push topic the reference server sends. The web app checks each incoming message of these event
 * types against its topic's schema before anything sees it; other event types (a production backend's
 * alarm kinds, routed by registry/pushEvents.json) pass as plain routed messages.
 */
export const PUSH_TOPICS: readonly PushTopicDeclaration[] = [
  alarmPushTopic,
  workOrderPushTopic,
  emergencyPushTopic,
  weatherPushTopic,
  deviceOnlinePushTopic,
  deviceOfflinePushTopic,
  operationFaultPushTopic,
  videoDiagnosisPushTopic,
  ...Object.values(watchlistPushTopics),
  watchlistChangedPushTopic,
  uavAlarmPushTopic,
  uavPositionPushTopic,
  uavTaskPushTopic,
  ...new Set(Object.values(patrolMissedPushTopics)),
  patrolCheckInPushTopic,
  caseChangedPushTopic,
  ...Object.values(caseCityEventPushTopics),
  fieldPositionsPushTopic,
];
