import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/HttpClient';
import { createSessionFetch } from '../http/sessionFetch';
import { createRecordings } from './Recordings';

const http = {} as HttpClient;

describe('recordings', () => {
  it('fetches a segment with the session under the API base, as a video blob', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), { headers: { 'content-type': 'video/webm' } }));
    const recordings = createRecordings(http, createSessionFetch({ apiBaseUrl: () => '/prod-api', getToken: () => 'tok', fetch }));
    const blob = await recordings.segment(7, '1795498759.webm');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]));
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/prod-api/stream/record/file?deviceId=7&name=1795498759.webm`, { headers: { Authorization: 'Bearer tok' } });
  });

  it("reports the server's refusal (an envelope, not video) with its message", async () => {
    const refusal = vi.fn(async () => new Response(JSON.stringify({ code: 404, msg: '录像不存在：1.webm' }), { headers: { 'content-type': 'application/json' } }));
    await expect(createRecordings(http, createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => null, fetch: refusal })).segment(7, '1.webm')).rejects.toThrow('录像不存在：1.webm');
  });
});
