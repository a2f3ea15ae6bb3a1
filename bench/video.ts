// Live video: time from join to first frame for 1, 4 and 9 subscribers of one camera through the real
// server (HTTP SDP exchange, werift stream endpoint, ffmpeg source started by the join), against a bare
// werift loopback peer fed by the same kind of ffmpeg source (no server, no HTTP) in the same run; and
// the server's CPU per live stream (its process and its ffmpeg children, over a steady window).
// Subscribers are players in Chromium (Debian's, as the e2e suite drives it): the first frame is the
// first one the page's video element presents (requestVideoFrameCallback), as an operator sees it.
// Targets: first frame ≤ 1 s; 9 subscribers ≤ 1.5× the time of 1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { launchBrowser } from '../tests/e2e/browser';
import { startServer as startRealServer } from '../tests/e2e/startServer';
import { CameraFeed, DEFAULT_FEED, findChineseFont, findFfmpeg } from '../server/stream/CameraFeed';

const ROUNDS = Number(process.env.VIDEO_ROUNDS ?? 3);
const CPU_STREAMS = Number(process.env.VIDEO_CPU_STREAMS ?? 4);
const CPU_SECONDS = Number(process.env.VIDEO_CPU_SECONDS ?? 10);
const FIRST_FRAME_BUDGET_MS = 1000;

const ffmpeg = findFfmpeg();
if (!ffmpeg) {
  console.error('未找到 ffmpeg：无法测量实时视频（Debian：apt-get install ffmpeg）');
  process.exit(2);
}

const PEER = { iceAdditionalHostAddresses: ['127.0.0.1'], iceUseIpv6: false };

async function gathered(peer: RTCPeerConnection): Promise<void> {
  if (peer.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => peer.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()));
}

/** The SDP exchange of one round: subscriber index and its offer → the answer. */
type Exchange = (index: number, offer: string) => Promise<string>;
let exchange: Exchange = () => Promise.reject(new Error('没有进行中的测量'));

/**
 * `count` receive-only players join at once in the page; each answers the time from its join (before
 * its offer) to its first presented frame. Plain JavaScript: it runs in the page as written.
 */
const JOIN_IN_PAGE = `async (count) => {
  const gathered = (pc) => new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && resolve());
    setTimeout(resolve, 3000);
  });
  document.body.replaceChildren();
  const peers = [];
  const times = await Promise.all(Array.from({ length: count }, async (_, index) => {
    const joined = performance.now();
    const pc = new RTCPeerConnection({ iceServers: [] });
    peers.push(pc);
    pc.addTransceiver('video', { direction: 'recvonly' });
    const video = document.createElement('video');
    video.muted = true;
    video.autoplay = true;
    document.body.append(video);
    const presented = new Promise((resolve) => {
      pc.ontrack = (event) => {
        video.srcObject = new MediaStream([event.track]);
        video.requestVideoFrameCallback(() => resolve(performance.now()));
      };
    });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const answer = await window.benchExchange(index, pc.localDescription.sdp);
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    return (await presented) - joined;
  }));
  for (const pc of peers) pc.close();
  document.body.replaceChildren();
  return times;
}`;

async function joinAll(page: Page, count: number, roundExchange: Exchange): Promise<number[]> {
  exchange = roundExchange;
  return (await page.evaluate(`(${JOIN_IN_PAGE})(${count})`)) as number[];
}

// ---- through the server ------------------------------------------------------------------------------

interface Server {
  url: string;
  pid: number;
  token: string;
  stop(): Promise<void>;
}

/** The real server (tests/e2e/startServer.ts) without simulator, rooms or recording, and an operator's token. */
async function startServer(): Promise<Server> {
  const running = await startRealServer({ SIMULATOR: '0', JANUS: '0', RECORDINGS: '0', MQTT_URL: '' });
  const token = ((await (await fetch(`${running.url}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string }).token;
  return { url: running.url, pid: running.pid, token, stop: running.stop };
}

async function cameras(server: Server, count: number): Promise<number[]> {
  const reply = (await (
    await fetch(`${server.url}/api/monitor/child?deviceType=camera&pageSize=${count}`, {
      headers: { authorization: `Bearer ${server.token}` },
    })
  ).json()) as { rows: { deviceId: number }[] };
  if (reply.rows.length < count) throw new Error(`摄像机不足 ${count} 台`);
  return reply.rows.map((row) => row.deviceId);
}

const playThrough =
  (server: Server, deviceId: number): Exchange =>
  async (_index, offer) => {
    const reply = (await (
      await fetch(`${server.url}/api/stream/play?deviceId=${deviceId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'text/plain' },
        body: offer,
      })
    ).json()) as { code: number; sdp?: string; msg?: string };
    if (reply.code !== 0 || !reply.sdp) throw new Error(`播放失败：${reply.msg}`);
    return reply.sdp;
  };

/** Waits until the server has stopped every camera source (no ffmpeg child left). */
async function sourcesStopped(pid: number): Promise<void> {
  for (let waited = 0; ffmpegChildren(pid).length && waited < 15_000; waited += 200)
    await new Promise((resolve) => setTimeout(resolve, 200));
}

// ---- bare werift pair --------------------------------------------------------------------------------

/** The same ffmpeg source, sent by a werift peer straight to the players: no server, no HTTP, no SDP endpoint. */
async function bareRound(page: Page, count: number, deviceId: number): Promise<number[]> {
  const workDir = mkdtempSync(join(tmpdir(), 'ops-bench-bare-'));
  const peers: RTCPeerConnection[] = [];
  // Started with the join, as the server starts a camera's source with its first viewer.
  const feed = CameraFeed.start(
    { deviceId, name: '基准摄像机', code: 'BENCH' },
    { ...DEFAULT_FEED, ffmpeg: ffmpeg!, fontFile: findChineseFont(), workDir },
    () => undefined,
  );
  try {
    return await joinAll(page, count, async (_index, offer) => {
      const sender = new RTCPeerConnection(PEER);
      peers.push(sender);
      await sender.setRemoteDescription({ type: 'offer', sdp: offer });
      const track = new MediaStreamTrack({ kind: 'video' });
      const transceiver = sender.getTransceivers()[0]!;
      transceiver.setDirection('sendonly');
      await transceiver.sender.replaceTrack(track);
      await sender.setLocalDescription(await sender.createAnswer());
      await gathered(sender);
      (await feed).listen((packet) => track.writeRtp(packet));
      return sender.localDescription!.sdp;
    });
  } finally {
    (await feed).stop();
    await Promise.all(peers.map((peer) => peer.close()));
    rmSync(workDir, { recursive: true, force: true });
  }
}

// ---- CPU ---------------------------------------------------------------------------------------------

const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);

/** utime + stime of a process, in seconds. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

function ffmpegChildren(pid: number): number[] {
  return spawnSync('pgrep', ['-P', String(pid), 'ffmpeg'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
}

async function cpuWindow(pid: number, seconds: number): Promise<{ server: number; sources: number }> {
  const children = ffmpegChildren(pid);
  const before = { server: cpuSeconds(pid), sources: children.reduce((sum, child) => sum + cpuSeconds(child), 0) };
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = { server: cpuSeconds(pid), sources: children.reduce((sum, child) => sum + cpuSeconds(child), 0) };
  return { server: (after.server - before.server) / seconds, sources: (after.sources - before.sources) / seconds };
}

// ---- run ---------------------------------------------------------------------------------------------

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const server = await startServer();
const browser = await launchBrowser();
const results: { count: number; server: number[]; bare: number[] }[] = [];
try {
  const page = await browser.newPage();
  await page.exposeFunction('benchExchange', (index: number, offer: string) => exchange(index, offer));
  await page.goto(`${server.url}/app-config.json`);
  const ids = await cameras(server, 9 * ROUNDS + CPU_STREAMS + 3);
  let next = 0;
  // One round unmeasured: the first WebRTC session of a browser and of werift pays for loading them.
  await joinAll(page, 1, playThrough(server, ids[next++]!));
  await sourcesStopped(server.pid);
  for (const count of [1, 4, 9]) {
    const row = { count, server: [] as number[], bare: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      // A camera nobody watches: the join starts its source, as an operator opening a tile does.
      row.server.push(Math.max(...(await joinAll(page, count, playThrough(server, ids[next++]!)))));
      row.bare.push(Math.max(...(await bareRound(page, count, 900_000 + next))));
    }
    results.push(row);
  }
  await sourcesStopped(server.pid);

  // CPU: idle, then CPU_STREAMS cameras with one viewer each (werift players here: a page would be closed by then).
  const idle = await cpuWindow(server.pid, CPU_SECONDS / 2);
  const viewers: RTCPeerConnection[] = [];
  for (let stream = 0; stream < CPU_STREAMS; stream++) {
    const peer = new RTCPeerConnection(PEER);
    viewers.push(peer);
    peer.addTransceiver('video', { direction: 'recvonly' });
    await peer.setLocalDescription(await peer.createOffer());
    await gathered(peer);
    await peer.setRemoteDescription({ type: 'answer', sdp: await playThrough(server, ids[next++]!)(stream, peer.localDescription!.sdp) });
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const busy = await cpuWindow(server.pid, CPU_SECONDS);
  await Promise.all(viewers.map((peer) => peer.close()));

  console.info(
    `首帧时间（加入 → 页面呈现第一帧，Chromium 播放器），每组 ${ROUNDS} 轮，取各轮最慢订阅者的中位数；源随加入启动（${DEFAULT_FEED.width}×${DEFAULT_FEED.height}@${DEFAULT_FEED.frameRate}，每 0.5 秒一个关键帧）`,
  );
  for (const row of results) {
    const ours = median(row.server);
    const bare = median(row.bare);
    console.info(
      `  ${String(row.count).padStart(2)} 个订阅者   服务器 ${ours.toFixed(0).padStart(5)} ms   裸 werift ${bare.toFixed(0).padStart(5)} ms   比值 ${(ours / bare).toFixed(2)}`,
    );
  }
  const one = median(results[0]!.server);
  const nine = median(results[2]!.server);
  const worst = Math.max(...results.map((row) => median(row.server)));
  console.info(
    `9 个 / 1 个订阅者 ${(nine / one).toFixed(2)}（目标 ≤ 1.5）；最慢首帧 ${worst.toFixed(0)} ms / 预算 ${FIRST_FRAME_BUDGET_MS} ms = ${(worst / FIRST_FRAME_BUDGET_MS).toFixed(2)}（目标 ≤ 1）`,
  );
  const perStream = (busy.server - idle.server) / CPU_STREAMS;
  console.info(
    `每路实时视频的 CPU：服务器进程 ${(perStream * 100).toFixed(1)}% 核，ffmpeg 源 ${((busy.sources / CPU_STREAMS) * 100).toFixed(1)}% 核（${CPU_STREAMS} 路各一个观看者，${CPU_SECONDS} s；空闲时服务器 ${(idle.server * 100).toFixed(1)}%）`,
  );
  if (worst > FIRST_FRAME_BUDGET_MS || nine / one > 1.5) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
