// Push latency: N clients × R alarms/s through the real push channel (commit to push_log, then the
// WebSocket) against a bare WebSocket broadcast of the same messages, in the same run.
// Target: p99 ≤ 100 ms at 50 alarms/s to 200 clients, and ≤ 1.5× the bare baseline.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { createServer } from '../server/createServer';
import { testPushTopic } from '../server/testing/testPushTopic';
import { bareMessage, collect, drive, latencies, opened, percentile, settle } from './scale/pushLatency';

const CLIENTS = Number(process.env.PUSH_CLIENTS ?? 200);
const RATE = Number(process.env.PUSH_RATE ?? 50);
const SECONDS = Number(process.env.PUSH_SECONDS ?? 5);
const P99_BUDGET_MS = 100;
/** An alarm-sized message through the whole channel (commit, fan-out); the raw sockets read only benchId. */
const benchTopic = testPushTopic('BENCH_PUSH');

async function pushChannel(): Promise<number[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-push-'));
  const app = await createServer({ dataDir, simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 0.05 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const token = ((await app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' })).json() as { token: string })
    .token;
  const sockets: WebSocket[] = [];
  for (let index = 0; index < CLIENTS; index++) {
    const ticket = (
      (await app.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${token}` } })).json() as {
        data: { ticket: string };
      }
    ).data.ticket;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/push/ws?token=${ticket}`);
    await opened(socket);
    sockets.push(socket);
  }
  const receipts = collect(sockets, (text) => (JSON.parse(text) as { data: { benchId?: number } }).data.benchId);
  const sentAt = await drive(
    { rate: RATE, seconds: SECONDS },
    async (id) => {
      await app.pushHub.publish(1, benchTopic, { benchId: id, alarmContent: '压测告警', alarmTypeName: '烟感报警' });
    },
    { awaitEach: true },
  );
  await settle(receipts, sentAt.size * CLIENTS);
  for (const socket of sockets) socket.terminate();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (receipts.length !== sentAt.size * CLIENTS) throw new Error(`推送丢失：${receipts.length}/${sentAt.size * CLIENTS}`);
  return latencies(receipts, sentAt);
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
  const sentAt = await drive(
    { rate: RATE, seconds: SECONDS },
    async (id) => {
      const text = bareMessage(id, { benchId: id, alarmContent: '压测告警' });
      for (const client of server.clients) client.send(text);
    },
    { awaitEach: true },
  );
  await settle(receipts, sentAt.size * CLIENTS);
  for (const socket of sockets) socket.terminate();
  await new Promise((resolve) => server.close(resolve));
  return latencies(receipts, sentAt);
}

const bare = await bareBroadcast();
const push = await pushChannel();
const line = (label: string, values: number[]) =>
  console.info(
    `${label.padEnd(16)} p50 ${percentile(values, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(2).padStart(7)} ms   (${values.length} receipts)`,
  );
console.info(`${CLIENTS} clients × ${RATE} alarms/s for ${SECONDS} s`);
line('bare broadcast', bare);
line('push channel', push);
const ratio = percentile(push, 99) / percentile(bare, 99);
console.info(
  `p99 push/bare ratio ${ratio.toFixed(2)} (target ≤ 1.5); p99 ${percentile(push, 99).toFixed(2)} ms vs budget ${P99_BUDGET_MS} ms (ratio ${(percentile(push, 99) / P99_BUDGET_MS).toFixed(2)})`,
);
if (percentile(push, 99) > P99_BUDGET_MS || ratio > 1.5) process.exitCode = 1;
