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
// Settings: VIDEO_FANOUT_ROUNDS (3), VIDEO_FANOUT_STEADY_SECONDS (4), VIDEO_FANOUT_COUNTS (1,9,25), VIDEO_FANOUT_PROCESSES (5).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { startServer } from '../../tests/e2e/startServer';
import { findFfmpeg } from '../../server/stream/CameraFeed';
import { processTicks, TICKS } from '../scale/cpuTime';
import { setting, sleep } from '../scale/settings';
import type { JoinCommand, JoinTimes, SubscriberReply } from './videoSubscribers';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..');
const ROUNDS = Math.floor(setting('VIDEO_FANOUT_ROUNDS', 3, 1, 20));
const STEADY_SECONDS = setting('VIDEO_FANOUT_STEADY_SECONDS', 4, 1, 60);
/** Subscriber processes: a join's peers are spread over them, so no one event loop holds 25 DTLS handshakes. */
const PROCESSES = Math.floor(setting('VIDEO_FANOUT_PROCESSES', 5, 1, 25));
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

export async function measureVideoFanout(): Promise<{ ratio9: number; ratio25: number; report: string[] }> {
  if (!findFfmpeg()) throw new Error('未找到 ffmpeg：无法测量视频分发（Debian：apt-get install ffmpeg）');
  const server = await startServer({ SIMULATOR: '0', JANUS: '0', RECORDINGS: '0', MQTT_URL: '' });
  const pool = Array.from({ length: PROCESSES }, () => startSubscribers());
  // One join of `count` peers at once, spread over the processes.
  const subscribers = {
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

    const figures: CountFigures[] = [];
    for (const count of COUNTS) {
      const row: CountFigures = { count, rounds: [], joinCpu: [], steadyServer: [], steadyFfmpeg: [] };
      for (let round = 0; round < ROUNDS; round++) {
        const before = cpuOf([server.pid]);
        const times = await subscribers.join({ url: server.url, token, deviceId: cameras.pop()!, count });
        row.joinCpu.push((cpuOf([server.pid]) - before) / count);
        row.rounds.push({
          answered: Math.max(...times.map((time) => time.answered)),
          connected: Math.max(...times.map((time) => time.connected)),
          firstRtp: Math.max(...times.map((time) => time.firstRtp)),
          firstKeyframe: Math.max(...times.map((time) => time.firstKeyframe)),
          retries: times.reduce((sum, time) => sum + time.retries, 0),
        });
        await sleep(1000);
        const feeds = ffmpegChildren(server.pid);
        const steadyBefore = { server: cpuOf([server.pid]), ffmpeg: cpuOf(feeds) };
        await sleep(STEADY_SECONDS * 1000);
        row.steadyServer.push((cpuOf([server.pid]) - steadyBefore.server) / STEADY_SECONDS);
        row.steadyFfmpeg.push((cpuOf(feeds) - steadyBefore.ffmpeg) / STEADY_SECONDS / Math.max(1, feeds.length));
        await subscribers.leave();
        await sourcesStopped(server.pid);
      }
      figures.push(row);
    }

    const keyframe = (row: CountFigures) => median(row.rounds.map((round) => round.firstKeyframe));
    const at = (count: number) => figures.find((row) => row.count === count);
    const one = at(1) ?? figures[0]!;
    const ratioOf = (count: number) => {
      const row = at(count);
      return row ? keyframe(row) / keyframe(one) : Number.NaN;
    };
    const most = figures.at(-1)!;
    const perSubscriber =
      most.count > one.count ? (median(most.steadyServer) - median(one.steadyServer)) / (most.count - one.count) : Number.NaN;
    const report = [
      `视频分发（无浏览器）：werift 订阅者（${PROCESSES} 个独立进程，不解码）同时加入一台无人观看的摄像机，每组 ${ROUNDS} 轮，取各轮最慢订阅者的中位数`,
      ...figures.map(
        (row) =>
          `  ${String(row.count).padStart(2)} 个订阅者   应答 ${ms(median(row.rounds.map((round) => round.answered))).padStart(7)}   连通 ${ms(median(row.rounds.map((round) => round.connected))).padStart(7)}   首个 RTP ${ms(median(row.rounds.map((round) => round.firstRtp))).padStart(7)}   首个关键帧 ${ms(keyframe(row)).padStart(7)}   ×${(keyframe(row) / keyframe(one)).toFixed(2)}   服务器 CPU 每次加入 ${(median(row.joinCpu) * 1000).toFixed(0)} ms，稳态 ${pct(median(row.steadyServer))} 核`,
      ),
      `每多一个订阅者的服务器 CPU（稳态，${one.count} → ${most.count} 个之差）：${pct(perSubscriber)} 核；每路摄像机的 ffmpeg：${pct(median(figures.flatMap((row) => row.steadyFfmpeg)))} 核；服务器空闲 ${pct(idle)} 核`,
      `重新加入（werift 订阅端 DTLS 握手卡住后重来，时间从重新加入算起）：${figures.map((row) => `${row.count} 个 ${row.rounds.reduce((sum, round) => sum + round.retries, 0)} 次`).join('，')}`,
      `首个关键帧 9/1 ${ratioOf(9).toFixed(2)}，25/1 ${ratioOf(25).toFixed(2)}（目标 25/1 ≤ 1.5）`,
    ];
    return { ratio9: ratioOf(9), ratio25: ratioOf(25), report };
  } finally {
    subscribers.stop();
    await server.stop();
  }
}
