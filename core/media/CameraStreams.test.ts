import { describe, expect, it, vi } from 'vitest';
import { createApiCaller } from '../http/ApiCaller';
import type { HttpClient } from '../http/HttpClient';
import { createSessionFetch } from '../http/sessionFetch';
import { createCameraStreams, createSdpExchange, type CameraStreamState, type PlayTiming } from './CameraStreams';
import { StreamEndpointError, type StreamEnvironment } from './StreamClient';

const reply = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('SDP exchange', () => {
  it('posts the offer as text/plain under the API base, with the session only for the API origin', async () => {
    const fetch = vi.fn(async () => reply({ code: 0, sdp: 'answer' }));
    const exchange = createSdpExchange(createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => 'tok', fetch }));
    expect(await exchange('/stream/play?deviceId=3', 'offer')).toBe('answer');
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/api/stream/play?deviceId=3`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=utf-8', Authorization: 'Bearer tok' },
      body: 'offer',
    });
    await exchange('https://media.example.com/index/api/webrtc?app=live', 'offer');
    expect(fetch).toHaveBeenLastCalledWith('https://media.example.com/index/api/webrtc?app=live', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=utf-8' },
      body: 'offer',
    });
  });

  it('turns a refusal into a StreamEndpointError with its code and message', async () => {
    const exchange = createSdpExchange(
      createSessionFetch({
        apiBaseUrl: () => '/api',
        getToken: () => null,
        fetch: vi.fn(async () => reply({ code: 503, msg: '视频源不可用' })),
      }),
    );
    await expect(exchange('/s', 'offer')).rejects.toEqual(new StreamEndpointError(503, '视频源不可用'));
    const garbled = createSdpExchange(
      createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => null, fetch: vi.fn(async () => new Response('<html>')) }),
    );
    await expect(garbled('/s', 'offer')).rejects.toThrow('视频服务的应答无法识别');
  });
});

describe('camera streams', () => {
  const http = (data: unknown): HttpClient => ({
    get: vi.fn(async () => ({ code: 200, msg: '', data })) as never,
    post: vi.fn(),
    put: vi.fn(),
    delete: vi.fn(),
  });

  it('says 视频源不可用 when the server cannot run the source, without trying to play', async () => {
    const exchange = vi.fn();
    const states: CameraStreamState[] = [];
    createCameraStreams(
      createApiCaller(http({ deviceId: 3, deviceName: 'c', streamUrl: '/s', available: false, reason: '视频源不可用：未安装 ffmpeg' })),
      exchange,
    ).play(3, document.createElement('video'), (state) => states.push(state));
    await vi.waitFor(() =>
      expect(states).toEqual([{ status: 'connecting' }, { status: 'unavailable', message: '视频源不可用：未安装 ffmpeg' }]),
    );
    expect(exchange).not.toHaveBeenCalled();
  });

  it("reports a failed address lookup with the server's message", async () => {
    const failing: HttpClient = {
      get: vi.fn(async () => Promise.reject(new Error('设备不存在：3'))) as never,
      post: vi.fn(),
      put: vi.fn(),
      delete: vi.fn(),
    };
    const states: CameraStreamState[] = [];
    createCameraStreams(createApiCaller(failing), vi.fn()).play(3, document.createElement('video'), (state) => states.push(state));
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ status: 'failed', message: '设备不存在：3' }));
  });
});

/** A stand-in peer: what the stream client asks of it, with its connection state and events set by the test. */
class FakePeer extends EventTarget {
  tracks: unknown[] = [];
  localDescription: { sdp: string } | null = null;
  remote: { type: string; sdp: string } | undefined;
  iceGatheringState = 'complete';
  iceConnectionState = 'new';
  connectionState = 'new';
  closed = false;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  addTransceiver() {}
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  async createOffer() {
    return { type: 'offer', sdp: 'offer' };
  }
  async setLocalDescription(description: { sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remote = description;
  }
  getReceivers() {
    return [];
  }
  close() {
    this.closed = true;
  }
  /** The connection moves to `state` (ICE too), as the browser reports it. */
  become(state: string) {
    this.connectionState = this.iceConnectionState = state;
    this.dispatchEvent(new Event('connectionstatechange'));
  }
}

/** A captured stream whose video track can be ended (as the browser's 停止共享 does). */
const capturedStream = () => {
  const track = Object.assign(new EventTarget(), { kind: 'video', stop: vi.fn() });
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
};

describe("operators' pictures", () => {
  /** An HttpClient answering GETs by path (a function for the live list, so a test can change it) and recording POSTs. */
  function server(live: () => unknown[] = () => []) {
    const get = vi.fn(async (path: string) => ({
      code: 200,
      msg: '',
      data: path === '/stream/live' ? live() : { streamUrl: '/stream/push', available: true },
    }));
    const post = vi.fn(async () => ({ code: 200, msg: '', data: { stopped: true } }));
    return { http: { get, post, put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get, post };
  }
  function setup(mediaDevices?: StreamEnvironment['mediaDevices'], exchange = vi.fn(async () => 'answer'), live?: () => unknown[]) {
    const peer = new FakePeer();
    const { http, get, post } = server(live);
    const streams = createCameraStreams(createApiCaller(http), exchange, {
      createPeer: () => peer as unknown as RTCPeerConnection,
      mediaDevices,
    });
    const video = document.createElement('video');
    video.play = vi.fn(async () => undefined);
    const states: CameraStreamState[] = [];
    return { peer, streams, video, states, onState: (state: CameraStreamState) => states.push(state), exchange, get, post };
  }

  it('pushes the camera at 1280×720, shown muted, playing once the picture goes out; stop ends the tracks and the push', async () => {
    const { stream, track } = capturedStream();
    const getUserMedia = vi.fn(async () => stream);
    const { peer, streams, video, states, onState, exchange, get, post } = setup({ getUserMedia, getDisplayMedia: vi.fn() });
    const stop = streams.push('camera', video, onState);
    await vi.waitFor(() => expect(peer.remote).toEqual({ type: 'answer', sdp: 'answer' }));
    expect(get).toHaveBeenCalledWith('/stream/getStream', { type: 'push' }, { loading: false, quiet: true });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: false, video: { width: 1280, height: 720 } });
    expect(exchange).toHaveBeenCalledWith('/stream/push', 'offer');
    expect(video.srcObject).toBe(stream);
    expect(video.muted).toBe(true);
    expect(peer.tracks).toEqual([track]);
    expect(states).toEqual([{ status: 'connecting' }]);
    peer.become('connected');
    expect(states.at(-1)).toEqual({ status: 'playing' });
    await stop();
    expect(track.stop).toHaveBeenCalled();
    expect(peer.closed).toBe(true);
    expect(video.srcObject).toBeNull();
    expect(post).toHaveBeenCalledWith('/stream/push/stop', {}, expect.objectContaining({ loading: false, quiet: true }));
  });

  it('shares the screen through getDisplayMedia; the browser ending the share ends the push', async () => {
    const { stream, track } = capturedStream();
    const getDisplayMedia = vi.fn(async () => stream);
    const { peer, streams, video, states, onState, post } = setup({ getUserMedia: vi.fn(), getDisplayMedia });
    streams.push('screen', video, onState);
    await vi.waitFor(() => expect(peer.remote).toBeDefined());
    expect(getDisplayMedia).toHaveBeenCalledWith({ video: { width: 1280, height: 720 }, audio: false });
    track.dispatchEvent(new Event('ended'));
    expect(states.at(-1)).toEqual({ status: 'unavailable', message: '屏幕共享已结束，推流已停止' });
    expect(peer.closed).toBe(true);
    expect(post).toHaveBeenCalledWith('/stream/push/stop', {}, expect.objectContaining({ loading: false, quiet: true }));
  });

  it('says why capture failed, in Chinese, without offering anything (so no stop is sent)', async () => {
    const named = (name: string) => Object.assign(new Error(name), { name });
    const cases: [StreamEnvironment['mediaDevices'], 'camera' | 'screen', string][] = [
      [
        { getUserMedia: vi.fn(async () => Promise.reject(named('NotAllowedError'))), getDisplayMedia: vi.fn() },
        'camera',
        '获取本地媒体流失败：用户拒绝了摄像头权限',
      ],
      [
        { getUserMedia: vi.fn(async () => Promise.reject(named('NotFoundError'))), getDisplayMedia: vi.fn() },
        'camera',
        '获取本地媒体流失败：没有找到摄像头',
      ],
      [
        { getUserMedia: vi.fn(async () => Promise.reject(named('NotReadableError'))), getDisplayMedia: vi.fn() },
        'camera',
        '获取本地媒体流失败：摄像头被其他程序占用，无法打开',
      ],
      [
        { getUserMedia: vi.fn(), getDisplayMedia: vi.fn(async () => Promise.reject(named('NotAllowedError'))) },
        'screen',
        '获取本地媒体流失败：用户取消了屏幕共享或拒绝了权限',
      ],
      [{ getUserMedia: vi.fn() } as unknown as StreamEnvironment['mediaDevices'], 'screen', '获取本地媒体流失败：当前浏览器不支持共享屏幕'],
      [undefined, 'camera', '获取本地媒体流失败：浏览器不支持获取音视频设备（getUserMedia not available）'],
    ];
    for (const [devices, source, message] of cases) {
      const { streams, video, states, onState, exchange, post } = setup(devices);
      const stop = streams.push(source, video, onState);
      await vi.waitFor(() => expect(states).toEqual([{ status: 'connecting' }, { status: 'failed', message }]));
      await stop();
      expect(exchange).not.toHaveBeenCalled();
      expect(post).not.toHaveBeenCalled();
    }
  });

  it("plays an operator's picture from /stream/play?userId=, and says so when their push ends", async () => {
    let live = [{ userId: 2, name: '值班员张敏', since: 1, viewers: 1 }];
    const { peer, streams, video, states, onState, exchange } = setup(undefined, undefined, () => live);
    expect(await streams.liveOperators()).toEqual(live);
    streams.playOperator(2, video, onState);
    await vi.waitFor(() => expect(peer.remote).toBeDefined());
    expect(exchange).toHaveBeenCalledWith('/stream/play?userId=2', 'offer');
    peer.ontrack!({ streams: [{}], track: {} });
    video.dispatchEvent(new Event('loadeddata'));
    expect(states).toEqual([{ status: 'connecting' }, { status: 'playing' }]);
    // A lost connection while the operator still pushes is not the end (it may come back)…
    peer.become('disconnected');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(states.at(-1)).toEqual({ status: 'playing' });
    // …but once the live list no longer has them, the tile says the push ended.
    live = [];
    peer.become('disconnected');
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ status: 'unavailable', message: '该操作员已停止推流' }));
    expect(peer.closed).toBe(true);
    expect(video.srcObject).toBeNull();
  });

  it("shows an operator who pushes nothing as unavailable, with the endpoint's message", async () => {
    const { streams, video, states, onState } = setup(
      undefined,
      vi.fn(async () => Promise.reject(new StreamEndpointError(404, '该操作员当前没有推流'))),
    );
    streams.playOperator(7, video, onState);
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ status: 'unavailable', message: '该操作员当前没有推流' }));
  });
});

describe('a camera that does not play at once', () => {
  const fast: PlayTiming = { firstPictureMs: 60, tries: 3, retryDelayMs: 5, stallMs: 80, disconnectedGraceMs: 30 };
  function setup(exchange = vi.fn(async () => 'answer')) {
    const peers: FakePeer[] = [];
    const http: HttpClient = {
      get: vi.fn(async () => ({ code: 200, msg: '', data: { streamUrl: '/stream/play?deviceId=3', available: true } })) as never,
      post: vi.fn(),
      put: vi.fn(),
      delete: vi.fn(),
    };
    const streams = createCameraStreams(
      createApiCaller(http),
      exchange,
      {
        createPeer: () => {
          peers.push(new FakePeer());
          return peers.at(-1) as unknown as RTCPeerConnection;
        },
        mediaDevices: undefined,
      },
      fast,
    );
    const video = document.createElement('video');
    video.play = vi.fn(async () => undefined);
    video.pause = vi.fn();
    const states: CameraStreamState[] = [];
    /** The latest try shows its first frame. */
    const picture = async () => {
      await vi.waitFor(() => expect(peers.at(-1)?.remote).toBeDefined());
      peers.at(-1)!.ontrack!({ streams: [{}], track: {} });
      video.dispatchEvent(new Event('loadeddata'));
    };
    return { peers, exchange, video, states, picture, play: () => streams.play(3, video, (state) => states.push(state)) };
  }

  it('tries again when no picture comes, closing the try that failed, and plays on the next', async () => {
    const { peers, exchange, states, picture, play } = setup();
    const stop = play();
    await vi.waitFor(() => expect(exchange).toHaveBeenCalledTimes(2));
    expect(peers[0]!.closed).toBe(true);
    await picture();
    expect(states).toEqual([{ status: 'connecting' }, { status: 'playing' }]);
    stop();
    expect(peers[1]!.closed).toBe(true);
  });

  it('says why after the last try, and a transport failure of the exchange is tried again too', async () => {
    const exchange = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    const { peers, states, play } = setup(exchange);
    play();
    await vi.waitFor(() => expect(states.at(-1)?.status).toBe('failed'));
    expect(exchange).toHaveBeenCalledTimes(3);
    expect(states).toEqual([{ status: 'connecting' }, { status: 'failed', message: 'offer/answer 交换失败：Failed to fetch' }]);
    expect(peers.every((peer) => peer.closed)).toBe(true);

    const silent = setup();
    silent.play();
    await vi.waitFor(() => expect(silent.states.at(-1)?.status).toBe('failed'), { timeout: 2_000 });
    expect(silent.exchange).toHaveBeenCalledTimes(3);
    expect(silent.states.at(-1)).toEqual({ status: 'failed', message: '连接后长时间没有收到画面' });
  });

  it("takes the endpoint's refusal as the camera's state, without trying again", async () => {
    const exchange = vi.fn(async () => Promise.reject(new StreamEndpointError(503, '视频源不可用：ffmpeg 退出')));
    const { states, play } = setup(exchange);
    play();
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ status: 'unavailable', message: '视频源不可用：ffmpeg 退出' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('connects again by itself when a playing picture is lost or stands still', async () => {
    const { peers, exchange, video, states, picture, play } = setup();
    play();
    await picture();
    // The connection fails: connecting, and a new try plays.
    peers[0]!.become('failed');
    expect(states.at(-1)).toEqual({ status: 'connecting' });
    await vi.waitFor(() => expect(exchange).toHaveBeenCalledTimes(2));
    await picture();
    expect(states.at(-1)).toEqual({ status: 'playing' });
    // 'disconnected' that heals is nothing…
    peers[1]!.become('disconnected');
    peers[1]!.become('connected');
    // …but a video whose time stands still while it plays has lost its source.
    Object.defineProperty(video, 'paused', { value: false });
    await vi.waitFor(() => expect(exchange).toHaveBeenCalledTimes(3));
    expect(states.slice(-2)).toEqual([{ status: 'playing' }, { status: 'connecting' }]);
  });
});
