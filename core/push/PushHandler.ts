import type { Container } from 'inversify';
import { createContributionPoint } from '../di/Token';
import { getContributions } from '../di/contributions';
import type { EventBus } from './EventBus';
import { PUSH_TOPIC_ALL, type RoutedPush } from './RoutedPush';

/**
 * Reacts to pushed messages without a screen being open (keeps a count, refreshes a cache, starts a
 * sound): a plugin binds one with `"activation": "onShell"` so it is there from sign-in. Screens that
 * are open subscribe with `usePush(topic, listener)` instead; a handler wanting one topic's typed data
 * uses `subscribePush` from its service.
 */
export const PushHandler = createContributionPoint<PushHandler>('PushHandler', '插件处理推送消息的函数');
export interface PushHandler {
  /** The in-app topics (registry/pushEvents.json) it wants, or '*' for every message. */
  topics: readonly string[] | '*';
  handle(push: RoutedPush): void;
}

/**
 * Hands every routed push to the handlers bound at that moment (plugins activate later than the
 * shell starts, so the list is read per message); one failing handler does not stop the others.
 */
export function dispatchPushHandlers(bus: EventBus, container: Pick<Container, 'getAll'>): () => void {
  return bus.subscribe(PUSH_TOPIC_ALL, (push) => {
    for (const handler of getContributions(container, PushHandler)) {
      if (handler.topics !== '*' && !handler.topics.includes(push.route.topic)) continue;
      try {
        handler.handle(push);
      } catch (error) {
        console.error(`推送处理失败：${push.route.topic}`, error);
      }
    }
  });
}
