import type { PushTopic } from '../../contracts/push';
import type { EventBus } from './EventBus';
import { PUSH_TOPIC_ALL, type RoutedPush } from './RoutedPush';
import { pushSchemaError, pushValidator } from './pushValidator';

/** Called with each message of a topic: its data, typed by the topic, and the routed message. */
export type PushListener<T> = (data: T, push: RoutedPush<T>) => void;

/**
 * Calls `listener` with every message of `topic` (map layers, services; components use `usePush`). The
 * data is checked against the topic's schema here too, so a topic the client does not list (a plugin's
 * own) is as safe as a listed one; a message that fails is skipped and logged.
 */
export function subscribePush<T extends object>(bus: EventBus, topic: PushTopic<T>, listener: PushListener<T>): () => void {
  const validate = pushValidator(topic);
  return bus.subscribe(PUSH_TOPIC_ALL, ({ message, route }) => {
    if (message.eventType !== topic.eventType) return;
    const data: unknown = message.data;
    if (!validate(data)) return console.warn(`忽略推送：${message.eventType} 的数据不符合约定（${pushSchemaError(validate)}）`);
    listener(data, { message: { ...message, data }, route });
  });
}
