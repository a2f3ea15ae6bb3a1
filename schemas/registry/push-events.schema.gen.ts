/* Generated from schemas/registry/push-events.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * registry/pushEvents.json: what each push-channel event type does (spec section 7). Adding an event type is a data change.
 */
export interface PushEventRouting {
  $schema?: string;
  events: {
    [k: string]: PushEventRoute;
  };
}
/**
 * This interface was referenced by `PushEventRouting`'s JSON-Schema
 * via the `definition` "PushEventRoute".
 */
export interface PushEventRoute {
  action: 'toast' | 'silent';
  alarmType?: string;
  target?: {
    module: string;
    child?: string;
  };
  /**
   * Internal bus topic the message is forwarded on.
   */
  topic: string;
}
