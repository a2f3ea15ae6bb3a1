import { describe, expect, it } from 'vitest';
import {
  captureSize,
  gatewayOptions,
  isWebSocketServer,
  publishTracks,
  PublishOptionsError,
  ratioPreset,
  RESOLUTION_PRESETS,
  SIMULCAST_LAYERS,
} from './janusOptions';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('Janus gateway options (spec sections 7 and 9)', () => {
  it('keepalive 25000 ms, long-poll timeout 60000 ms, max events 10; the library default STUN unless ICE servers are given', () => {
    expect(gatewayOptions('http://127.0.0.1:8088/janus')).toEqual({
      server: 'http://127.0.0.1:8088/janus',
      keepAlivePeriod: 25_000,
      longPollTimeout: 60_000,
      max_poll_events: 10,
    });
    expect(gatewayOptions('ws://127.0.0.1:8188', [])).toMatchObject({ iceServers: [] });
  });

  it('WebSocket for ws:// and wss:// addresses, REST long poll otherwise', () => {
    expect(isWebSocketServer('ws://127.0.0.1:8188')).toBe(true);
    expect(isWebSocketServer('WSS://janus.example.com/ws')).toBe(true);
    expect(isWebSocketServer('http://127.0.0.1:8088/janus')).toBe(false);
    expect(isWebSocketServer('/janus')).toBe(false);
  });

  it('ratio mapping and presets of spec sections 3 and 9', () => {
    expect(ratioPreset('320*240')).toBe('lowres');
    expect(ratioPreset('1280*720')).toBe('hires');
    expect(ratioPreset('1920*1080')).toBe('stdres');
    expect(ratioPreset(undefined)).toBe('stdres');
    expect(captureSize(undefined)).toEqual({ width: 1280, height: 720 });
    expect(captureSize('QCIF')).toEqual({ width: 176, height: 144 });
    expect(captureSize('fhdres')).toEqual({ width: 1920, height: 1080 });
    expect(Object.keys(RESOLUTION_PRESETS)).toEqual(['4K', '1080p', 'UXGA', '720p', 'SVGA', 'VGA', '360p', 'CIF', 'QVGA', 'QCIF', 'QQVGA']);
  });
});

describe('publish tracks (spec section 5)', () => {
  it('camera: microphone and camera at 1280×720, send only, simulcast off by default', () => {
    expect(publishTracks({ source: 'camera', audio: true, video: true }, chrome)).toEqual([
      { type: 'audio', capture: true, recv: false },
      { type: 'video', capture: { width: { ideal: 1280 }, height: { ideal: 720 } }, recv: false },
    ]);
    expect(publishTracks({ source: 'camera', audio: false, video: true, resolution: 'VGA' }, chrome)).toEqual([
      { type: 'video', capture: { width: { ideal: 640 }, height: { ideal: 480 } }, recv: false },
    ]);
  });

  it('simulcast when asked, with the spec layer bitrates h 1,000,000, m 500,000, l 200,000 (the library scales 1, 2, 4)', () => {
    const [, video] = publishTracks({ source: 'camera', audio: true, video: true, simulcast: true }, chrome);
    expect(video).toMatchObject({ simulcast: true, simulcastMaxBitrates: { high: 1_000_000, medium: 500_000, low: 200_000 } });
    expect(SIMULCAST_LAYERS.map((layer) => [layer.rid, layer.maxBitrate, layer.scaleResolutionDownBy])).toEqual([
      ['h', 1_000_000, 1],
      ['m', 500_000, 2],
      ['l', 200_000, 4],
    ]);
  });

  it('screen: video only at 3 frames a second, whatever audio was asked; Chrome and Firefox only; needs video', () => {
    expect(publishTracks({ source: 'screen', audio: true, video: true }, chrome)).toEqual([
      { type: 'screen', capture: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: 3 }, recv: false },
    ]);
    expect(
      publishTracks(
        { source: 'screen', audio: false, video: true },
        'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      ),
    ).toHaveLength(1);
    expect(() => publishTracks({ source: 'screen', audio: false, video: true }, safari)).toThrow('共享屏幕仅支持 Chrome 或 Firefox 浏览器');
    expect(() => publishTracks({ source: 'screen', audio: true, video: false }, chrome)).toThrow('共享屏幕需要开启视频');
  });

  it('at least audio or video', () => {
    expect(() => publishTracks({ source: 'camera', audio: false, video: false }, chrome)).toThrow(PublishOptionsError);
  });
});
