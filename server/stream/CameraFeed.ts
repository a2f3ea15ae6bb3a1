import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startsVp8Keyframe } from './vp8Keyframe';

/** How simulated cameras are drawn and encoded. */
export interface FeedOptions {
  /** The ffmpeg program. */
  ffmpeg: string;
  /** A font with Chinese glyphs for the camera's name (Noto Sans CJK); without one the device code is written instead. */
  fontFile?: string | undefined;
  width: number;
  height: number;
  frameRate: number;
  bitrateKbps: number;
  /** Where the overlay text files go (one per camera). */
  workDir: string;
  /** The clock burned into the picture is this zone's (the tenants' cities are in China). */
  timeZone: string;
  /** Also write the encoded picture as WebM segments of this many seconds into this folder (named by their first second). */
  record?: { folder: string; segmentSeconds: number } | undefined;
}

export const DEFAULT_FEED = { width: 640, height: 360, frameRate: 15, bitrateKbps: 500, timeZone: 'Asia/Shanghai' } as const;

/** What one feed shows. */
export interface FeedSubject {
  deviceId: number;
  name: string;
  code: string;
}

/** The RTP payload type ffmpeg is told to use; the WebRTC sender rewrites it to the negotiated one. */
const PAYLOAD_TYPE = 96;

/** ffmpeg on the PATH (or FFMPEG_PATH), or undefined when it is not installed. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.FFMPEG_PATH?.trim() || 'ffmpeg';
  const probe = spawnSync(candidate, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 10_000 });
  return probe.status === 0 ? candidate : undefined;
}

/** A font file with Chinese glyphs, found through fontconfig, or undefined. */
export function findChineseFont(): string | undefined {
  const probe = spawnSync('fc-match', ['-f', '%{file}', 'Noto Sans CJK SC:lang=zh-cn'], { encoding: 'utf8', timeout: 10_000 });
  const file = probe.status === 0 ? probe.stdout.trim() : '';
  // fc-match always answers something: only a CJK face will do.
  return file && /cjk|wqy|droid.*fallback|noto.*sc/i.test(file) && existsSync(file) ? file : undefined;
}

/** A group of pictures longer than this (packets) is not kept: a source with no key frame for that long has none to offer. */
const MAX_GROUP_PACKETS = 1000;

/** RTCP packet types (200–206) share the socket with RTP when ffmpeg is told rtcpport = the RTP port. */
const isRtcp = (packet: Buffer) => packet.length >= 2 && packet[1]! >= 200 && packet[1]! <= 206;

/**
 * One simulated camera: ffmpeg draws a moving test pattern with the camera's name and a clock,
 * encodes VP8 in real time and sends it as RTP to a UDP socket on loopback; every RTP packet goes to
 * each listener (the WebRTC senders of its viewers). Started for the first viewer, stopped after the last.
 */
export class CameraFeed {
  private readonly listeners = new Set<(packet: Buffer) => void>();
  private process: ChildProcess | undefined;
  private stopped = false;
  /** RTP packets received from ffmpeg so far. */
  packets = 0;
  /** The packets since the last key frame began: what a viewer joining now needs to show a picture at once. */
  private group: Buffer[] = [];
  /** What ffmpeg said last (its errors), for the log when it stops by itself. */
  private errorOutput = '';

  private constructor(
    readonly subject: FeedSubject,
    private readonly socket: Socket,
    private readonly onExit: (feed: CameraFeed, why: string) => void,
  ) {
    socket.on('message', (packet) => {
      if (isRtcp(packet)) return;
      this.packets++;
      if (startsVp8Keyframe(packet)) this.group = [packet];
      else if (this.group.length && this.group.length < MAX_GROUP_PACKETS) this.group.push(packet);
      else this.group = [];
      for (const listener of this.listeners) listener(packet);
    });
  }

  static async start(subject: FeedSubject, options: FeedOptions, onExit: (feed: CameraFeed, why: string) => void): Promise<CameraFeed> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => {
        socket.off('error', reject);
        resolve();
      });
    });
    const feed = new CameraFeed(subject, socket, onExit);
    feed.spawn(options, socket.address().port);
    return feed;
  }

  private spawn(options: FeedOptions, port: number): void {
    // The overlay text lives in a file: names need no filter-graph escaping there.
    const textFile = join(options.workDir, `camera-${this.subject.deviceId}.txt`);
    const title = options.fontFile ? this.subject.name : this.subject.code;
    writeFileSync(textFile, `${title}\n%{localtime:%Y-%m-%d %H\\:%M\\:%S}`);
    const font = options.fontFile ? `fontfile=${options.fontFile}` : 'font=Sans';
    const overlay = `drawtext=${font}:textfile=${textFile}:fontsize=${Math.round(options.height / 14)}:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=8:x=16:y=h-th-16:line_spacing=8`;
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${options.width}x${options.height}:rate=${options.frameRate}`,
      '-vf',
      overlay,
      '-an',
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      `${options.bitrateKbps}k`,
      // A key frame every half second: a viewer waits at most that long for a picture once connected
      // (bench/video: first frame within 1 s). ffmpeg cannot be asked for one when a viewer joins, and the
      // first key frame of a source started by the join is usually sent before the viewer's ICE is up.
      '-g',
      String(Math.max(1, Math.round(options.frameRate / 2))),
      '-auto-alt-ref',
      '0',
      '-lag-in-frames',
      '0',
      '-error-resilient',
      '1',
      ...this.outputs(options, `rtp://127.0.0.1:${port}?rtcpport=${port}&pkt_size=1200`),
    ];
    const child = spawn(options.ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TZ: options.timeZone } });
    this.process = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      this.errorOutput = (this.errorOutput + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => this.exited(`ffmpeg 无法启动：${error.message}`));
    child.on('exit', (code, signal) =>
      this.exited(`ffmpeg 退出（${signal ?? `代码 ${code}`}）${this.errorOutput ? `：${this.errorOutput.trim()}` : ''}`),
    );
  }

  /** RTP for the viewers; with recording, the same encoded frames also go to WebM segments (one encode, two muxers). */
  private outputs(options: FeedOptions, rtpUrl: string): string[] {
    if (!options.record) return ['-f', 'rtp', '-payload_type', String(PAYLOAD_TYPE), rtpUrl];
    const segments = join(options.record.folder, '%s.webm');
    return [
      '-map',
      '0:v',
      '-f',
      'tee',
      `[f=rtp:payload_type=${PAYLOAD_TYPE}]${rtpUrl}|[f=segment:segment_time=${options.record.segmentSeconds}:segment_format=webm:strftime=1:reset_timestamps=1]${segments}`,
    ];
  }

  private exited(why: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.socket.close();
    this.onExit(this, why);
  }

  get running(): boolean {
    return !this.stopped;
  }

  /** Sends every RTP packet to `listener` until the returned function is called. */
  listen(listener: (packet: Buffer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The packets from the last key frame on, oldest first (empty before the first): sent to a viewer when it
   * connects, it shows the current picture at once instead of waiting for the next key frame.
   */
  groupOfPictures(): readonly Buffer[] {
    return this.group;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.listeners.clear();
    // SIGTERM lets ffmpeg finish the recording's last segment (its index); a stuck one is killed.
    const child = this.process;
    child?.kill('SIGTERM');
    const kill = setTimeout(() => child?.kill('SIGKILL'), 3000);
    child?.once('exit', () => clearTimeout(kill));
    this.socket.close();
  }
}
