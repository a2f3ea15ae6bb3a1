import type { VideoRoomJoin } from '../../../contracts/videoRooms';
import type { NoticeLevel } from '../../ui/Notifier';
import { janusMessage, videoRoomStrings as t } from '../mediaStrings';
import { loadJanusLibrary, type JanusGateway, type JanusJS, type JanusLibrary } from './janusLibrary';
import {
  gatewayOptions,
  JANUS_NO_SUCH_ROOM,
  publishTracks,
  PublishOptionsError,
  VIDEOROOM_PLUGIN,
  type PublishOptions,
} from './janusOptions';

/** Spec section 5: the "start the meeting first" warning shows for 2000 ms. */
export const MUTE_WARNING_MS = 2000;

/** Another participant's published feed, as this session receives it. */
export interface RemoteFeed {
  /** Janus's participant id (the `uid` a kick names). */
  id: number;
  display: string;
  /** What arrived so far; null until the first track. */
  stream: MediaStream | null;
  /** Whether the publisher announced audio / video. */
  audio: boolean;
  video: boolean;
}

export type VideoRoomStatus = 'idle' | 'connecting' | 'joined' | 'closed' | 'failed';
/** Why a session ended: left on purpose, kicked, the room destroyed or missing (426), or an error. */
export type VideoRoomEnd = 'left' | 'kicked' | 'destroyed' | 'noRoom' | 'error';

export interface LocalMedia {
  stream: MediaStream | null;
  source: PublishOptions['source'] | null;
  /** Published and accepted by Janus. */
  publishing: boolean;
  audio: boolean;
  video: boolean;
  audioMuted: boolean;
  videoMuted: boolean;
}

export interface VideoRoomSnapshot {
  status: VideoRoomStatus;
  room: number | null;
  /** The name this operator joined with. */
  display: string | null;
  /** Own participant id and private id (spec section 4, on joined). */
  myId: number | null;
  privateId: number | null;
  local: LocalMedia;
  feeds: RemoteFeed[];
  ended: VideoRoomEnd | null;
  /** Why it ended or failed, in Chinese. */
  reason: string | null;
}

export interface VideoRoomSessionDeps {
  /** The janus-gateway seam (default: the real library, loaded on first use). */
  library?: () => Promise<JanusLibrary>;
  /** Toasts (the app's Notifier). */
  notify(level: NoticeLevel, message: string, timeoutMs?: number): void;
  /** Absent: the library's default STUN server (spec section 9). */
  iceServers?: RTCIceServer[];
  userAgent?: string;
  /** Builds the streams tiles show (default `new MediaStream()`). */
  createStream?: () => MediaStream;
}

interface Publisher {
  id: number;
  display?: string;
  streams?: { type?: string; disabled?: boolean }[];
}

interface Subscription {
  handle?: JanusJS.PluginHandle;
  tracks: MediaStreamTrack[];
  stream: MediaStream | null;
  left: boolean;
}

const noLocal: LocalMedia = {
  stream: null,
  source: null,
  publishing: false,
  audio: false,
  video: false,
  audioMuted: false,
  videoMuted: false,
};
const initial: VideoRoomSnapshot = {
  status: 'idle',
  room: null,
  display: null,
  myId: null,
  privateId: null,
  local: noLocal,
  feeds: [],
  ended: null,
  reason: null,
};

/** A participant id in a plugin event: numbers (or numeric strings of a string-id room), never 'ok'. */
const participantId = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;

/**
 * One operator in one video room (spec sections 4, 5, 7, 8) on the official janus-gateway client: joins
 * as a publisher (publishing the camera or the screen, or nothing: a watcher), subscribes to every other
 * publisher, and handles the plugin's events — joined (own id and private id stored, existing publishers
 * announced, publishing started), event (new publishers, leaving/unpublished/kicked ones dropped with
 * their subscriber, being kicked), destroyed, attached (a subscriber's offer answered). A failed
 * audio+video publish is retried once without audio; 426 is 会议室不存在 and ends the session; leaving or
 * any end tears the Janus session down. React reads it through `subscribe`/`getSnapshot`.
 */
export class VideoRoomSession {
  private snapshot: VideoRoomSnapshot = initial;
  private readonly listeners = new Set<() => void>();
  private gateway: JanusGateway | undefined;
  private publisher: JanusJS.PluginHandle | undefined;
  private join: VideoRoomJoin | undefined;
  private pendingPublish: PublishOptions | null = null;
  private readonly publishers = new Map<number, Publisher>();
  private readonly subscriptions = new Map<number, Subscription>();
  private unpublished: (() => void) | undefined;
  private localTracks: MediaStreamTrack[] = [];
  private done = false;

  constructor(private readonly deps: VideoRoomSessionDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): VideoRoomSnapshot => this.snapshot;

  /** Connects to the join info's server and joins its room; `publish` null joins without publishing. */
  async start(join: VideoRoomJoin, publish: PublishOptions | null): Promise<void> {
    if (this.snapshot.status !== 'idle') return;
    this.join = join;
    this.pendingPublish = publish;
    this.update({ status: 'connecting', room: join.room, display: join.display });
    let library: JanusLibrary;
    try {
      library = await (this.deps.library ?? loadJanusLibrary)();
    } catch (error) {
      return this.end('error', t.libraryFailed(janusMessage(error)));
    }
    if (this.done) return;
    if (!library.isWebrtcSupported()) return this.end('error', t.webrtcUnsupported);
    this.gateway = library.connect({
      ...gatewayOptions(join.server, this.deps.iceServers),
      success: () => this.attachPublisher(),
      // Connection refused, or the lost-connection report after the long poll's retries.
      error: (error: unknown) => this.end('error', janusMessage(error)),
    });
  }

  private attachPublisher(): void {
    const join = this.join!;
    this.gateway?.attach({
      plugin: VIDEOROOM_PLUGIN,
      success: (handle) => {
        if (this.done) return handle.detach();
        this.publisher = handle;
        handle.send({ message: { request: 'join', room: join.room, ptype: 'publisher', display: join.display, pin: join.pin } });
      },
      error: (error) => this.end('error', janusMessage(error)),
      onmessage: (message, jsep) => this.onPublisherMessage(message, jsep),
      onlocaltrack: (track, on) => this.onLocalTrack(track, on),
      oncleanup: () => {
        this.localTracks = [];
        this.update({ local: { ...this.snapshot.local, stream: null, publishing: false } });
      },
    });
  }

  private onPublisherMessage(message: JanusJS.Message, jsep?: JanusJS.JSEP): void {
    if (this.done) return;
    if (message.error_code !== undefined || message.error !== undefined)
      return this.onPluginError(message.error_code as number | undefined, String(message.error ?? ''));
    switch (message.videoroom) {
      case 'joined':
        this.update({ status: 'joined', myId: participantId(message.id), privateId: participantId(message.private_id) });
        this.announce(message.publishers);
        if (this.pendingPublish) {
          const options = this.pendingPublish;
          this.pendingPublish = null;
          void this.publish(options);
        }
        break;
      case 'destroyed':
        return this.end('destroyed', t.roomDestroyed);
      case 'created':
        // Rooms are created by the server (POST /videoRoom/create); nothing to do when Janus says so.
        break;
      case 'event':
        this.announce(message.publishers);
        if (message.leaving === 'ok' && message.reason === 'kicked') return this.end('kicked', t.kicked);
        for (const key of ['leaving', 'unpublished', 'kicked'] as const) {
          const id = participantId(message[key]);
          if (id !== null && id !== this.snapshot.myId) this.dropFeed(id);
        }
        if (message.unpublished === 'ok') {
          this.publisher?.hangup();
          this.localTracks = [];
          this.update({ local: { ...noLocal } });
          this.unpublished?.();
          this.unpublished = undefined;
        }
        break;
    }
    if (jsep) this.publisher?.handleRemoteJsep({ jsep, error: (error) => this.deps.notify('error', t.publishFailed(janusMessage(error))) });
  }

  private onPluginError(code: number | undefined, error: string): void {
    if (code === JANUS_NO_SUCH_ROOM) {
      this.deps.notify('error', t.roomNotFound);
      return this.end('noRoom', t.roomNotFound);
    }
    const message = t.gatewayError(code, janusMessage(error));
    if (this.snapshot.status === 'connecting') return this.end('error', message);
    this.deps.notify('error', message);
  }

  /** New publishers (on joined and in later events): listed and subscribed to. */
  private announce(list: unknown): void {
    if (!Array.isArray(list)) return;
    let changed = false;
    for (const entry of list as Publisher[]) {
      const id = participantId(entry?.id);
      if (id === null || id === this.snapshot.myId || this.publishers.has(id)) continue;
      this.publishers.set(id, { ...entry, id });
      changed = true;
    }
    if (!changed) return;
    this.emitFeeds();
    for (const id of this.publishers.keys()) if (!this.subscriptions.has(id)) this.watch(id);
  }

  /** Spec section 3, remote options: receive one publisher's feed (every known publisher is watched on its own). */
  watch(feedId: number): void {
    if (!this.publishers.has(feedId)) return this.deps.notify('warning', t.remoteFeedMissing);
    if (this.subscriptions.has(feedId) || !this.gateway || this.done) return;
    const subscription: Subscription = { tracks: [], stream: null, left: false };
    this.subscriptions.set(feedId, subscription);
    const display = this.publishers.get(feedId)?.display ?? String(feedId);
    const join = this.join!;
    this.gateway.attach({
      plugin: VIDEOROOM_PLUGIN,
      success: (handle) => {
        if (subscription.left || this.done) return handle.detach();
        subscription.handle = handle;
        // Janus 1.x multistream form of the spec's join (room, ptype subscriber, feed, private_id).
        handle.send({
          message: {
            request: 'join',
            room: join.room,
            ptype: 'subscriber',
            streams: [{ feed: feedId }],
            private_id: this.snapshot.privateId,
            pin: join.pin,
          },
        });
      },
      error: (error) => this.deps.notify('error', t.subscribeFailed(display, janusMessage(error))),
      onmessage: (message, jsep) => {
        if (subscription.left || this.done) return;
        if (message.error !== undefined) {
          if (message.error_code === JANUS_NO_SUCH_ROOM) return this.onPluginError(JANUS_NO_SUCH_ROOM, String(message.error));
          this.deps.notify('error', t.subscribeFailed(display, janusMessage(message.error)));
          return this.dropFeed(feedId);
        }
        if (jsep && subscription.handle) {
          const handle = subscription.handle;
          handle.createAnswer({
            jsep,
            tracks: [{ type: 'data', capture: false }],
            success: (answer) => handle.send({ message: { request: 'start', room: join.room }, jsep: answer }),
            error: (error) => this.deps.notify('error', t.subscribeFailed(display, janusMessage(error))),
          });
        }
      },
      onremotetrack: (track, _mid, on) => {
        if (subscription.left || this.done) return;
        subscription.tracks = withTrack(subscription.tracks, track, on);
        // A new stream object per change, so a tile re-reads it.
        subscription.stream = this.streamOf(subscription.tracks);
        this.emitFeeds();
      },
      oncleanup: () => {
        subscription.tracks = [];
        subscription.stream = null;
        this.emitFeeds();
      },
    });
  }

  /** A subscriber leaves when its publisher leaves (spec section 4). */
  private dropFeed(id: number): void {
    const subscription = this.subscriptions.get(id);
    this.publishers.delete(id);
    this.subscriptions.delete(id);
    if (subscription) {
      subscription.left = true;
      subscription.handle?.send({ message: { request: 'leave' } });
      subscription.handle?.detach();
    }
    this.emitFeeds();
  }

  /**
   * Publishes the camera or the screen (spec section 3, publisher open options): the offer with the
   * tracks of spec section 5, then configure with it. Audio+video that fails is retried once with audio
   * off. Before the join completes, the options wait for it. Switching source unpublishes first.
   */
  async publish(options: PublishOptions, retry = true): Promise<void> {
    if (this.done) return;
    if (!this.publisher || this.snapshot.status !== 'joined') {
      this.pendingPublish = options;
      return;
    }
    let tracks: JanusJS.TrackOption[];
    try {
      tracks = publishTracks(options, this.deps.userAgent);
    } catch (error) {
      if (error instanceof PublishOptionsError) return this.deps.notify('warning', error.message);
      throw error;
    }
    if (this.snapshot.local.publishing || this.snapshot.local.stream) await this.unpublish();
    const handle = this.publisher;
    this.update({
      local: { ...noLocal, source: options.source, audio: options.audio && options.source === 'camera', video: options.video },
    });
    await new Promise<void>((resolve) => {
      handle.createOffer({
        tracks,
        success: (jsep) => {
          handle.send({
            message: { request: 'configure', audio: options.audio && options.source === 'camera', video: options.video },
            jsep,
          });
          this.update({ local: { ...this.snapshot.local, publishing: true } });
          resolve();
        },
        error: (error) => {
          if (retry && options.audio && options.video && options.source === 'camera') {
            this.deps.notify('warning', t.retryWithoutAudio);
            void this.publish({ ...options, audio: false }, false).then(resolve);
            return;
          }
          this.deps.notify('error', t.publishFailed(janusMessage(error)));
          this.update({ local: { ...noLocal } });
          resolve();
        },
      });
    });
  }

  /** Stops publishing (the plugin's unpublish); resolves once Janus confirms or at once when nothing is published. */
  unpublish(): Promise<void> {
    if (!this.publisher || (!this.snapshot.local.publishing && !this.snapshot.local.stream) || this.done) return Promise.resolve();
    return new Promise((resolve) => {
      const previous = this.unpublished;
      this.unpublished = () => (previous?.(), resolve());
      this.publisher!.send({ message: { request: 'unpublish' } });
    });
  }

  /** Mutes or unmutes the microphone (locally and with configure); without a local stream: 请先开始会议 for 2000 ms. */
  setAudioMuted(muted: boolean): boolean {
    return this.mute('audio', muted);
  }

  /** Turns the camera picture off or on (locally and with configure); same warning without a local stream. */
  setVideoMuted(muted: boolean): boolean {
    return this.mute('video', muted);
  }

  private mute(kind: 'audio' | 'video', muted: boolean): boolean {
    const handle = this.publisher;
    if (!handle || !this.snapshot.local.stream || this.done) {
      this.deps.notify('warning', t.startMeetingFirst, MUTE_WARNING_MS);
      return false;
    }
    if (kind === 'audio') {
      if (muted) handle.muteAudio();
      else handle.unmuteAudio();
    } else if (muted) handle.muteVideo();
    else handle.unmuteVideo();
    handle.send({ message: { request: 'configure', [kind]: !muted } });
    this.update({ local: { ...this.snapshot.local, [kind === 'audio' ? 'audioMuted' : 'videoMuted']: muted } });
    return true;
  }

  /** Leaves the room and tears the Janus session down. */
  leave(): void {
    if (this.done) return;
    this.publisher?.send({ message: { request: 'leave' } });
    this.end('left', null);
  }

  private onLocalTrack(track: MediaStreamTrack, on: boolean): void {
    if (this.done) return;
    this.localTracks = withTrack(this.localTracks, track, on);
    // The browser's own 停止共享 ends a screen track: stop publishing it.
    if (on && this.snapshot.local.source === 'screen' && track.kind === 'video')
      track.addEventListener?.('ended', () => void this.unpublish(), { once: true });
    this.update({ local: { ...this.snapshot.local, stream: this.streamOf(this.localTracks) } });
  }

  private end(ended: VideoRoomEnd, reason: string | null): void {
    if (this.done) return;
    this.done = true;
    for (const subscription of this.subscriptions.values()) {
      subscription.left = true;
      subscription.handle?.detach();
    }
    this.subscriptions.clear();
    this.publishers.clear();
    try {
      this.publisher?.hangup();
    } catch {
      // Already gone with the session.
    }
    this.publisher = undefined;
    const gateway = this.gateway;
    this.gateway = undefined;
    try {
      gateway?.destroy({ cleanupHandles: true, notifyDestroyed: false });
    } catch {
      // The session may be gone with the server.
    }
    this.update({ status: ended === 'error' || ended === 'noRoom' ? 'failed' : 'closed', ended, reason, local: { ...noLocal }, feeds: [] });
  }

  private emitFeeds(): void {
    const feeds = [...this.publishers.values()].map<RemoteFeed>((publisher) => {
      const streams = publisher.streams ?? [];
      return {
        id: publisher.id,
        display: publisher.display ?? String(publisher.id),
        stream: this.subscriptions.get(publisher.id)?.stream ?? null,
        audio: streams.length ? streams.some((stream) => stream.type === 'audio' && !stream.disabled) : true,
        video: streams.length ? streams.some((stream) => stream.type === 'video' && !stream.disabled) : true,
      };
    });
    this.update({ feeds });
  }

  private streamOf(tracks: MediaStreamTrack[]): MediaStream | null {
    if (!tracks.length) return null;
    const stream = (this.deps.createStream ?? (() => new MediaStream()))();
    for (const track of tracks) stream.addTrack(track);
    return stream;
  }

  private update(patch: Partial<VideoRoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

const withTrack = (tracks: MediaStreamTrack[], track: MediaStreamTrack, on: boolean): MediaStreamTrack[] =>
  on ? (tracks.includes(track) ? tracks : [...tracks, track]) : tracks.filter((candidate) => candidate !== track);
