import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { SimpleEventBus } from '../../core/push/EventBus';
import { PUSH_TOPIC_ALL, PushClient } from '../../core/push/PushClient';
import { alarmPushTopic } from '../../contracts/push/alarmPushTopic';

const CLIENTS = 4;
const RESTARTS = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'ops-reliability-'));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port: number): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_DEV_ENDPOINT: '1',
      SIMULATOR: '0',
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`服务器没有启动：${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('已启动')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
  });
}

async function killServer(): Promise<void> {
  const running = child;
  if (!running || running.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGKILL');
  });
}

describe('push reliability', () => {
  it('delivers every committed alarm exactly once, in order, to every client across server kills', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api`;
    await startServer(port);
    const login = (await (await fetch(`${base}/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };

    const inboxes: number[][] = [];
    // A client new to the tenant starts at what is committed after it connects: raise nothing before
    // every one is connected (a fixed pause was too short on a loaded machine; the first alarm was lost).
    const connected = new Set<number>();
    const clients = Array.from({ length: CLIENTS }, (_, index) => {
      const bus = new SimpleEventBus();
      const inbox: number[] = [];
      inboxes.push(inbox);
      // Only the alarms: the server's own pushes (the video-diagnosis round each start runs) are not part of the count.
      bus.subscribe(PUSH_TOPIC_ALL, ({ message }) => {
        if (message.eventType === alarmPushTopic.eventType) inbox.push(Number(message.data.alarmId));
      });
      const store = new Map<string, string>();
      const client = new PushClient({
        bus,
        storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value) },
        url: () => `ws://127.0.0.1:${port}/api/push/ws`,
        getTicket: async () => {
          const reply = (await (
            await fetch(`${base}/push/ticket`, { method: 'POST', headers: { Authorization: `Bearer ${login.token}` } })
          ).json()) as { data: { ticket: string } };
          return reply.data.ticket;
        },
        createSocket: (url) => {
          const socket = new WebSocket(url);
          socket.once('open', () => connected.add(index));
          return socket as unknown as globalThis.WebSocket;
        },
        reconnectMs: 200,
      });
      client.start(1);
      return client;
    });

    const committed: number[] = [];
    const raise = async () => {
      try {
        const reply = (await (
          await fetch(`${base}/dev/alarm/raise`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tenantId: 1, alarmType: 'SMOKE', content: '可靠性测试' }),
          })
        ).json()) as { code: number; data: { alarmId: number } };
        if (reply.code === 200) committed.push(reply.data.alarmId);
      } catch {
        // Server down: this alarm was never committed, so no client may receive it.
      }
    };
    const connectBy = Date.now() + 30_000;
    while (connected.size < CLIENTS && Date.now() < connectBy) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connected.size).toBe(CLIENTS);
    // The server subscribes a socket to its tenant just after the upgrade (once the ticket is redeemed):
    // warm-up alarms until each client has heard one prove every client is subscribed. They are not
    // part of the comparison.
    const warmUps = new Set<number>();
    while (inboxes.some((inbox) => inbox.length === 0) && Date.now() < connectBy) {
      const before = committed.length;
      await raise();
      for (const alarmId of committed.splice(before)) warmUps.add(alarmId);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (let round = 0; round <= RESTARTS; round++) {
      for (let index = 0; index < 15; index++) {
        await raise();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (round < RESTARTS) {
        await killServer();
        await raise();
        await startServer(port);
      }
    }
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && inboxes.some((inbox) => inbox.length < committed.length))
      await new Promise((resolve) => setTimeout(resolve, 100));
    for (const client of clients) client.stop();
    await killServer();

    expect(committed.length).toBeGreaterThanOrEqual(15 * (RESTARTS + 1));
    for (const inbox of inboxes) expect(inbox.filter((alarmId) => !warmUps.has(alarmId))).toEqual(committed);
  });
});
