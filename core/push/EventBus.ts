import { createToken } from '../di/Token';
/** In-app topics (registry/pushEvents.json names them); features subscribe without knowing the socket. */
export const EventBus = createToken<EventBus>('EventBus', '应用内主题消息（推送消息经此分发）');
export interface EventBus {
  publish(topic: string, payload: unknown): void;
  /** Subscribes to a topic, or to every topic with '*'. Returns the unsubscribe function. */
  subscribe(topic: string, listener: (payload: unknown, topic: string) => void): () => void;
}

export class SimpleEventBus implements EventBus {
  private readonly listeners = new Map<string, Set<(payload: unknown, topic: string) => void>>();

  publish(topic: string, payload: unknown): void {
    for (const key of [topic, '*']) {
      for (const listener of this.listeners.get(key) ?? []) {
        try {
          listener(payload, topic);
        } catch (error) {
          console.error(`事件处理失败：${topic}`, error);
        }
      }
    }
  }

  subscribe(topic: string, listener: (payload: unknown, topic: string) => void): () => void {
    if (!this.listeners.has(topic)) this.listeners.set(topic, new Set());
    this.listeners.get(topic)!.add(listener);
    return () => this.listeners.get(topic)?.delete(listener);
  }
}
