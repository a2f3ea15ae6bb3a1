/** One message of the push channel: committed with a per-tenant sequence id before it is sent. */
export interface PushMessage {
  code: number;
  eventType: string;
  seq: number;
  data: Record<string, unknown>;
}
