import { describe, expect, it, vi } from 'vitest';
import { createApiCaller } from '../http/ApiCaller';
import type { HttpClient } from '../http/HttpClient';
import { createSessionFetch } from '../http/sessionFetch';
import { createRecordings } from './Recordings';

const http = createApiCaller({} as HttpClient);

describe('recordings', () => {
  it('fetches a segment with the session under the API base, as a video blob', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), { headers: { 'content-type': 'video/webm' } }));
    const recordings = createRecordings(http, createSessionFetch({ apiBaseUrl: () => '/prod-api', getToken: () => 'tok', fetch }));
    const blob = await recordings.segment(7, '1795498759.webm');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]));
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/prod-api/stream/record/file?deviceId=7&name=1795498759.webm`, {
      headers: { Authorization: 'Bearer tok' },
    });
  });

  it("reports the server's refusal (an envelope, not video) with its message", async () => {
    const refusal = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 404, msg: '录像不存在：1.webm' }), { headers: { 'content-type': 'application/json' } }),
    );
    await expect(
      createRecordings(http, createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => null, fetch: refusal })).segment(7, '1.webm'),
    ).rejects.toThrow('录像不存在：1.webm');
  });

  it('asks the server for a clip across segments, in whole milliseconds, and reports its refusal', async () => {
    const fetch = vi.fn(
      async () => new Response(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1]), { headers: { 'content-type': 'video/webm' } }),
    );
    const recordings = createRecordings(http, createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => 'tok', fetch }));
    expect((await recordings.clip(7, 1000.4, 61_000.6)).size).toBe(5);
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/api/stream/record/clip?deviceId=7&beginTime=1000&endTime=61001`, {
      headers: { Authorization: 'Bearer tok' },
    });
    const refusal = vi.fn(
      async () => new Response(JSON.stringify({ code: 404, msg: '该时段没有录像' }), { headers: { 'content-type': 'application/json' } }),
    );
    await expect(
      createRecordings(http, createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => null, fetch: refusal })).clip(7, 1, 2),
    ).rejects.toThrow('该时段没有录像');
  });
});
