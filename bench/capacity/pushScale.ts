// Push at scale on one instance (issue 24, item 4): PUSH_SCALE_SOCKETS (2,000) sockets on loopback to ONE
// server process (tests/e2e/startServer: server/main.ts on SQLite, simulator off, SMS_DEV_ENDPOINT=1), held
// by PUSH_SCALE_PROCESSES (3) client processes (bench/capacity/pushClients.ts), while this process raises
// alarms at PUSH_SCALE_RATE/s (50) for PUSH_SCALE_SECONDS (10) through POST /api/dev/alarm/raise; latency is
// from the raise request to each socket's receipt. The same sockets and alarms against a bare `ws` broadcast
// (bench/scale/bareBroadcast.ts, a process of its own: POST /raise sends the alarm to every socket), measured
// before and after the server (the machine's speed drifts; the baseline is the mean of the two p99s).
// Also: memory per socket (the process's RSS after the sockets opened minus before, over the sockets) and
// push fan-out per core (messages delivered per second over the cores the process used meanwhile).
// Every socket must receive every alarm exactly once.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../tests/e2e/startServer';
import { startBare } from '../scale/childProcesses';
import { processTicks, TICKS } from '../scale/cpuTime';
import { epochNow } from '../scale/protocol';
import { drive } from '../scale/pushLatency';
import { setting, sleep } from '../scale/settings';
import { ALARM_CONTENT, MAX_ID, type ClientReport, type ClientSpec } from './pushProtocol';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
const SOCKETS = Math.floor(setting('PUSH_SCALE_SOCKETS', 2000, 1, 20_000));
const RATE = setting('PUSH_SCALE_RATE', 50, 1, 1000);
const SECONDS = setting('PUSH_SCALE_SECONDS', 10, 1, 600);
const PROCESSES = Math.floor(setting('PUSH_SCALE_PROCESSES', 3, 1, 16));
if (RATE * SECONDS > MAX_ID) throw new Error(`PUSH_SCALE_RATE × PUSH_SCALE_SECONDS 最多 ${MAX_ID} 条告警，当前为 ${RATE * SECONDS}`);

interface Phase {
  p50: number;
  p99: number;
  expected: number;
  receipts: number;
  distinct: number;
  closed: number;
  /** KB of the target's RSS per socket. */
  kbPerSocket: number;
  /** Cores the target process used while the alarms went out. */
  cores: number;
  /** Messages delivered per second per core of the target. */
  perCore: number;
  /** Cores the client processes used meanwhile. */
  clientCores: number;
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

/** One client process: resolves once its sockets are open; `report()` ends it with its figures. */
async function startClients(spec: ClientSpec) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'pushClients.ts'), JSON.stringify(spec)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const waiting: (() => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiting.splice(0)) wake();
  });
  child.once('exit', () => {
    for (const wake of waiting.splice(0)) wake();
  });
  const next = async <T>(): Promise<T> => {
    while (!lines.length) {
      if (child.exitCode !== null) throw new Error(`推送客户端进程已退出（退出码 ${child.exitCode}）`);
      await new Promise<void>((wake) => waiting.push(wake));
    }
    return JSON.parse(lines.shift()!) as T;
  };
  await next<{ ready: number }>();
  return {
    pid: child.pid!,
    report: async () => {
      child.stdin!.write('report\n');
      return next<ClientReport>();
    },
  };
}

/** A percentile of merged 0.1 ms histograms, in ms. */
function percentile(histogram: Map<number, number>, total: number, p: number): number {
  const rank = Math.min(total - 1, Math.floor((p / 100) * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen > rank) return bucket / 10;
  }
  return Number.NaN;
}

async function phase(mode: ClientSpec['mode'], target: string, pid: number, token?: string): Promise<Phase> {
  const rssBefore = rssKb(pid);
  const clients = await Promise.all(
    Array.from({ length: PROCESSES }, (_, index) =>
      startClients({
        mode,
        target,
        ...(token ? { token } : {}),
        count: Math.floor(SOCKETS / PROCESSES) + (index < SOCKETS % PROCESSES ? 1 : 0),
      }),
    ),
  );
  await sleep(1000);
  const rssAfter = rssKb(pid);
  const cpuBefore = processTicks(pid);
  const clientTicks = () => clients.reduce((sum, client) => sum + processTicks(client.pid), 0);
  const clientsBefore = clientTicks();
  const started = performance.now();
  let failures = 0;
  const url = mode === 'bare' ? `${target}/raise` : `${target}/api/dev/alarm/raise`;
  const sent = await drive({ rate: RATE, seconds: SECONDS }, async (id) => {
    const reply = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: 1, alarmType: 'SMOKE', content: `${ALARM_CONTENT}${id}@${epochNow()}` }),
    }).catch(() => undefined);
    if (!reply?.ok || ((await reply.json()) as { code: number }).code !== 200) failures++;
  });
  // The last alarms' delivery: the sockets are read once they have had time to arrive.
  await sleep(2000);
  const seconds = (performance.now() - started) / 1000;
  const cores = (processTicks(pid) - cpuBefore) / TICKS / seconds;
  const clientCores = (clientTicks() - clientsBefore) / TICKS / seconds;
  const reports = await Promise.all(clients.map((client) => client.report()));
  if (failures) throw new Error(`${failures} 次告警触发失败（${mode}）`);
  const histogram = new Map<number, number>();
  for (const report of reports)
    for (const [bucket, count] of Object.entries(report.histogram))
      histogram.set(Number(bucket), (histogram.get(Number(bucket)) ?? 0) + count);
  const receipts = reports.reduce((sum, report) => sum + report.receipts, 0);
  const expected = sent.size * SOCKETS;
  return {
    p50: percentile(histogram, receipts, 50),
    p99: percentile(histogram, receipts, 99),
    expected,
    receipts,
    distinct: reports.reduce((sum, report) => sum + report.distinct, 0),
    closed: reports.reduce((sum, report) => sum + report.closed, 0),
    kbPerSocket: (rssAfter - rssBefore) / SOCKETS,
    cores,
    perCore: receipts / seconds / Math.max(cores, 0.01),
    clientCores,
  };
}

export async function measurePushScale(): Promise<{ p99Ratio: number; report: string[] }> {
  const server = await startServer({ SIMULATOR: '0', JANUS: '0', RECORDINGS: '0', MQTT_URL: '' });
  const bare = await startBare();
  try {
    const login = (await (await fetch(`${server.url}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as {
      token?: string;
      msg?: string;
    };
    if (!login.token) throw new Error(`登录失败：${login.msg}`);
    // A few alarms first: the first of a process pays for compiling its path.
    for (let id = 0; id < 5; id++)
      await fetch(`${server.url}/api/dev/alarm/raise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenantId: 1, alarmType: 'SMOKE', content: '预热' }),
      });
    const bareFirst = await phase('bare', bare.url, bare.pid);
    const push = await phase('push', server.url, server.pid, login.token);
    const bareLast = await phase('bare', bare.url, bare.pid);
    const bareP99 = (bareFirst.p99 + bareLast.p99) / 2;
    const p99Ratio = push.p99 / bareP99;
    const problems = [bareFirst, push, bareLast].flatMap((figures, index) => {
      const name = ['裸广播（前）', '推送通道', '裸广播（后）'][index];
      const lost = figures.expected - figures.distinct;
      const duplicates = figures.receipts - figures.distinct;
      return lost || duplicates || figures.closed ? [`${name}：丢失 ${lost}，重复 ${duplicates}，连接被关闭 ${figures.closed}`] : [];
    });
    const line = (name: string, figures: Phase) =>
      `  ${name.padEnd(8)} p50 ${figures.p50.toFixed(1).padStart(7)} ms   p99 ${figures.p99.toFixed(1).padStart(7)} ms   ${figures.receipts}/${figures.expected} 条   进程 ${(figures.cores * 100).toFixed(0)}% 核，每核每秒 ${Math.round(figures.perCore).toLocaleString('en-US')} 条   每连接内存 ${figures.kbPerSocket.toFixed(1)} KB   客户端 ${(figures.clientCores * 100).toFixed(0)}% 核`;
    const report = [
      `推送规模（单实例，SQLite）：${SOCKETS} 个连接（${PROCESSES} 个客户端进程），每秒 ${RATE} 条告警 × ${SECONDS} s，延迟 = 触发请求 → 各连接收到`,
      line('裸广播前', bareFirst),
      line('推送通道', push),
      line('裸广播后', bareLast),
      `推送 p99 / 裸广播 p99（前后均值 ${bareP99.toFixed(1)} ms）= ${p99Ratio.toFixed(2)}（目标 ≤ 2.0）`,
      ...problems,
    ];
    if (problems.length) throw new Error(report.join('\n'));
    return { p99Ratio, report };
  } finally {
    await bare.stop();
    await server.stop();
  }
}
