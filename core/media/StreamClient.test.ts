import { describe, expect, it, vi } from 'vitest';
import { StreamClient, StreamEndpointError, type StreamEnvironment, type StreamResult } from './StreamClient';

/** A stand-in peer: records what the client asks of it and lets the test fire its events. */
class FakePeer {
  transceivers: { kind: string; direction: string }[] = [];
  tracks: unknown[] = [];
  localDescription: { sdp: string } | null = null;
  remote: { type: string; sdp: string } | undefined;
  iceGatheringState = 'complete';
  iceConnectionState = 'new';
  closed = false;
  ontrack: ((event: { streams: unknown[]; track: unknown }) => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  receiverTrack = { stop: vi.fn() };
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push({ kind, direction: init.direction });
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  createDataChannel() {}
  async createOffer() {
    return { type: 'offer', sdp: 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n' };
  }
  async setLocalDescription(description: { sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remote = description;
  }
  getReceivers() {
    return [{ track: this.receiverTrack }];
  }
  addEventListener() {}
  removeEventListener() {}
  close() {
    this.closed = true;
  }
}

function setup(exchange = vi.fn(async () => 'v=0 answer'), mediaDevices?: StreamEnvironment['mediaDevices']) {
  const peer = new FakePeer();
  const environment: StreamEnvironment = { createPeer: () => peer as unknown as RTCPeerConnection, mediaDevices };
  const results: StreamResult[] = [];
  const video = document.createElement('video');
  video.play = vi.fn(async () => undefined);
  return {
    peer,
    client: new StreamClient(exchange, environment),
    results,
    video,
    onResult: (result: StreamResult) => results.push(result),
    exchange,
  };
}

const fakeStream = () => {
  const track = { stop: vi.fn(), kind: 'video' };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
};

describe('StreamClient (spec section 4)', () => {
  it('only receives when asked, or when neither audio nor video is enabled; code 2 once the remote stream plays', async () => {
    for (const options of [{ recvOnly: true, videoEnable: true }, {}]) {
      const { peer, client, results, video, onResult, exchange } = setup();
      await client.start({ streamUrl: '/stream/play?deviceId=1', ...options }, video, onResult);
      expect(peer.transceivers).toEqual([{ kind: 'video', direction: 'recvonly' }]);
      expect(exchange).toHaveBeenCalledWith('/stream/play?deviceId=1', 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n');
      expect(peer.remote).toEqual({ type: 'answer', sdp: 'v=0 answer' });
      const { stream } = fakeStream();
      peer.ontrack!({ streams: [stream], track: {} });
      expect(results).toEqual([{ code: 2, stream }]);
      expect(video.srcObject).toBe(stream);
      expect(video.play).toHaveBeenCalled();
    }
  });

  it('captures first when publishing: the camera at 1280×720 by default (code 1), then negotiates with its tracks', async () => {
    const { stream, track } = fakeStream();
    const getUserMedia = vi.fn(async () => stream);
    const { peer, client, results, video, onResult } = setup(undefined, { getUserMedia, getDisplayMedia: vi.fn() });
    await client.start({ streamUrl: '/push', useCamera: true, audioEnable: true, videoEnable: true }, video, onResult);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: { width: 1280, height: 720 } });
    expect(results[0]).toEqual({ code: 1, stream });
    expect(video.muted).toBe(true);
    expect(peer.tracks).toEqual([track]);
    client.close(video);
    expect(track.stop).toHaveBeenCalled();
  });

  it('reports -1 and closes when the local stream cannot be had, or a screen share asks for no video', async () => {
    const denied = setup(undefined, {
      getUserMedia: vi.fn(async () => Promise.reject(new Error('Permission denied'))),
      getDisplayMedia: vi.fn(),
    });
    await denied.client.start({ streamUrl: '/push', useCamera: true, videoEnable: true }, denied.video, denied.onResult);
    expect(denied.results).toEqual([{ code: -1, message: '获取本地媒体流失败：Permission denied' }]);
    const screen = setup(undefined, { getUserMedia: vi.fn(), getDisplayMedia: vi.fn() });
    await screen.client.start({ streamUrl: '/push', useCamera: false, audioEnable: true }, screen.video, screen.onResult);
    expect(screen.results).toEqual([{ code: -1, message: '获取本地媒体流失败：共享屏幕需要开启视频' }]);
    const none = setup(undefined, undefined);
    await none.client.start({ streamUrl: '/push', videoEnable: true }, none.video, none.onResult);
    expect(none.results[0]).toMatchObject({ code: -1, message: expect.stringContaining('getUserMedia not available') });
  });

  it("reports -1 with the endpoint's refusal, closes the peer and clears the video", async () => {
    const refusal = new StreamEndpointError(503, '视频源不可用：服务器未安装 ffmpeg');
    const { peer, client, results, video, onResult } = setup(vi.fn(async () => Promise.reject(refusal)));
    video.srcObject = {} as MediaStream;
    await client.start({ streamUrl: '/stream/play?deviceId=1', recvOnly: true }, video, onResult);
    expect(results).toEqual([{ code: -1, message: 'offer/answer 交换失败：视频源不可用：服务器未安装 ffmpeg', endpoint: refusal }]);
    expect(peer.closed).toBe(true);
    expect(peer.receiverTrack.stop).toHaveBeenCalled();
    expect(video.srcObject).toBeNull();
  });

  it('reports an ICE failure as -1', async () => {
    const { peer, client, results, video, onResult } = setup();
    await client.start({ streamUrl: '/s', recvOnly: true }, video, onResult);
    peer.iceConnectionState = 'failed';
    peer.oniceconnectionstatechange!();
    expect(results).toEqual([{ code: -1, message: 'ICE 协商失败，无法连接视频流' }]);
  });
});
