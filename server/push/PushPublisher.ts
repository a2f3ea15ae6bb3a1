import type { PushTopic } from '../../contracts/push';

/**
 * Where a feature announces committed changes: `PushHub` in the server, a fake in tests. The payload
 * must be the topic's type (checked at compile time); it travels as the message's `data`.
 */
export interface PushPublisher {
  publish<T extends object>(tenantId: number, topic: PushTopic<T>, payload: NoInfer<T>): Promise<unknown>;
}
