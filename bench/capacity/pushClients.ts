// Push sockets for bench/capacity/pushScale.ts, in a process of their own (several run side by side):
// `node --import tsx bench/capacity/pushClients.ts '<spec json>'` opens `count` sockets — mode "push":
// the real protocol (a ticket per socket from POST /api/push/ticket with the operator's session, then
// /api/push/ws?token=…&lastId=…), mode "bare": bench/scale/bareBroadcast.ts's /ws — and prints {"ready": n}.
// Every alarm's content carries its id and the epoch time it was raised (`压测告警 #<id>@<ms>`), so each
// arrival's latency is known at once, without parsing the message. On the line "report" on stdin it
// prints its figures as one JSON line (latencies as a histogram of 0.1 ms buckets) and closes the sockets.
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { errorMessage } from '../../contracts/errorMessage';
import { epochNow } from '../scale/protocol';
import { MAX_ID, type ClientReport, type ClientSpec } from './pushProtocol';

const HASH = 0x23;
const AT = 0x40;

/** The id and raise time after the message's `#` (ASCII digits, `@`, digits and a dot), or undefined. */
function stampOf(raw: Buffer): { id: number; sentAt: number } | undefined {
  const hash = raw.indexOf(HASH);
  if (hash < 0) return undefined;
  const at = raw.indexOf(AT, hash);
  if (at < 0) return undefined;
  let end = at + 1;
  while (end < raw.length && ((raw[end]! >= 0x30 && raw[end]! <= 0x39) || raw[end] === 0x2e)) end++;
  const id = Number(raw.toString('latin1', hash + 1, at));
  const sentAt = Number(raw.toString('latin1', at + 1, end));
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID && Number.isFinite(sentAt) ? { id, sentAt } : undefined;
}

const opened = (socket: WebSocket) => new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));

async function openSocket(spec: ClientSpec): Promise<WebSocket> {
  const ws = spec.target.replace(/^http/, 'ws');
  if (spec.mode === 'bare') return new WebSocket(`${ws}/ws`);
  const reply = await fetch(`${spec.target}/api/push/ticket`, { method: 'POST', headers: { authorization: `Bearer ${spec.token}` } });
  const body = (await reply.json()) as { code: number; msg?: string; data?: { ticket: string; lastSeq: number } };
  if (body.code !== 200 || !body.data) throw new Error(`推送票据获取失败：${body.msg ?? body.code}`);
  return new WebSocket(`${ws}/api/push/ws?token=${body.data.ticket}&lastId=${body.data.lastSeq}`);
}

async function main(spec: ClientSpec): Promise<void> {
  const histogram = new Map<number, number>();
  // Receipts per (socket, id): counted in place, so a duplicate shows without a set of a million entries.
  const counts = new Uint8Array(spec.count * MAX_ID);
  let distinct = 0;
  let receipts = 0;
  let closed = 0;
  const sockets: WebSocket[] = [];
  // Opened a few at a time: 2,000 at once would measure the server's accept queue, not its push.
  for (let index = 0; index < spec.count; index += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, spec.count - index) }, async () => {
        const socket = await openSocket(spec);
        await opened(socket);
        return socket;
      }),
    );
    for (const socket of batch) {
      sockets.push(socket);
      socket.once('close', () => closed++);
      const client = sockets.length - 1;
      socket.on('message', (raw: Buffer) => {
        const at = epochNow();
        const stamp = stampOf(raw);
        if (!stamp) return;
        receipts++;
        const slot = client * MAX_ID + stamp.id - 1;
        if (counts[slot]! === 0) distinct++;
        counts[slot] = Math.min(255, counts[slot]! + 1);
        const bucket = Math.max(0, Math.round((at - stamp.sentAt) * 10));
        histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
      });
    }
  }
  process.stdout.write(`${JSON.stringify({ ready: sockets.length })}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'report') return;
    const report: ClientReport = { receipts, distinct, closed, histogram: Object.fromEntries(histogram) };
    for (const socket of sockets) socket.terminate();
    process.stdout.write(`${JSON.stringify(report)}\n`);
    process.stdin.destroy();
  });
}

main(JSON.parse(process.argv[2] ?? '{}') as ClientSpec).catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exitCode = 1;
});
