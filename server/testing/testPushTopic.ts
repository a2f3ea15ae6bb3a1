import { definePushTopic, type PushData, type PushTopic } from '../../contracts/push';
import { anyObject } from '../../contracts/push/pushSchema';

/** A topic for tests of the push channel itself (sequence ids, replay, clusters): any JSON object as data. */
export function testPushTopic(eventType: string): PushTopic<PushData> {
  return definePushTopic<PushData>({ eventType, schema: anyObject() });
}
