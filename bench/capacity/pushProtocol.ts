// What bench/capacity/pushScale.ts and its client processes (pushClients.ts) share (no side effects: both import it).

export interface ClientSpec {
  mode: 'push' | 'bare';
  /** http://127.0.0.1:<port> of the server or of the bare broadcast. */
  target: string;
  /** The operator's session (push). */
  token?: string;
  count: number;
}

export interface ClientReport {
  receipts: number;
  /** Distinct (socket, alarm) pairs. */
  distinct: number;
  closed: number;
  /** Latency bucket (0.1 ms) → receipts. */
  histogram: Record<string, number>;
}

/** Every alarm's content: this, its id, `@` and the epoch ms it was raised. */
export const ALARM_CONTENT = '压测告警 #';
/** Alarm ids run 1 … rate × seconds, at most MAX_ID (pushScale checks): each socket counts its receipts of each. */
export const MAX_ID = 1000;
