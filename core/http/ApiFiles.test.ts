import { describe, expect, it, vi } from 'vitest';
import { createApiFiles } from './ApiFiles';
import { createSessionFetch } from './sessionFetch';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const filesWith = (fetch: typeof globalThis.fetch) =>
  createApiFiles(createSessionFetch({ apiBaseUrl: () => '/api', getToken: () => 'tok', fetch }));

describe('ApiFiles', () => {
  it('uploads the file itself as the body with its type and the session, and answers the data', async () => {
    const fetch = vi.fn(async () => json({ code: 200, msg: '照片已上传', data: { photoId: 9 } }));
    const png = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    expect(await filesWith(fetch).upload('/workOrder/photo', { orderId: 3 }, png)).toEqual({ photoId: 9 });
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/api/workOrder/photo?orderId=3`, {
      method: 'POST',
      headers: { 'Content-Type': 'image/png', Authorization: 'Bearer tok' },
      body: png,
    });
  });

  it("rejects with the server's message and code when it refuses an upload", async () => {
    const fetch = vi.fn(async () => json({ code: 409, msg: '工单 GD-1 当前状态为「已派发」，不能上传照片' }));
    await expect(filesWith(fetch).upload('/workOrder/photo', { orderId: 3 }, new Blob(['x']))).rejects.toMatchObject({
      message: '工单 GD-1 当前状态为「已派发」，不能上传照片',
      code: 409,
    });
  });

  it('downloads bytes with the session; an envelope instead of a file is the refusal', async () => {
    const fetch = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }));
    expect((await filesWith(fetch).download('/workOrder/photo/file?id=1')).size).toBe(3);
    expect(fetch).toHaveBeenCalledWith(`${location.origin}/api/workOrder/photo/file?id=1`, { headers: { Authorization: 'Bearer tok' } });
    await expect(filesWith(vi.fn(async () => json({ code: 404, msg: '照片不存在' }))).download('/x')).rejects.toThrow('照片不存在');
  });

  it('reports a network failure as an ApiError', async () => {
    await expect(filesWith(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))).download('/x')).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Failed to fetch',
    });
  });
});
