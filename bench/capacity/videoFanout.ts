// Server-side video fan-out without browsers (issue 24, item 3): headless werift subscribers
// (bench/capacity/videoSubscribers.ts, no decoding, spread over VIDEO_FANOUT_PROCESSES processes) join one
// camera of the real server (tests/e2e/startServer: server/main.ts as a process, simulator, Janus and recording off) at 1, 9
// and 25 subscribers at once. Each round takes a camera nobody watches, so the join starts its ffmpeg
// source, as an operator opening a tile does. Per subscriber: the time from its join (before its offer) to
// ICE+DTLS connected, to the first RTP packet and to the first VP8 key frame (the first picture a player
// can show). A round's figure is its slowest subscriber; a count's figure the median of its rounds.
// The ratio is the key-frame figure at 9 and 25 over 1 (target 25/1 ≤ 1.5).
// CPU from /proc: the server process over the joins (per join), then with everyone connected over a
// steady window: (server at 25 − server at 1) / 24 is one more subscriber's cost; the camera's ffmpeg
// (the server's child) over the same windows is one feed's cost.
// Bare baseline, in the same run: the same subscribers join bareVideoEndpoint.ts (werift's peer and answer
// alone, no product) at the same counts: what N joins at once cost on this machine with werift at both ends.
// Settings: VIDEO_FANOUT_ROUNDS (3), VIDEO_FANOUT_STEADY_SECONDS (4), VIDEO_FANOUT_COUNTS (1,9,25), VIDEO_FANOUT_PROCESSES (5),
// VIDEO_FANOUT_BARE (1).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { startServer } from '../../tests/e2e/startServer';
import { findFfmpeg } from '../../server/stream/CameraFeed';
import { processTicks, TICKS } from '../scale/cpuTime';
import { setting, sleep, switchSetting } from '../scale/settings';
import type { JoinCommand, JoinTimes, SubscriberReply } from './videoSubscribers';
import type { BareVideoEvent } from './bareVideoEndpoint';
import { startJsonChild, type JsonChild } from './jsonChild';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
const ROUNDS = Math.floor(setting('VIDEO_FANOUT_ROUNDS', 3, 1, 20));
const STEADY_SECONDS = setting('VIDEO_FANOUT_STEADY_SECONDS', 4, 1, 60);
/** Subscriber processes: a join's peers are spread over them, so no one event loop holds 25 DTLS handshakes. */
const PROCESSES = Math.floor(setting('VIDEO_FANOUT_PROCESSES', 5, 1, 25));
/** VIDEO_FANOUT_BARE=0 leaves out the bare werift baseline (bareVideoEndpoint.ts). */
const BARE = switchSetting('VIDEO_FANOUT_BARE', true);
const COUNTS = (process.env.VIDEO_FANOUT_COUNTS ?? '1,9,25').split(',').map((part) => {
  const count = Number(part.trim());
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new Error(`VIDEO_FANOUT_COUNTS 的每一项应是 1 到 100 的整数，当前为 "${part}"`);
  return count;
});

/** A running subscriber process: one command at a time, one JSON line back. */
function startSubscribers() {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'videoSubscribers.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const replies: SubscriberReply[] = [];
  const waiting: (() => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    replies.push(JSON.parse(line) as SubscriberReply);
    for (const wake of waiting.splice(0)) wake();
  });
  child.once('exit', () => {
    for (const wake of waiting.splice(0)) wake();
  });
  const ask = async (command: object): Promise<SubscriberReply> => {
    child.stdin!.write(`${JSON.stringify(command)}\n`);
    while (!replies.length) {
      if (child.exitCode !== null) throw new Error(`订阅者进程已退出（退出码 ${child.exitCode}）`);
      await new Promise<void>((wake) => waiting.push(wake));
    }
    const reply = replies.shift()!;
    if ('error' in reply) throw new Error(`订阅者出错：${reply.error}`);
    return reply;
  };
  return {
    pid: child.pid!,
    join: async (command: JoinCommand) => {
      const reply = await ask({ join: command });
      if (!('joined' in reply)) throw new Error('订阅者进程的应答不是加入结果');
      return reply.joined;
    },
    leave: () => ask({ leave: true }),
    stop: () => child.stdin!.end(),
  };
}

function ffmpegChildren(pid: number): number[] {
  return spawnSync('pgrep', ['-P', String(pid), 'ffmpeg'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
}

/** Waits until the server has stopped every camera source (it stops one a few seconds after its last viewer). */
async function sourcesStopped(pid: number): Promise<void> {
  for (let waited = 0; ffmpegChildren(pid).length && waited < 15_000; waited += 200) await sleep(200);
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processTicks(pid), 0) / TICKS;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const pct = (cores: number) => `${(cores * 100).toFixed(1)}%`;

interface CountFigures {
  count: number;
  /** Per round: the slowest subscriber's times. */
  rounds: JoinTimes[];
  /** Server CPU seconds per join, over the joins. */
  joinCpu: number[];
  /** Cores, with everyone connected: the server process and the camera's ffmpeg. */
  steadyServer: number[];
  steadyFfmpeg: number[];
}

type Subscribers = {
  join(command: JoinCommand): Promise<JoinTimes[]>;
  leave(): Promise<unknown>;
  stop(): void;
};

/** The rounds at every count against one endpoint: `cameras` gives each round's camera, `settle` waits after a round. */
async function measureCounts(
  subscribers: Subscribers,
  endpoint: { url: string; token: string; pid: number },
  cameras: () => number,
  settle: () => Promise<void>,
  withFfmpeg: boolean,
): Promise<CountFigures[]> {
  const figures: CountFigures[] = [];
  for (const count of COUNTS) {
    const row: CountFigures = { count, rounds: [], joinCpu: [], steadyServer: [], steadyFfmpeg: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const before = cpuOf([endpoint.pid]);
      const times = await subscribers.join({ url: endpoint.url, token: endpoint.token, deviceId: cameras(), count });
      row.joinCpu.push((cpuOf([endpoint.pid]) - before) / count);
      row.rounds.push({
        answered: Math.max(...times.map((time) => time.answered)),
        connected: Math.max(...times.map((time) => time.connected)),
        firstRtp: Math.max(...times.map((time) => time.firstRtp)),
        firstKeyframe: Math.max(...times.map((time) => time.firstKeyframe)),
        retries: times.reduce((sum, time) => sum + time.retries, 0),
      });
      await sleep(1000);
      const feeds = withFfmpeg ? ffmpegChildren(endpoint.pid) : [];
      const steadyBefore = { server: cpuOf([endpoint.pid]), ffmpeg: cpuOf(feeds) };
      await sleep(STEADY_SECONDS * 1000);
      row.steadyServer.push((cpuOf([endpoint.pid]) - steadyBefore.server) / STEADY_SECONDS);
      row.steadyFfmpeg.push((cpuOf(feeds) - steadyBefore.ffmpeg) / STEADY_SECONDS / Math.max(1, feeds.length));
      await subscribers.leave();
      await settle();
    }
    figures.push(row);
  }
  return figures;
}

const keyframe = (row: CountFigures) => median(row.rounds.map((round) => round.firstKeyframe));
/** The key-frame figure at `count` over the one at the smallest count. */
function ratioOf(figures: CountFigures[], count: number): number {
  const one = figures.find((row) => row.count === 1) ?? figures[0]!;
  const row = figures.find((candidate) => candidate.count === count);
  return row ? keyframe(row) / keyframe(one) : Number.NaN;
}
function countLines(figures: CountFigures[], who: string): string[] {
  const one = figures.find((row) => row.count === 1) ?? figures[0]!;
  return figures.map(
    (row) =>
      `  ${String(row.count).padStart(2)} 个订阅者   应答 ${ms(median(row.rounds.map((round) => round.answered))).padStart(7)}   连通 ${ms(median(row.rounds.map((round) => round.connected))).padStart(7)}   首个 RTP ${ms(median(row.rounds.map((round) => round.firstRtp))).padStart(7)}   首个关键帧 ${ms(keyframe(row)).padStart(7)}   ×${(keyframe(row) / keyframe(one)).toFixed(2)}   ${who} CPU 每次加入 ${(median(row.joinCpu) * 1000).toFixed(0)} ms，稳态 ${pct(median(row.steadyServer))} 核`,
  );
}

export interface VideoFanoutResult {
  ratio9: number;
  ratio25: number;
  /** The same ratios against the bare werift endpoint in the same run (NaN when VIDEO_FANOUT_BARE=0). */
  bare9: number;
  bare25: number;
  report: string[];
}

export async function measureVideoFanout(): Promise<VideoFanoutResult> {
  if (!findFfmpeg()) throw new Error('未找到 ffmpeg：无法测量视频分发（Debian：apt-get install ffmpeg）');
  const server = await startServer({ SIMULATOR: '0', JANUS: '0', RECORDINGS: '0', MQTT_URL: '' });
  const pool = Array.from({ length: PROCESSES }, () => startSubscribers());
  // One join of `count` peers at once, spread over the processes.
  const subscribers: Subscribers = {
    join: async (command: JoinCommand) =>
      (
        await Promise.all(
          pool.map((one, index) => {
            const count = Math.floor(command.count / pool.length) + (index < command.count % pool.length ? 1 : 0);
            return count ? one.join({ ...command, count }) : Promise.resolve([]);
          }),
        )
      ).flat(),
    leave: () => Promise.all(pool.map((one) => one.leave())),
    stop: () => pool.forEach((one) => one.stop()),
  };
  let bareEndpoint: JsonChild<BareVideoEvent> | undefined;
  try {
    const login = (await (await fetch(`${server.url}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as {
      token?: string;
      msg?: string;
    };
    if (!login.token) throw new Error(`登录失败：${login.msg}`);
    const token = login.token;
    const needed = COUNTS.length * ROUNDS + 1;
    const list = (await (
      await fetch(`${server.url}/api/monitor/child?deviceType=camera&pageSize=${needed}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { rows: { deviceId: number }[] };
    if (list.rows.length < needed) throw new Error(`摄像机不足 ${needed} 台（只有 ${list.rows.length} 台）`);
    const cameras = list.rows.map((row) => row.deviceId);
    // One round unmeasured: the first session of each process pays for loading werift and its crypto.
    await subscribers.join({ url: server.url, token, deviceId: cameras.pop()!, count: PROCESSES });
    await subscribers.leave();
    await sourcesStopped(server.pid);
    const idleStart = cpuOf([server.pid]);
    await sleep(2000);
    const idle = (cpuOf([server.pid]) - idleStart) / 2;

    const figures = await measureCounts(
      subscribers,
      { url: server.url, token, pid: server.pid },
      () => cameras.pop()!,
      () => sourcesStopped(server.pid),
      true,
    );
    const one = figures.find((row) => row.count === 1) ?? figures[0]!;
    const most = figures.at(-1)!;
    const perSubscriber =
      most.count > one.count ? (median(most.steadyServer) - median(one.steadyServer)) / (most.count - one.count) : Number.NaN;
    const [ratio9, ratio25] = [ratioOf(figures, 9), ratioOf(figures, 25)];
    const report = [
      `视频分发（无浏览器）：werift 订阅者（${PROCESSES} 个独立进程，不解码）同时加入一台无人观看的摄像机，每组 ${ROUNDS} 轮，取各轮最慢订阅者的中位数`,
      ...countLines(figures, '服务器'),
      `每多一个订阅者的服务器 CPU（稳态，${one.count} → ${most.count} 个之差）：${pct(perSubscriber)} 核；每路摄像机的 ffmpeg：${pct(median(figures.flatMap((row) => row.steadyFfmpeg)))} 核；服务器空闲 ${pct(idle)} 核`,
      `重新加入（werift 订阅端 DTLS 握手卡住后重来，时间从重新加入算起）：${figures.map((row) => `${row.count} 个 ${row.rounds.reduce((sum, round) => sum + round.retries, 0)} 次`).join('，')}`,
    ];
    let [bare9, bare25] = [Number.NaN, Number.NaN];
    if (BARE) {
      // The bare baseline in the same run: the same subscribers against werift alone (bareVideoEndpoint.ts).
      const endpoint = startJsonChild<BareVideoEvent>(join(HERE, 'bareVideoEndpoint.ts'), []);
      bareEndpoint = endpoint;
      const { url } = await endpoint.next('ready');
      const pid = endpoint.child.pid!;
      const leaveAll = async () => {
        endpoint.send('leave');
        await endpoint.next('left');
      };
      await subscribers.join({ url, token: '', deviceId: 0, count: PROCESSES });
      await subscribers.leave();
      await leaveAll();
      const bare = await measureCounts(subscribers, { url, token: '', pid }, () => 0, leaveAll, false);
      [bare9, bare25] = [ratioOf(bare, 9), ratioOf(bare, 25)];
      report.push(
        '基线：同样的订阅者加入一个只有 werift 的端点（bareVideoEndpoint.ts：同样的对等连接与应答，无 Fastify、登录、摄像机与 ffmpeg）',
        ...countLines(bare, '端点'),
        `基线首个关键帧 9/1 ${bare9.toFixed(2)}，25/1 ${bare25.toFixed(2)}：这台机器上 werift 两端同时建立 N 个连接本身的代价；产品 ÷ 基线 9/1 ${(ratio9 / bare9).toFixed(2)}，25/1 ${(ratio25 / bare25).toFixed(2)}`,
      );
    }
    report.push(`首个关键帧 9/1 ${ratio9.toFixed(2)}，25/1 ${ratio25.toFixed(2)}（目标 25/1 ≤ 1.5）`);
    return { ratio9, ratio25, bare9, bare25, report };
  } finally {
    await bareEndpoint?.stop();
    subscribers.stop();
    await server.stop();
  }
}
