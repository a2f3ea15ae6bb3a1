// The push clients of bench/scale.ts, in a child process of their own:
// `node --import tsx bench/scale/pushLoad.ts '<spec json>'` prints one JSON line with the figures.
//
// mode "push": the real push protocol against the server instances — an operator logs in
// (GET /api/authCodeLogin), each client trades the session for a ticket (POST /api/push/ticket) and
// opens /api/push/ws?token=…&lastId=…; clients are spread over the instances in turn. Alarms are raised
// at `rate`/s through POST /api/dev/alarm/raise (SMS_DEV_ENDPOINT=1), spread over the instances in turn;
// the latency of each is from the moment its request is sent to its arrival at each client.
// mode "bare": the same clients and messages against bench/scale/bareBroadcast.ts, a bare WebSocket
// server that broadcasts what it is POSTed.
// Every client must receive every alarm exactly once; anything else is reported (and fails the run).
import { WebSocket } from 'ws';
import type { PushResult, PushSpec } from './protocol';
import { collect, drive, latencies, opened, percentile, settle } from './pushLatency';
import { errorMessage } from '../../contracts/errorMessage';

const CONTENT = '压测告警 #';
const ID = /压测告警 #(\d+)$/;

async function json<T>(response: Promise<Response>): Promise<T> {
  const reply = await response;
  if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
  return (await reply.json()) as T;
}

async function openClients(spec: PushSpec): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  if (spec.mode === 'bare') {
    for (let index = 0; index < spec.clients; index++) {
      const socket = new WebSocket(`${spec.targets[index % spec.targets.length]!.replace(/^http/, 'ws')}/ws`);
      await opened(socket);
      sockets.push(socket);
    }
    return sockets;
  }
  const login = await json<{ code: number; token?: string; msg?: string }>(
    fetch(`${spec.targets[0]}/api/authCodeLogin?authCode=OPER-2026-DEMO`),
  );
  if (login.code !== 200 || !login.token) throw new Error(`登录失败：${login.msg ?? login.code}`);
  for (let index = 0; index < spec.clients; index++) {
    const target = spec.targets[index % spec.targets.length]!;
    const reply = await json<{ code: number; msg?: string; data?: { ticket: string; lastSeq: number } }>(
      fetch(`${target}/api/push/ticket`, { method: 'POST', headers: { authorization: `Bearer ${login.token}` } }),
    );
    if (reply.code !== 200 || !reply.data) throw new Error(`推送票据获取失败：${reply.msg ?? reply.code}`);
    const socket = new WebSocket(`${target.replace(/^http/, 'ws')}/api/push/ws?token=${reply.data.ticket}&lastId=${reply.data.lastSeq}`);
    await opened(socket);
    sockets.push(socket);
  }
  return sockets;
}

async function run(spec: PushSpec): Promise<PushResult> {
  const sockets = await openClients(spec);
  const closed: number[] = [];
  sockets.forEach((socket, index) => socket.once('close', () => closed.push(index)));
  const receipts = collect(sockets, (text) => {
    const content = (JSON.parse(text) as { data?: { alarmContent?: unknown } }).data?.alarmContent;
    const match = typeof content === 'string' ? ID.exec(content) : null;
    return match ? Number(match[1]) : undefined;
  });
  // Live messages only from here: a moment for the last sockets' replay to finish.
  await new Promise((resolve) => setTimeout(resolve, 500));
  let raiseFailures = 0;
  let firstFailure: string | undefined;
  const answered: number[] = [];
  const sentAt = await drive({ rate: spec.rate, seconds: spec.seconds }, async (id) => {
    const target = spec.targets[id % spec.targets.length]!;
    const sentAt = performance.now();
    try {
      const url = spec.mode === 'bare' ? `${target}/raise` : `${target}/api/dev/alarm/raise`;
      const reply = await json<{ code: number; msg?: string }>(
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tenantId: spec.tenantId, alarmType: spec.alarmType, content: `${CONTENT}${id}` }),
        }),
      );
      if (reply.code !== 200) throw new Error(reply.msg ?? String(reply.code));
      answered.push(performance.now() - sentAt);
    } catch (error) {
      raiseFailures++;
      firstFailure ??= `告警 ${id}：${errorMessage(error)}`;
    }
  });
  const expected = sentAt.size * spec.clients;
  await settle(receipts, expected, 15_000);
  // A moment more: duplicates would come after the last expected message.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const socket of sockets) socket.terminate();
  const seen = new Set<string>();
  let duplicates = 0;
  for (const receipt of receipts) {
    const key = `${receipt.client}:${receipt.id}`;
    if (seen.has(key)) duplicates++;
    else seen.add(key);
  }
  const values = latencies(receipts, sentAt);
  const spread = spec.targets.map((_, target) => sockets.filter((_socket, index) => index % spec.targets.length === target).length);
  if (closed.length) firstFailure ??= `${closed.length} 个推送连接在测量中被关闭`;
  return {
    mode: spec.mode,
    sent: sentAt.size,
    raiseFailures,
    ...(firstFailure ? { firstFailure } : {}),
    expected,
    receipts: receipts.length,
    missing: expected - seen.size,
    duplicates,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.reduce((max, value) => Math.max(max, value), 0),
    raiseP50: percentile(answered, 50),
    raiseP99: percentile(answered, 99),
    spread,
  };
}

run(JSON.parse(process.argv[2] ?? '{}') as PushSpec).then(
  (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
  (error: unknown) => {
    console.error(errorMessage(error));
    process.exitCode = 1;
  },
);
