// Push latency: N clients × R alarms/s through the real push channel (commit to push_log, then the
// WebSocket) against a bare WebSocket broadcast of the same messages, in the same run.
// Target: p99 ≤ 100 ms at 50 alarms/s to 200 clients, and ≤ 1.5× the bare baseline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { createServer } from '../server/createServer';

const CLIENTS = Number(process.env.PUSH_CLIENTS ?? 200);
const RATE = Number(process.env.PUSH_RATE ?? 50);
const SECONDS = Number(process.env.PUSH_SECONDS ?? 5);
const P99_BUDGET_MS = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Sends RATE messages a second for SECONDS; `send(id)` returns when the message is on its way. */
async function drive(send: (id: number) => Promise<void>): Promise<Map<number, number>> {
  const sentAt = new Map<number, number>();
  const total = RATE * SECONDS;
  const start = performance.now();
  for (let id = 1; id <= total; id++) {
    const due = start + ((id - 1) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt.set(id, performance.now());
    await send(id);
  }
  return sentAt;
}

function collect(sockets: WebSocket[], idOf: (text: string) => number | undefined) {
  const receipts: { id: number; at: number }[] = [];
  for (const socket of sockets)
    socket.on('message', (raw) => {
      const id = idOf(String(raw));
      if (id !== undefined) receipts.push({ id, at: performance.now() });
    });
  return receipts;
}

const opened = (socket: WebSocket) => new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
const settle = async (receipts: unknown[], expected: number) => {
  const deadline = Date.now() + 10_000;
  while (receipts.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
};

async function pushChannel(): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-push-'));
  const app = await createServer({ dataDir, simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 0.05 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const token = ((await app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' })).json() as { token: string }).token;
  const sockets: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const ticket = ((await app.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } })).json() as { data: { ticket: string } }).data.ticket;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/push/ws?token=${ticket}`);
    await opened(socket);
    sockets.push(socket);
  }
  const receipts = collect(sockets, (text) => (JSON.parse(text) as { data: { benchId?: number } }).data.benchId);
  const sentAt = await drive(async (id) => {
    await app.pushHub.publish(1, 'DEVICE_ALARM', { benchId: id, alarmContent: '压测告警', alarmTypeName: '烟感报警' });
  });
  await settle(receipts, sentAt.size * CLIENTS);
  for (const socket of sockets) socket.terminate();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (receipts.length !== sentAt.size * CLIENTS) throw new Error(`推送丢失：${receipts.length}/${sentAt.size * CLIENTS}`);
  return receipts.map((receipt) => receipt.at - sentAt.get(receipt.id)!);
}

async function bareBroadcast(): Promise<number[]> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as { port: number }).port;
  const sockets: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    await opened(socket);
    sockets.push(socket);
  }
  const receipts = collect(sockets, (text) => (JSON.parse(text) as { data: { benchId?: number } }).data.benchId);
  const sentAt = await drive(async (id) => {
    const text = JSON.stringify({ code: 200, eventType: 'DEVICE_ALARM', seq: id, data: { benchId: id, alarmContent: '压测告警', alarmTypeName: '烟感报警' } });
    for (const client of server.clients) client.send(text);
  });
  await settle(receipts, sentAt.size * CLIENTS);
  for (const socket of sockets) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  return receipts.map((receipt) => receipt.at - sentAt.get(receipt.id)!);
}

const bare = await bareBroadcast();
const push = await pushChannel();
const line = (label: string, values: number[]) => console.info(`${label.padEnd(16)} p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(2).padStart(7)} ms   (${values.length} receipts)`);
console.info(`${CLIENTS} clients × ${RATE} alarms/s for ${SECONDS} s`);
line('bare broadcast', bare);
line('push channel', push);
const ratio = percentile(push, 99) / percentile(bare, 99);
console.info(`p99 push/bare ratio ${ratio.toFixed(2)} (target ≤ 1.5); p99 ${percentile(push, 99).toFixed(2)} ms vs budget ${P99_BUDGET_MS} ms (ratio ${(percentile(push, 99) / P99_BUDGET_MS).toFixed(2)})`);
if (percentile(push, 99) > P99_BUDGET_MS || ratio > 1.5) process.exitCode = 1;
