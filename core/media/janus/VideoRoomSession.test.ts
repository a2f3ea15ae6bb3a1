import { describe, expect, it, vi } from 'vitest';
import type { VideoRoomJoin } from '../../../contracts/videoRooms';
import type { JanusGateway, JanusJS, JanusLibrary } from './janusLibrary';
import { MUTE_WARNING_MS, VideoRoomSession } from './VideoRoomSession';

/** A stand-in for one janus-gateway plugin handle: records what the session sends and lets the test answer. */
class FakeHandle {
  sent: { message: Record<string, unknown>; jsep?: unknown }[] = [];
  offers: JanusJS.OfferParams[] = [];
  answers: JanusJS.PluginCreateAnswerParam[] = [];
  detached = false;
  hungUp = 0;
  muted = { audio: false, video: false };
  remoteJsep: unknown[] = [];
  constructor(readonly options: JanusJS.PluginOptions) {}
  send(message: { message: Record<string, unknown>; jsep?: unknown }) {
    this.sent.push(message);
  }
  createOffer(params: JanusJS.OfferParams) {
    this.offers.push(params);
  }
  createAnswer(params: JanusJS.PluginCreateAnswerParam) {
    this.answers.push(params);
  }
  handleRemoteJsep(params: { jsep: unknown }) {
    this.remoteJsep.push(params.jsep);
  }
  hangup() {
    this.hungUp += 1;
  }
  detach() {
    this.detached = true;
  }
  muteAudio() {
    this.muted.audio = true;
  }
  unmuteAudio() {
    this.muted.audio = false;
  }
  muteVideo() {
    this.muted.video = true;
  }
  unmuteVideo() {
    this.muted.video = false;
  }
  /** The plugin sends an event to this handle. */
  event(message: Record<string, unknown>, jsep?: JanusJS.JSEP) {
    this.options.onmessage?.(message as JanusJS.Message, jsep);
  }
  requests() {
    return this.sent.map((entry) => entry.message.request);
  }
}

class FakeGateway implements JanusGateway {
  handles: FakeHandle[] = [];
  destroyed = false;
  constructor(readonly options: JanusJS.ConstructorOptions) {}
  attach(options: JanusJS.PluginOptions) {
    const handle = new FakeHandle(options);
    this.handles.push(handle);
    options.success?.(handle as unknown as JanusJS.PluginHandle);
  }
  destroy() {
    this.destroyed = true;
  }
  isConnected() {
    return !this.destroyed;
  }
}

class FakeStream {
  tracks: unknown[] = [];
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  removeTrack(track: unknown) {
    this.tracks = this.tracks.filter((candidate) => candidate !== track);
  }
  getTracks() {
    return this.tracks;
  }
}

const join: VideoRoomJoin = {
  room: 1234,
  pin: 'p1n',
  kind: 'camera',
  description: '1234 指挥调度',
  server: 'ws://127.0.0.1:8188',
  display: '值班员甲',
  userId: 7,
};
const track = (kind: string) => ({ kind, addEventListener: vi.fn() }) as unknown as MediaStreamTrack;

async function started(
  publish: Parameters<VideoRoomSession['start']>[1] = { source: 'camera', audio: true, video: true },
  supported = true,
) {
  const gateways: FakeGateway[] = [];
  const library: JanusLibrary = {
    isWebrtcSupported: () => supported,
    connect: (options) => {
      const gateway = new FakeGateway(options);
      gateways.push(gateway);
      return gateway;
    },
  };
  const notify = vi.fn();
  const session = new VideoRoomSession({
    library: async () => library,
    notify,
    userAgent: 'Chrome/140.0',
    createStream: () => new FakeStream() as unknown as MediaStream,
  });
  await session.start(join, publish);
  return { session, notify, gateway: gateways[0]!, gateways };
}

function connected(gateway: FakeGateway) {
  (gateway.options.success as () => void)();
  return gateway.handles[0]!;
}

describe('VideoRoomSession (spec sections 4, 5, 8)', () => {
  it('connects with the spec gateway options and joins the room as a publisher with its pin and display', async () => {
    const { gateway, session } = await started();
    expect(gateway.options).toMatchObject({
      server: 'ws://127.0.0.1:8188',
      keepAlivePeriod: 25_000,
      longPollTimeout: 60_000,
      max_poll_events: 10,
    });
    expect(session.getSnapshot().status).toBe('connecting');
    const publisher = connected(gateway);
    expect(publisher.options.plugin).toBe('janus.plugin.videoroom');
    expect(publisher.sent[0]!.message).toEqual({ request: 'join', room: 1234, ptype: 'publisher', display: '值班员甲', pin: 'p1n' });
  });

  it('on joined: stores own id and private id, announces and subscribes to existing publishers, then publishes', async () => {
    const { gateway, session } = await started();
    const publisher = connected(gateway);
    publisher.event({
      videoroom: 'joined',
      room: 1234,
      id: 11,
      private_id: 99,
      publishers: [{ id: 21, display: '乙', streams: [{ type: 'audio' }, { type: 'video' }] }],
    });
    const snapshot = session.getSnapshot();
    expect(snapshot).toMatchObject({ status: 'joined', myId: 11, privateId: 99 });
    expect(snapshot.feeds).toEqual([{ id: 21, display: '乙', stream: null, audio: true, video: true }]);
    const subscriber = gateway.handles[1]!;
    expect(subscriber.sent[0]!.message).toEqual({
      request: 'join',
      room: 1234,
      ptype: 'subscriber',
      streams: [{ feed: 21 }],
      private_id: 99,
      pin: 'p1n',
    });
    // The subscriber's offer (attached) is answered and started.
    subscriber.event({ videoroom: 'attached', room: 1234, id: 21 }, { type: 'offer', sdp: 'offer' });
    subscriber.answers[0]!.success?.({ type: 'answer', sdp: 'answer' });
    expect(subscriber.sent[1]).toEqual({ message: { request: 'start', room: 1234 }, jsep: { type: 'answer', sdp: 'answer' } });
    const remote = track('video');
    subscriber.options.onremotetrack?.(remote, '0', true);
    expect((session.getSnapshot().feeds[0]!.stream as unknown as FakeStream).tracks).toEqual([remote]);
    // Publishing: an offer with the camera tracks, then configure with the JSEP.
    expect(publisher.offers).toHaveLength(1);
    expect(publisher.offers[0]!.tracks?.map((entry) => entry.type)).toEqual(['audio', 'video']);
    publisher.offers[0]!.success?.({ type: 'offer', sdp: 'local' });
    expect(publisher.sent[1]).toEqual({
      message: { request: 'configure', audio: true, video: true },
      jsep: { type: 'offer', sdp: 'local' },
    });
    publisher.event({ videoroom: 'event', room: 1234, configured: 'ok' }, { type: 'answer', sdp: 'remote' });
    expect(publisher.remoteJsep).toEqual([{ type: 'answer', sdp: 'remote' }]);
    expect(session.getSnapshot().local).toMatchObject({ publishing: true, source: 'camera', audio: true, video: true });
  });

  it('new publishers in events are subscribed to; a subscriber leaves when its publisher leaves, unpublishes or is kicked', async () => {
    const { gateway, session } = await started(null);
    const publisher = connected(gateway);
    publisher.event({ videoroom: 'joined', room: 1234, id: 11, private_id: 99, publishers: [] });
    expect(publisher.offers).toHaveLength(0);
    publisher.event({
      videoroom: 'event',
      room: 1234,
      publishers: [
        { id: 31, display: '丙' },
        { id: 32, display: '丁' },
        { id: 33, display: '戊' },
      ],
    });
    expect(session.getSnapshot().feeds.map((feed) => feed.id)).toEqual([31, 32, 33]);
    const [, sub31, sub32, sub33] = gateway.handles;
    publisher.event({ videoroom: 'event', room: 1234, leaving: 31 });
    publisher.event({ videoroom: 'event', room: 1234, unpublished: 32 });
    publisher.event({ videoroom: 'event', room: 1234, kicked: 33 });
    for (const subscriber of [sub31!, sub32!, sub33!]) {
      expect(subscriber.requests()).toContain('leave');
      expect(subscriber.detached).toBe(true);
    }
    expect(session.getSnapshot().feeds).toEqual([]);
  });

  it('a failed audio+video publish is retried once without audio, and only once', async () => {
    const { gateway, notify, session } = await started();
    const publisher = connected(gateway);
    publisher.event({ videoroom: 'joined', room: 1234, id: 11, private_id: 99, publishers: [] });
    publisher.offers[0]!.error?.(new Error('NotReadableError'));
    expect(notify).toHaveBeenCalledWith('warning', '无法同时采集音频和视频，已改为只发布视频');
    await Promise.resolve();
    expect(publisher.offers).toHaveLength(2);
    expect(publisher.offers[1]!.tracks?.map((entry) => entry.type)).toEqual(['video']);
    publisher.offers[1]!.error?.(new Error('Video capture is required, but no capture device found'));
    await Promise.resolve();
    expect(publisher.offers).toHaveLength(2);
    expect(notify).toHaveBeenLastCalledWith('error', '发布本地画面失败：需要采集视频，但没有找到摄像头');
    expect(session.getSnapshot().local.publishing).toBe(false);
  });

  it('muting without a local stream warns 请先开始会议 for 2000 ms; with one it mutes and configures', async () => {
    const { gateway, notify, session } = await started(null);
    expect(session.setAudioMuted(true)).toBe(false);
    expect(notify).toHaveBeenCalledWith('warning', '请先开始会议', MUTE_WARNING_MS);
    expect(MUTE_WARNING_MS).toBe(2000);
    const publisher = connected(gateway);
    publisher.event({ videoroom: 'joined', room: 1234, id: 11, private_id: 99, publishers: [] });
    expect(session.setVideoMuted(true)).toBe(false);
    void session.publish({ source: 'camera', audio: true, video: true });
    publisher.options.onlocaltrack?.(track('audio'), true);
    expect(session.setAudioMuted(true)).toBe(true);
    expect(publisher.muted.audio).toBe(true);
    expect(publisher.sent.at(-1)!.message).toEqual({ request: 'configure', audio: false });
    expect(session.getSnapshot().local.audioMuted).toBe(true);
    session.setAudioMuted(false);
    expect(publisher.sent.at(-1)!.message).toEqual({ request: 'configure', audio: true });
  });

  it('error 426: 会议室不存在 reported and the session cleaned up', async () => {
    const { gateway, notify, session } = await started();
    const publisher = connected(gateway);
    publisher.event({ videoroom: 'event', error_code: 426, error: 'No such room (1234)' });
    expect(notify).toHaveBeenCalledWith('error', '会议室不存在');
    expect(session.getSnapshot()).toMatchObject({ status: 'failed', ended: 'noRoom', reason: '会议室不存在' });
    expect(gateway.destroyed).toBe(true);
  });

  it('kicked by an admin: 你已被管理员移出会议室 and torn down; the room destroyed ends it too', async () => {
    const { gateway, session } = await started();
    const publisher = connected(gateway);
    publisher.event({ videoroom: 'joined', room: 1234, id: 11, private_id: 99, publishers: [{ id: 21, display: '乙' }] });
    publisher.event({ videoroom: 'event', room: 1234, leaving: 'ok', reason: 'kicked' });
    expect(session.getSnapshot()).toMatchObject({ status: 'closed', ended: 'kicked', reason: '你已被管理员移出会议室', feeds: [] });
    expect(gateway.destroyed).toBe(true);
    expect(gateway.handles[1]!.detached).toBe(true);

    const other = await started();
    connected(other.gateway).event({ videoroom: 'destroyed', room: 1234 });
    expect(other.session.getSnapshot()).toMatchObject({ status: 'closed', ended: 'destroyed', reason: '会议室已被关闭' });
  });

  it('leave sends leave and destroys the Janus session; the lost-connection report ends it in Chinese', async () => {
    const { gateway, session } = await started(null);
    const publisher = connected(gateway);
    publisher.event({ videoroom: 'joined', room: 1234, id: 11, private_id: 99, publishers: [] });
    session.leave();
    expect(publisher.requests()).toContain('leave');
    expect(gateway.destroyed).toBe(true);
    expect(session.getSnapshot()).toMatchObject({ status: 'closed', ended: 'left' });

    const lost = await started(null);
    (lost.gateway.options.error as (error: string) => void)('Lost connection to the server (is it down?)');
    expect(lost.session.getSnapshot()).toMatchObject({ status: 'failed', reason: '与媒体服务器的连接已断开（服务器是否已停止？）' });
  });

  it('no WebRTC: a failed state, no connection', async () => {
    const { session, gateways } = await started(null, false);
    expect(gateways).toHaveLength(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'failed', reason: '浏览器不支持 WebRTC，无法加入会议室' });
  });

  it('watching a feed that is not published: remote videoId not exist, in Chinese', async () => {
    const { gateway, notify, session } = await started(null);
    connected(gateway).event({ videoroom: 'joined', room: 1234, id: 11, private_id: 99, publishers: [] });
    session.watch(404);
    expect(notify).toHaveBeenCalledWith('warning', '远端视频不存在');
  });
});
