import { describe, expect, it, vi } from 'vitest';
import { FetchHttpClient, type HttpClientDeps } from './HttpClient';
import { ApiError } from './ApiError';

function setup(reply: () => Promise<Response> | Response, overrides: Partial<HttpClientDeps> = {}) {
  const notify = vi.fn();
  const onUnauthorized = vi.fn();
  const loading = { start: vi.fn(), stop: vi.fn() };
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => reply());
  const client = new FetchHttpClient({
    baseUrl: () => '/api',
    getToken: () => 'tok-1',
    commonHeaders: () => ({ 'X-Web-Session': 'tab-1', 'X-Auth-Code': 'const' }),
    showErrorMessages: () => true,
    notify,
    onUnauthorized,
    loading,
    fetch: fetchMock as unknown as typeof fetch,
    now: () => 1234,
    ...overrides,
  });
  return { client, notify, onUnauthorized, loading, fetchMock };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('FetchHttpClient', () => {
  it('adds noCache to GETs and sends the bearer token and the common headers', async () => {
    const { client, fetchMock } = setup(() => json({ code: 200, data: [1] }));
    const reply = await client.get('/getRouters', { platformCode: 'twin_platform' });
    expect(reply.data).toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/getRouters?platformCode=twin_platform&noCache=1234');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'X-Web-Session': 'tab-1', 'X-Auth-Code': 'const' });
  });

  it('posts form-urlencoded by default and JSON on request, and omits the token when auth is false', async () => {
    const { client, fetchMock } = setup(() => json({ code: 200 }));
    await client.post('/smsLogin', { phonenumber: '13800000001', smsCode: '123456', ids: [1, 2] }, { auth: false });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe('phonenumber=13800000001&smsCode=123456&ids=1&ids=2');
    expect((init?.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    await client.post('/x', { a: 1 }, { json: true });
    expect(fetchMock.mock.calls[1]![1]?.body).toBe('{"a":1}');
  });

  it('puts JSON bodies and deletes with query parameters, with the bearer token', async () => {
    const { client, fetchMock } = setup(() => json({ code: 200 }));
    await client.put('/panel/layout', { page: 'comprehensive', items: [] });
    const [putUrl, put] = fetchMock.mock.calls[0]!;
    expect([putUrl, put?.method, put?.body]).toEqual(['/api/panel/layout', 'PUT', '{"page":"comprehensive","items":[]}']);
    expect(put?.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json;charset=utf-8' });
    await client.delete('/panel/layout', { page: 'alarmManage/alarmStatistics' });
    const [deleteUrl, removal] = fetchMock.mock.calls[1]!;
    expect([deleteUrl, removal?.method, removal?.body]).toEqual([
      '/api/panel/layout?page=alarmManage%2FalarmStatistics',
      'DELETE',
      undefined,
    ]);
  });

  it('shows the loading overlay unless loading is false, and always closes it', async () => {
    const { client, loading } = setup(() => json({ code: 500, msg: '坏了' }));
    await expect(client.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(loading.start).toHaveBeenCalledTimes(1);
    expect(loading.stop).toHaveBeenCalledTimes(1);
    await expect(client.get('/x', {}, { loading: false })).rejects.toBeInstanceOf(ApiError);
    expect(loading.start).toHaveBeenCalledTimes(1);
  });

  it('reports 401 once and keeps rejecting', async () => {
    const { client, onUnauthorized, notify } = setup(() => json({ code: 401, msg: '登录状态已过期，请重新登录' }));
    await expect(client.get('/getInfo')).rejects.toMatchObject({ code: 401 });
    await expect(client.get('/getInfo')).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith('登录状态已过期，请重新登录');
    expect(notify).not.toHaveBeenCalled();
    client.resetUnauthorized();
    await expect(client.get('/getInfo')).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('warns with the message plus an exclamation mark on 500', async () => {
    const { client, notify } = setup(() => json({ code: 500, msg: '服务器内部错误' }));
    await expect(client.get('/x')).rejects.toThrow('服务器内部错误!');
    expect(notify).toHaveBeenCalledWith('warning', '服务器内部错误!');
  });

  it('warns with the message, else the nested data message, for other codes', async () => {
    const first = setup(() => json({ code: 400, msg: '请输入有效的手机号码' }));
    await expect(first.client.get('/captchaSms')).rejects.toMatchObject({ code: 400, message: '请输入有效的手机号码' });
    expect(first.notify).toHaveBeenCalledWith('warning', '请输入有效的手机号码');
    const nested = setup(() => json({ code: 601, data: { msg: '内层消息' } }));
    await expect(nested.client.get('/x')).rejects.toThrow('内层消息');
  });

  it('shows an error for a non-200 HTTP status, with 出错了~！ as fallback', async () => {
    const withMsg = setup(() => json({ msg: '网关错误' }, 502));
    await expect(withMsg.client.get('/x')).rejects.toMatchObject({ httpStatus: 502, message: '网关错误' });
    expect(withMsg.notify).toHaveBeenCalledWith('error', '网关错误');
    const bare = setup(() => new Response('<html>', { status: 503 }));
    await expect(bare.client.get('/x')).rejects.toThrow('出错了~！');
  });

  it('warns that the data is empty on an empty body', async () => {
    const { client, notify } = setup(() => new Response('', { status: 200 }));
    await expect(client.get('/x')).rejects.toThrow('返回数据为空');
    expect(notify).toHaveBeenCalledWith('warning', '返回数据为空');
  });

  it('shows network errors with their message and times out after the limit', async () => {
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(down.client.get('/x')).rejects.toThrow('Failed to fetch');
    expect(down.notify).toHaveBeenCalledWith('error', 'Failed to fetch');

    const slow = setup(() => new Promise<Response>(() => undefined), { timeoutMs: 20 });
    // The mock never answers; the abort signal must end the call.
    slow.fetchMock.mockImplementation(
      (_url: string, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(slow.client.get('/x')).rejects.toThrow('请求超时，请稍后再试');
    expect(slow.loading.stop).toHaveBeenCalled();
  });

  it('shows no toast when the show-errors flag is off', async () => {
    const { client, notify } = setup(() => json({ code: 500, msg: 'x' }), { showErrorMessages: () => false });
    await expect(client.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(notify).not.toHaveBeenCalled();
  });
});
