// The operators of bench/capacity's CPU part, a child process of its own:
// `node --import tsx bench/capacity/pushListeners.ts '<spec json>'`.
// Logs in (GET /api/authCodeLogin), opens `clients` push sockets spread over the instances in turn
// (POST /api/push/ticket, then /api/push/ws), and counts the device status pushes each receives.
// Commands on stdin: `count` → {"type":"count","perClient":[…]}; `stop` → exits.
// Prints {"type":"ready","spread":[…]} once every socket is open.
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { errorMessage } from '../../contracts/errorMessage';

export interface ListenerSpec {
  targets: string[];
  clients: number;
}

const STATUS_EVENTS = new Set(['online_event', 'offline_event']);
const endProcess: (code?: number) => never = process.exit.bind(process);
const emit = (event: object) => process.stdout.write(`${JSON.stringify(event)}\n`);

async function json<T>(response: Promise<Response>): Promise<T> {
  const reply = await response;
  if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
  return (await reply.json()) as T;
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as ListenerSpec;
  const login = await json<{ code: number; token?: string; msg?: string }>(
    fetch(`${spec.targets[0]}/api/authCodeLogin?authCode=OPER-2026-DEMO`),
  );
  if (login.code !== 200 || !login.token) throw new Error(`登录失败：${login.msg ?? login.code}`);
  const counts: number[] = [];
  const sockets: WebSocket[] = [];
  for (let index = 0; index < spec.clients; index++) {
    const target = spec.targets[index % spec.targets.length]!;
    const reply = await json<{ code: number; msg?: string; data?: { ticket: string; lastSeq: number } }>(
      fetch(`${target}/api/push/ticket`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` } }),
    );
    if (reply.code !== 200 || !reply.data) throw new Error(`推送票据获取失败：${reply.msg ?? reply.code}`);
    const socket = new WebSocket(`${target.replace(/^http/, 'ws')}/api/push/ws?token=${reply.data.ticket}&lastId=${reply.data.lastSeq}`);
    await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
    counts.push(0);
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { eventType?: string };
      if (message.eventType && STATUS_EVENTS.has(message.eventType)) counts[index]!++;
    });
    sockets.push(socket);
  }
  emit({
    type: 'ready',
    spread: spec.targets.map((_, target) => sockets.filter((_s, index) => index % spec.targets.length === target).length),
  });
  for await (const line of createInterface({ input: process.stdin })) {
    const command = line.trim();
    if (command === 'count') emit({ type: 'count', perClient: counts });
    else if (command === 'stop') break;
  }
  for (const socket of sockets) socket.terminate();
  setTimeout(() => endProcess(0), 100).unref();
}

main().catch((error: unknown) => {
  emit({ type: 'error', message: errorMessage(error) });
  process.exitCode = 1;
});
