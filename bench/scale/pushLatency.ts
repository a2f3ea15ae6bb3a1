// Push-latency measurement shared by bench/push.ts (one in-process server) and bench/scale (instances as
// processes): a paced sender, sockets that note when each message arrives, percentiles, and the
// message a bare WebSocket broadcast sends in their place.
import { WebSocket } from 'ws';

export const percentile = (values: readonly number[], p: number): number => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

export interface Pace {
  /** Messages per second. */
  rate: number;
  seconds: number;
}

/**
 * Sends `rate` messages a second for `seconds`, ids 1…rate×seconds, on schedule; the time each was sent
 * (performance.now()) is noted just before `send(id)`. `awaitEach` waits for each send before the next
 * (an in-process publish); otherwise sends overlap (HTTP requests), and all are awaited at the end.
 */
export async function drive(
  pace: Pace,
  send: (id: number) => Promise<void>,
  options: { awaitEach?: boolean } = {},
): Promise<Map<number, number>> {
  const sentAt = new Map<number, number>();
  const total = Math.round(pace.rate * pace.seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let id = 1; id <= total; id++) {
    const due = start + ((id - 1) * 1000) / pace.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt.set(id, performance.now());
    if (options.awaitEach) await send(id);
    else pending.push(send(id));
  }
  await Promise.all(pending);
  return sentAt;
}

export interface Receipt {
  /** Index of the socket that received it. */
  client: number;
  id: number;
  at: number;
}

/** Notes, per socket, every message `idOf` recognises and when it arrived. */
export function collect(sockets: readonly WebSocket[], idOf: (text: string) => number | undefined): Receipt[] {
  const receipts: Receipt[] = [];
  sockets.forEach((socket, client) =>
    socket.on('message', (raw) => {
      const at = performance.now();
      const id = idOf(String(raw));
      if (id !== undefined) receipts.push({ client, id, at });
    }),
  );
  return receipts;
}

export const opened = (socket: WebSocket): Promise<void> =>
  new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));

/** Waits until `expected` receipts are in or `timeoutMs` has passed. */
export async function settle(receipts: readonly unknown[], expected: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (receipts.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Latency of every receipt: arrival minus when its message was sent. */
export const latencies = (receipts: readonly Receipt[], sentAt: ReadonlyMap<number, number>): number[] =>
  receipts.map((receipt) => receipt.at - sentAt.get(receipt.id)!);

/** What the bare broadcast sends: shaped like the push channel's alarm message. */
export function bareMessage(seq: number, data: Record<string, unknown>): string {
  return JSON.stringify({ code: 200, eventType: 'DEVICE_ALARM', seq, data: { alarmTypeName: '烟感报警', ...data } });
}
