import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RTCPeerConnection, RtpPacket } from 'werift';
import { AppError } from '../envelope';
import { checkOffer, gathered, loadWerift, openPeer, sendingVideoMids } from './sdpPeers';
import { streamMessages } from './streamMessages';
import { CameraFeed, DEFAULT_FEED, findChineseFont, findFfmpeg, type FeedOptions, type FeedSubject } from './CameraFeed';
import { DEFAULT_RECORDING, RecordingStore, type RecordedSegment, type RecordingLimits } from './RecordingStore';
import { errorMessage } from '../../contracts/errorMessage';

export interface StreamOptions {
  /** The ffmpeg program; null: none (cameras answer 视频源不可用); absent: looked for on first use (FFMPEG_PATH or the PATH). */
  ffmpeg?: string | null;
  /** A font with Chinese glyphs for the overlay; absent: looked for through fontconfig on first use. */
  fontFile?: string | null;
  /** How long a feed keeps running after its last viewer left (a page switching tiles comes back at once). */
  idleStopMs?: number;
  /** How long a viewer has to connect after the answer before it is dropped. */
  connectTimeoutMs?: number;
  /**
   * A connected viewer that sends no RTCP (receiver reports, every second or so from a browser) for this
   * long is gone: a closed tab or peer tells the server nothing, and ICE consent takes 30 s to expire.
   */
  silenceMs?: number;
  /** Extra host addresses for ICE (loopback is always added: the browser may be on this machine). */
  iceHostAddresses?: string[];
  feed?: Partial<Pick<FeedOptions, 'width' | 'height' | 'frameRate' | 'bitrateKbps' | 'timeZone'>>;
  /**
   * Watched cameras are recorded as WebM segments under `root` (DATA_DIR/recordings), kept within
   * `maxBytes` and `maxDays` (oldest first); null: no recording.
   */
  record?: ({ root?: string; segmentSeconds?: number; sweepMs?: number } & Partial<RecordingLimits>) | null;
}

export interface StreamLog {
  info(message: string): void;
  warn(message: string): void;
}

/** What an operator pushes: their camera or screen, as one VP8 picture others of the tenant can play. */
export interface ChannelOwner {
  tenantId: number;
  userId: number;
  name: string;
}

/** An operator's live picture (spec: stream push), as the tenant's other operators see it listed. */
export interface LiveChannelInfo {
  userId: number;
  name: string;
  since: number;
  viewers: number;
}

/** Where viewers' RTP comes from: a camera's ffmpeg source or an operator's pushed picture. */
interface RtpSource {
  listen(listener: (packet: Buffer | RtpPacket) => void): () => void;
  /** Asks the source for a key frame, so a viewer that joins late sees a picture at once. */
  requestKeyframe?(): void;
  /** The packets from the source's last key frame on, for a viewer that has just connected. */
  groupOfPictures?(): readonly Buffer[];
}

interface LiveChannel extends RtpSource {
  owner: ChannelOwner;
  since: number;
  viewers: Set<Viewer>;
  close(): void;
}

interface Viewer {
  peer: RTCPeerConnection;
  release: () => void;
}

/** RTCP payload-specific feedback (RFC 4585): PLI and FIR, a receiver asking for a key frame. */
const PAYLOAD_SPECIFIC_FEEDBACK = 206;
const KEYFRAME_REQUEST_MS = 500;
/** The longest clip one download cuts from the recordings. */
export const MAX_CLIP_MS = 60 * 60_000;

/**
 * The stream endpoint of the reference server, in TypeScript on werift: an SDP offer to play a camera
 * is answered with a send-only peer fed by the camera's source. Sources are shared: one ffmpeg per
 * watched camera, started when its first viewer arrives and stopped a little after the last leaves,
 * so hundreds of cameras cost nothing while nobody watches.
 */
export class StreamService {
  private readonly feeds = new Map<number, Promise<CameraFeed>>();
  private readonly viewers = new Map<number, Set<Viewer>>();
  private readonly idleTimers = new Map<number, NodeJS.Timeout>();
  /** Operators' pushed pictures, by `tenantId:userId` (one per operator: a new push replaces the old). */
  private readonly channels = new Map<string, LiveChannel>();
  private readonly workDir = mkdtempSync(join(tmpdir(), 'ops-stream-'));
  private closed = false;
  private ffmpegFound: string | null | undefined;
  private fontFound: string | null | undefined;

  /** The recordings of watched cameras, when recording is on. */
  readonly recordings: RecordingStore | undefined;
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: StreamOptions,
    private readonly log: StreamLog,
  ) {
    const record = options.record;
    if (record?.root) {
      this.recordings = new RecordingStore(record.root, {
        maxBytes: record.maxBytes ?? DEFAULT_RECORDING.maxBytes,
        maxDays: record.maxDays ?? DEFAULT_RECORDING.maxDays,
      });
      this.sweeper = setInterval(() => this.sweep(), record.sweepMs ?? 30_000);
      this.sweeper.unref();
    }
  }

  /** Keeps the recordings within their limits; the segment a running source is writing is never removed. */
  sweep(): void {
    if (!this.recordings) return;
    const writing = new Set(
      [...this.feeds.keys()].map((deviceId) => {
        const segments = this.recordings!.segments(deviceId);
        return segments.length ? `${deviceId}/${segments.at(-1)!.name}` : '';
      }),
    );
    try {
      const removed = this.recordings.sweep((segment) => writing.has(`${segment.deviceId}/${segment.name}`));
      if (removed.length) this.log.info(`录像超出保留限制，已删除最早的 ${removed.length} 段`);
    } catch (error) {
      this.log.warn(`录像清理失败：${errorMessage(error)}`);
    }
  }

  /** The ffmpeg program, looked for once. */
  private get ffmpeg(): string | null {
    if (this.ffmpegFound === undefined) this.ffmpegFound = this.options.ffmpeg === undefined ? (findFfmpeg() ?? null) : this.options.ffmpeg;
    return this.ffmpegFound;
  }

  private get fontFile(): string | null {
    if (this.fontFound === undefined)
      this.fontFound = this.options.fontFile === undefined ? (findChineseFont() ?? null) : this.options.fontFile;
    return this.fontFound;
  }

  /** Whether cameras can be shown at all (ffmpeg is installed). */
  get available(): boolean {
    return Boolean(this.ffmpeg);
  }

  /** Cameras whose source runs now, and how many viewers each has. */
  status(): { deviceId: number; viewers: number }[] {
    return [...this.feeds.keys()].map((deviceId) => ({ deviceId, viewers: this.viewers.get(deviceId)?.size ?? 0 }));
  }

  /** RTP packets the camera's source sent so far, or undefined when it is not running. */
  async packetsOf(deviceId: number): Promise<number | undefined> {
    const feed = this.feeds.get(deviceId);
    return feed ? (await feed).packets : undefined;
  }

  /** Answers a viewer's offer to play the camera: the answer's SDP (with its ICE candidates). */
  async play(subject: FeedSubject, offer: unknown): Promise<string> {
    const offerSdp = checkOffer(offer);
    if (!this.ffmpeg) throw new AppError(503, streamMessages.noSource);
    return this.answerViewer(offerSdp, () => this.feedFor(subject), {
      join: (viewer) => this.join(subject.deviceId, viewer),
      leave: (viewer) => this.leave(subject.deviceId, viewer),
    });
  }

  /** Answers an offer to watch an operator's pushed picture (another operator of the same tenant). */
  async playChannel(tenantId: number, userId: number, offer: unknown): Promise<string> {
    const offerSdp = checkOffer(offer);
    const channel = this.channels.get(`${tenantId}:${userId}`);
    if (!channel) throw new AppError(404, '该操作员当前没有推流');
    return this.answerViewer(offerSdp, async () => channel, {
      join: (viewer) => channel.viewers.add(viewer),
      leave: (viewer) => channel.viewers.delete(viewer),
    });
  }

  /** The tenant's operators who push a picture now. */
  liveChannels(tenantId: number): LiveChannelInfo[] {
    return [...this.channels.values()]
      .filter((channel) => channel.owner.tenantId === tenantId)
      .map((channel) => ({ userId: channel.owner.userId, name: channel.owner.name, since: channel.since, viewers: channel.viewers.size }))
      .sort((a, b) => a.since - b.since);
  }

  /** Ends the operator's push, if any (they stopped, or logged out); its viewers lose the picture. */
  stopChannel(tenantId: number, userId: number): boolean {
    const channel = this.channels.get(`${tenantId}:${userId}`);
    channel?.close();
    return Boolean(channel);
  }

  /**
   * Answers an operator's offer to push their camera or screen (spec: the stream endpoint "for push"):
   * the server receives one VP8 picture and hands it on to whoever of the tenant plays it.
   */
  async push(owner: ChannelOwner, offer: unknown): Promise<string> {
    const offerSdp = checkOffer(offer);
    const peer = await openPeer(offerSdp, this.options.iceHostAddresses);
    const sending = sendingVideoMids(offerSdp);
    const video = peer
      .getTransceivers()
      .find((transceiver) => transceiver.kind === 'video' && typeof transceiver.mid === 'string' && sending.has(transceiver.mid));
    if (!video) {
      await peer.close();
      throw new AppError(400, streamMessages.noVideoToPush);
    }
    for (const transceiver of peer.getTransceivers()) transceiver.setDirection(transceiver === video ? 'recvonly' : 'inactive');
    const listeners = new Set<(packet: Buffer) => void>();
    let mediaSsrc: number | undefined;
    let keyframeAskedAt = 0;
    // werift announces the remote track during setRemoteDescription (before anyone could subscribe): the
    // receiver's track is taken directly; the sender's SSRC comes with its first packet (for key-frame requests).
    video.receiver.track.onReceiveRtp.subscribe((packet) => {
      mediaSsrc = packet.header.ssrc;
      // Handed on as bytes, as the cameras' packets are (a werift packet object carries receive-side state).
      const bytes = packet.serialize();
      for (const listener of listeners) listener(bytes);
    });
    const key = `${owner.tenantId}:${owner.userId}`;
    const channel: LiveChannel = {
      owner,
      since: Date.now(),
      viewers: new Set(),
      listen: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      requestKeyframe: () => {
        // Browsers ignore key-frame requests that come too close together: one per KEYFRAME_REQUEST_MS at most.
        if (mediaSsrc === undefined || Date.now() - keyframeAskedAt < KEYFRAME_REQUEST_MS) return;
        keyframeAskedAt = Date.now();
        void video.receiver.sendRtcpPLI(mediaSsrc).catch(() => undefined);
      },
      close: () => {
        if (this.channels.get(key) === channel) this.channels.delete(key);
        clearTimeout(connectTimer);
        listeners.clear();
        for (const viewer of [...channel.viewers]) viewer.release();
        void peer.close();
      },
    };
    const answer = await peer.createAnswer();
    await peer.setLocalDescription(answer);
    await gathered(peer);
    // One picture per operator: pushing again (a reload, camera → screen) replaces the previous one.
    this.channels.get(key)?.close();
    this.channels.set(key, channel);
    this.log.info(`操作员 ${owner.name}（${owner.userId}）开始推流`);
    const connectTimer = setTimeout(() => {
      if (peer.connectionState !== 'connected') channel.close();
    }, this.options.connectTimeoutMs ?? 20_000);
    peer.connectionStateChange.subscribe((state) => {
      if (state === 'connected') clearTimeout(connectTimer);
      if (state === 'failed' || state === 'closed' || state === 'disconnected') {
        if (this.channels.get(key) === channel) this.log.info(`操作员 ${owner.name}（${owner.userId}）的推流已结束`);
        channel.close();
      }
    });
    return peer.localDescription?.sdp ?? answer.sdp;
  }

  /** Answers a viewer's offer with a send-only peer fed by `source`; `room` tracks who watches. */
  private async answerViewer(
    offerSdp: string,
    sourceFor: () => Promise<RtpSource>,
    room: { join(viewer: Viewer): void; leave(viewer: Viewer): void },
  ): Promise<string> {
    const { MediaStreamTrack } = await loadWerift();
    const peer = await openPeer(offerSdp, this.options.iceHostAddresses);
    const video = peer.getTransceivers().filter((transceiver) => transceiver.kind === 'video');
    if (!video.length) {
      await peer.close();
      throw new AppError(400, streamMessages.noVideo);
    }
    const track = new MediaStreamTrack({ kind: 'video' });
    let released = false;
    let stopListening = () => {};
    let stopTimers = () => {};
    const viewer: Viewer = {
      peer,
      release: () => {
        if (released) return;
        released = true;
        stopTimers();
        stopListening();
        track.stop();
        void peer.close();
        room.leave(viewer);
      },
    };
    // The viewer counts from here, before its source is looked up and its answer made (which takes a while
    // on a busy machine): a camera's idle stop must not end the source under a viewer being answered.
    room.join(viewer);
    let source: RtpSource;
    let answer: Awaited<ReturnType<typeof peer.createAnswer>>;
    try {
      for (const transceiver of peer.getTransceivers()) {
        // One picture to send: the first video section sends it; anything else (audio, more video) is inactive.
        const sends = transceiver === video[0];
        transceiver.setDirection(sends ? 'sendonly' : 'inactive');
        if (sends) await transceiver.sender.replaceTrack(track);
      }
      source = await sourceFor();
      answer = await peer.createAnswer();
      await peer.setLocalDescription(answer);
      await gathered(peer);
    } catch (error) {
      viewer.release();
      throw error;
    }
    // The source stopped while the answer was made (ffmpeg died, the push ended): it would never send a packet.
    if (released) throw new AppError(503, streamMessages.sourceStopped);
    // Live packets go out once the viewer is connected and has had the source's current group of pictures
    // (werift would drop them before anyway); the group then starts the viewer's picture with a key frame.
    let live = false;
    stopListening = source.listen((packet) => {
      if (live && !track.stopped) track.writeRtp(packet);
    });
    let heardAt = Date.now();
    const sender = video[0]!.sender;
    sender.onRtcp.subscribe((rtcp) => {
      heardAt = Date.now();
      // A viewer that lost the picture asks for a key frame (PLI/FIR, payload-specific feedback): passed on.
      if (rtcp.type === PAYLOAD_SPECIFIC_FEEDBACK) source.requestKeyframe?.();
    });
    const silenceMs = this.options.silenceMs ?? 8000;
    const watchdog = setInterval(
      () => {
        if (peer.connectionState === 'connected' && Date.now() - heardAt > silenceMs) viewer.release();
      },
      Math.min(1000, silenceMs / 2),
    );
    const connectTimer = setTimeout(() => {
      if (peer.connectionState !== 'connected') viewer.release();
    }, this.options.connectTimeoutMs ?? 20_000);
    stopTimers = () => {
      clearTimeout(connectTimer);
      clearInterval(watchdog);
    };
    peer.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        clearTimeout(connectTimer);
        heardAt = Date.now();
        // The picture starts with a key frame for this viewer: a camera's current group of pictures from its
        // last key frame (before the next live packet), or a pushed picture's key frame asked for.
        for (const packet of source.groupOfPictures?.() ?? []) if (!track.stopped) track.writeRtp(packet);
        live = true;
        source.requestKeyframe?.();
      }
      if (state === 'failed' || state === 'closed' || state === 'disconnected') viewer.release();
    });
    return peer.localDescription?.sdp ?? answer.sdp;
  }

  private join(deviceId: number, viewer: Viewer): void {
    clearTimeout(this.idleTimers.get(deviceId));
    this.idleTimers.delete(deviceId);
    const set = this.viewers.get(deviceId) ?? new Set<Viewer>();
    set.add(viewer);
    this.viewers.set(deviceId, set);
  }

  private leave(deviceId: number, viewer: Viewer): void {
    const set = this.viewers.get(deviceId);
    if (!set?.delete(viewer) || set.size) return;
    this.viewers.delete(deviceId);
    // The last viewer left: the source stops unless someone comes back soon.
    clearTimeout(this.idleTimers.get(deviceId));
    this.idleTimers.set(
      deviceId,
      setTimeout(() => {
        this.idleTimers.delete(deviceId);
        if (this.viewers.get(deviceId)?.size) return;
        void this.stopFeed(deviceId);
      }, this.options.idleStopMs ?? 5000),
    );
  }

  private feedFor(subject: FeedSubject): Promise<CameraFeed> {
    const running = this.feeds.get(subject.deviceId);
    if (running) return running;
    const record = this.recordings
      ? {
          folder: this.recordings.folderFor(subject.deviceId),
          segmentSeconds: this.options.record?.segmentSeconds ?? DEFAULT_RECORDING.segmentSeconds,
        }
      : undefined;
    const options: FeedOptions = {
      ...DEFAULT_FEED,
      ...this.options.feed,
      ffmpeg: this.ffmpeg!,
      fontFile: this.fontFile ?? undefined,
      workDir: this.workDir,
      record,
    };
    const starting = CameraFeed.start(subject, options, (feed, why) => {
      // ffmpeg died on its own: viewers lose the picture; the next play starts it again.
      if (this.feeds.get(subject.deviceId) === starting) this.feeds.delete(subject.deviceId);
      this.log.warn(`摄像机 ${feed.subject.name}（${feed.subject.deviceId}）的视频源停止：${why}`);
      for (const viewer of [...(this.viewers.get(subject.deviceId) ?? [])]) viewer.release();
    });
    this.feeds.set(subject.deviceId, starting);
    starting.then(
      () => this.log.info(`摄像机 ${subject.name}（${subject.deviceId}）的视频源已启动`),
      (error: unknown) => {
        this.feeds.delete(subject.deviceId);
        this.log.warn(streamMessages.sourceFailed(errorMessage(error)));
      },
    );
    return starting.catch((error: unknown) => {
      throw new AppError(503, streamMessages.sourceFailed(errorMessage(error)));
    });
  }

  private async stopFeed(deviceId: number): Promise<void> {
    const feed = this.feeds.get(deviceId);
    if (!feed) return;
    this.feeds.delete(deviceId);
    const running = await feed.catch(() => undefined);
    if (!running) return;
    running.stop();
    this.log.info(`摄像机 ${running.subject.name}（${deviceId}）已无人观看，视频源已停止`);
  }

  /**
   * A clip of a camera's recording over [from, to]: the segments it spans joined and cut (ffmpeg's concat
   * demuxer, stream copy: no re-encoding, cuts fall on key frames, half a second apart), as one WebM on
   * ffmpeg's stdout. A gap in the recording (nobody watched) is skipped, not filled.
   */
  clip(deviceId: number, from: number, to: number): { output: NodeJS.ReadableStream; stop(): void } {
    if (!this.recordings) throw new AppError(404, '服务器未开启录像');
    if (!this.ffmpeg) throw new AppError(503, streamMessages.noSource);
    if (to - from > MAX_CLIP_MS) throw new AppError(400, `一次最多下载 ${MAX_CLIP_MS / 60_000} 分钟的录像`);
    const segments = this.recordings.between(deviceId, from, to);
    if (!segments.length) throw new AppError(404, '该时段没有录像');
    const list = join(this.workDir, `clip-${deviceId}-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
    // The concat demuxer's list: each file quoted, the first cut in (inpoint) and the last cut off
    // (outpoint), each in its own seconds; a segment removed meanwhile (retention) is left out.
    const parts = segments
      .map((segment) => ({ segment, path: this.recordings!.file(deviceId, segment.name)?.path }))
      .filter((part): part is { segment: RecordedSegment; path: string } => Boolean(part.path));
    if (!parts.length) throw new AppError(404, '该时段没有录像');
    const lines = parts.map(({ segment, path }, index) => {
      const entry = [`file '${path.replace(/'/g, "'\\''")}'`];
      if (index === 0 && from > segment.start) entry.push(`inpoint ${((from - segment.start) / 1000).toFixed(3)}`);
      if (index === parts.length - 1 && to < segment.end) entry.push(`outpoint ${((to - segment.start) / 1000).toFixed(3)}`);
      return entry.join('\n');
    });
    writeFileSync(list, `${lines.join('\n')}\n`);
    const child = spawn(
      this.ffmpeg,
      ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-f', 'webm', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const cleanUp = () => rmSync(list, { force: true });
    child.once('exit', cleanUp);
    child.once('error', cleanUp);
    return { output: child.stdout!, stop: () => child.kill('SIGKILL') };
  }

  /** Ends every viewer and source (server shutdown). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const set of [...this.viewers.values()]) for (const viewer of [...set]) viewer.release();
    for (const channel of [...this.channels.values()]) channel.close();
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.all([...this.feeds.keys()].map((deviceId) => this.stopFeed(deviceId)));
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
