// What bench/scale.ts and its child processes say to each other (no side effects: each side imports it).

/** The line prefix of bench/scale/ingestProbe.ts's answer to SIGUSR2. */
export const PROBE_PREFIX = 'BENCH_INGEST ';

/** Milliseconds since the epoch with sub-millisecond resolution, comparable between processes of one machine. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

export interface LoadDevice {
  tenantId: number;
  code: string;
  /** A numeric field of the device's kind: every report sets it to the report's number. */
  counter: string;
  /** Another numeric field: only the last report sets it, to the marker. */
  marker: string;
}

export interface TelemetrySpec {
  url: string;
  secretFile: string;
  devices: LoadDevice[];
  /** Reports per device in the measured phase. */
  messages: number;
  /** The value of the marker field in each device's last report. */
  markerValue: number;
  /** Devices connecting at once. */
  connectConcurrency: number;
}

export type LoadEvent =
  | { type: 'ready'; connected: number; failed: number; firstError?: string }
  | { type: 'warmed'; published: number; errors: number }
  | { type: 'done'; published: number; errors: number; firstError?: string; firstAt: number; lastAckAt: number }
  | { type: 'error'; message: string };

export interface PushSpec {
  mode: 'push' | 'bare';
  /** http://127.0.0.1:<port> of each instance (push) or of the bare server. */
  targets: string[];
  clients: number;
  rate: number;
  seconds: number;
  tenantId: number;
  alarmType: string;
}

export interface PushResult {
  mode: PushSpec['mode'];
  sent: number;
  raiseFailures: number;
  firstFailure?: string;
  expected: number;
  receipts: number;
  missing: number;
  duplicates: number;
  p50: number;
  p99: number;
  max: number;
  /** How long the raise requests took to answer (the alarm committed, before any fan-out). */
  raiseP50: number;
  raiseP99: number;
  /** Clients per target. */
  spread: number[];
}
