import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/HttpClient';
import { createSessionFetch } from '../http/sessionFetch';
import { createCameraStreams, createSdpExchange, type CameraStreamState } from './CameraStreams';
import { StreamEndpointError } from './StreamClient';

const reply = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('SDP exchange', () => {
  it('posts the offer as text/plain under the API base, with the session only for the API origin', async () => {
    const fetch = vi.fn(async () => reply({ code: 0, sdp: 'answer' }));
    const exchange = createSdpExchange(createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => 'tok', fetch }));
    expect(await exchange('/stream/play?deviceId=3', 'offer')).toBe('answer');
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/api/stream/play?deviceId=3`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=utf-8', Authorization: 'Bearer tok' }, body: 'offer' });
    await exchange('https://media.example.com/index/api/webrtc?app=live', 'offer');
    expect(fetch).toHaveBeenLastCalledWith('https://media.example.com/index/api/webrtc?app=live', { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=utf-8' }, body: 'offer' });
  });

  it('turns a refusal into a StreamEndpointError with its code and message', async () => {
    const exchange = createSdpExchange(createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => null, fetch: vi.fn(async () => reply({ code: 503, msg: '视频源不可用' })) }));
    await expect(exchange('/s', 'offer')).rejects.toEqual(new StreamEndpointError(503, '视频源不可用'));
    const garbled = createSdpExchange(createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => null, fetch: vi.fn(async () => new Response('<html>')) }));
    await expect(garbled('/s', 'offer')).rejects.toThrow('视频服务的应答无法识别');
  });
});

describe('camera streams', () => {
  const http = (data: unknown): HttpClient => ({ get: vi.fn(async () => ({ code: 200, msg: '', data })) as never, post: vi.fn(), put: vi.fn(), delete: vi.fn() });

  it('says 视频源不可用 when the server cannot run the source, without trying to play', async () => {
    const exchange = vi.fn();
    const states: CameraStreamState[] = [];
    createCameraStreams(http({ deviceId: 3, deviceName: 'c', streamUrl: '/s', available: false, reason: '视频源不可用：未安装 ffmpeg' }), exchange).play(3, document.createElement('video'), (state) => states.push(state));
    await vi.waitFor(() => expect(states).toEqual([{ status: 'connecting' }, { status: 'unavailable', message: '视频源不可用：未安装 ffmpeg' }]));
    expect(exchange).not.toHaveBeenCalled();
  });

  it("reports a failed address lookup with the server's message", async () => {
    const failing: HttpClient = { get: vi.fn(async () => Promise.reject(new Error('设备不存在：3'))) as never, post: vi.fn(), put: vi.fn(), delete: vi.fn() };
    const states: CameraStreamState[] = [];
    createCameraStreams(failing, vi.fn()).play(3, document.createElement('video'), (state) => states.push(state));
    await vi.waitFor(() => expect(states.at(-1)).toEqual({ status: 'failed', message: '设备不存在：3' }));
  });
});
