/** What a push message's `data` is on the wire: a JSON object. */
export type PushData = Record<string, unknown>;

/** One message of the push channel: committed with a per-tenant sequence id before it is sent. */
export interface PushMessage<T = PushData> {
  code: number;
  eventType: string;
  seq: number;
  data: T;
}

/** A JSON object (not an array, not null): the only thing a push message's `data` may be. */
/**
 * The push socket's close code for "this instance is stopping (draining): reconnect at once with your
 * lastId", which the load balancer hands to another instance. 1012 is WebSocket's Service Restart.
 */
export const PUSH_CLOSE_RECONNECT_NOW = 1012;

export function isPushData(value: unknown): value is PushData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A frame that has the shape of a push message (its `data` an object); the data itself is checked against its topic elsewhere. */
export function isPushMessage(value: unknown): value is PushMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    typeof value.code === 'number' &&
    'eventType' in value &&
    typeof value.eventType === 'string' &&
    'seq' in value &&
    Number.isInteger(value.seq) &&
    'data' in value &&
    isPushData(value.data)
  );
}

/** Parses a stored or received frame; undefined when it is not JSON or not a push message. */
export function parsePushMessage(text: string): PushMessage | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPushMessage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export { definePushTopic, type PushTopic, type PushTopicDeclaration } from './push/PushTopic';
export { type PushSchema, type SchemaType } from './push/pushSchema';
/** The typed JSON-schema builders a topic's schema is made with (`pushSchema.object({ … })`). */
export * as pushSchema from './push/pushSchema';
export { PUSH_TOPICS } from './push/pushTopics';
export { alarmPushTopic } from './push/alarmPushTopic';
export { workOrderPushTopic } from './push/workOrderPushTopic';
export { emergencyPushTopic } from './push/emergencyPushTopic';
export { weatherPushTopic } from './push/weatherPushTopic';
export {
  deviceOnlinePushTopic,
  deviceOfflinePushTopic,
  deviceStatusPushTopic,
  type DeviceStatusChanged,
} from './push/deviceStatusPushTopics';
export { operationFaultPushTopic, videoDiagnosisPushTopic, type OperationFaultChanged } from './push/operationPushTopics';
export { watchlistChangedPushTopic, watchlistPushTopics } from './push/watchlistPushTopics';
export { uavAlarmPushTopic } from './push/uavAlarmPushTopic';
export { uavPositionPushTopic, uavTaskPushTopic } from './push/uavPositionPushTopic';
export { patrolCheckInPushTopic, patrolMissedPushTopics } from './push/patrolPushTopics';
export { caseChangedPushTopic, caseCityEventPushTopics } from './push/casePushTopics';
export { fieldPositionsPushTopic } from './push/fieldPushTopics';
