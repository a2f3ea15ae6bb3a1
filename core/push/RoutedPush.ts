import type { PushData, PushMessage } from '../../contracts/push';
import type { PushEventRoute } from '../../schemas/registry/push-events.schema.gen';
import { busTopic, type BusTopic } from './EventBus';

/** A push message with the route registry/pushEvents.json gives its event type (in-app topic, action, page). */
export interface RoutedPush<T = PushData> {
  message: PushMessage<T>;
  route: PushEventRoute;
}

/** Every routed push message, whatever its event type (alarm toasts, push handlers, panels). */
export const PUSH_TOPIC_ALL: BusTopic<RoutedPush> = busTopic<RoutedPush>('push.message');

/** The bus topic of a registry topic name (e.g. `alarm.device`): the routed messages of the event types routed to it. */
export function routedPushTopic(name: string): BusTopic<RoutedPush> {
  return busTopic<RoutedPush>(name);
}
