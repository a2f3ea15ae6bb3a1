import type { JsonSchemaObject, PushSchema } from './pushSchema';

/** A push topic with its payload type set aside: what a list of every declared topic holds. */
export interface PushTopicDeclaration {
  /** The wire's `eventType` (registry/pushEvents.json routes it to an in-app topic and an action). */
  readonly eventType: string;
  /** JSON schema of the message's `data`; the web app checks every incoming message of this event type against it. */
  readonly schema: JsonSchemaObject;
}

/**
 * One push event and the type of its `data` (in the spirit of `Token<T>`): the server publishes it with
 * `PushHub.publish(tenantId, topic, payload)`, the web app subscribes with `usePush(topic, handler)`, and
 * both take `T` from here.
 */
export interface PushTopic<T extends object> extends PushTopicDeclaration {
  readonly schema: PushSchema<T>;
}

/** Declares a push topic; `schema` must accept exactly `T` (checked at compile time, see pushSchema.ts). */
export function definePushTopic<T extends object>(topic: { eventType: string; schema: PushSchema<T> }): PushTopic<T> {
  return { eventType: topic.eventType, schema: topic.schema };
}
