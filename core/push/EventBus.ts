import { createToken } from '../di/Token';

declare const busPayload: unique symbol;

/**
 * A topic of the in-app bus whose messages are `T` (in the spirit of `Token<T>`): publishers and
 * subscribers of one topic share its declaration, so neither casts. Names are unique per bus; the
 * push channel's topics are `RoutedPush` topics (see RoutedPush.ts).
 */
export interface BusTopic<T> {
  readonly name: string;
  /** Type only (never set): invariant, so a topic of one payload is never taken for another. */
  readonly [busPayload]?: (payload: T) => T;
}

/** Declares a bus topic carrying `T`. */
export function busTopic<T>(name: string): BusTopic<T> {
  return { name };
}

/** In-app topics; features subscribe without knowing the socket that fed them. */
export const EventBus = createToken<EventBus>('EventBus', '应用内主题消息（推送消息经此分发）');
export interface EventBus {
  publish<T>(topic: BusTopic<T>, payload: NoInfer<T>): void;
  /** Returns the unsubscribe function. */
  subscribe<T>(topic: BusTopic<T>, listener: (payload: T) => void): () => void;
}

/**
 * A listener of some topic, its payload type set aside for storage. Method syntax makes the parameter
 * bivariant, so a `(payload: T) => void` fits; the bus only ever calls it with its own topic's payloads.
 */
type StoredListener = { call(payload: unknown): void }['call'];

export class SimpleEventBus implements EventBus {
  /** Listeners by topic name (one declaration per name). */
  private readonly listeners = new Map<string, Set<StoredListener>>();

  publish<T>(topic: BusTopic<T>, payload: NoInfer<T>): void {
    for (const listener of this.listenersOf(topic)) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`事件处理失败：${topic.name}`, error);
      }
    }
  }

  subscribe<T>(topic: BusTopic<T>, listener: (payload: T) => void): () => void {
    const listeners = this.listenersOf(topic);
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  private listenersOf<T>(topic: BusTopic<T>): Set<StoredListener> {
    let listeners = this.listeners.get(topic.name);
    if (!listeners) this.listeners.set(topic.name, (listeners = new Set()));
    return listeners;
  }
}
