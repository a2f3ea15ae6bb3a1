import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../http/ApiError';
import { REQUEST_TIMEOUT_MS } from '../http/HttpClient';
import { createDeviceHttpClient, DEVICE_REQUEST_TIMEOUT_MS, DEVICE_WARNING_MS, type DeviceHttpClientDeps } from './deviceHttpClient';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(reply: (init?: RequestInit) => Promise<Response> | Response, overrides: Partial<DeviceHttpClientDeps> = {}) {
  const show = vi.fn();
  const goToLogin = vi.fn();
  const removeToken = vi.fn();
  const loading = { start: vi.fn(), stop: vi.fn() };
  const fetchMock = vi.fn<typeof fetch>(async (_url, init) => reply(init));
  const client = createDeviceHttpClient({
    baseUrl: () => '/api',
    getToken: () => 'tok-1',
    commonHeaders: () => ({}),
    showErrorMessages: () => true,
    notifier: { show },
    goToLogin,
    removeToken,
    loading,
    fetch: fetchMock,
    isOffline: () => false,
    ...overrides,
  });
  return { client, show, goToLogin, removeToken, loading, fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the device-side HTTP client (spec sections 8-9)', () => {
  it('on HTTP 403 warns 登录已过期，请重新登录 for 2000 ms, removes the stored token at once and opens the login page 1 s later, once', async () => {
    vi.useFakeTimers();
    const { client, show, goToLogin, removeToken } = setup(() => json({ msg: 'Forbidden' }, 403));
    await expect(client.get('/devi/aep/child')).rejects.toMatchObject({ httpStatus: 403 });
    await expect(client.post('/device/control/execute', { command: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(show).toHaveBeenCalledWith('warning', '登录已过期，请重新登录', DEVICE_WARNING_MS);
    expect(DEVICE_WARNING_MS).toBe(2000);
    expect(show).not.toHaveBeenCalledWith('error', expect.anything(), expect.anything());
    expect(removeToken).toHaveBeenCalled();
    vi.advanceTimersByTime(999);
    expect(goToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('on HTTP 404 warns that the requested resource does not exist, and stays signed in', async () => {
    const { client, show, goToLogin, removeToken } = setup(() => json({ msg: 'Not Found' }, 404));
    await expect(client.get('/devi/aep/info', { deviceId: 7 })).rejects.toMatchObject({ httpStatus: 404 });
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith('warning', '请求的资源不存在', 2000);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(removeToken).not.toHaveBeenCalled();
  });

  it('on 401 (HTTP or envelope) opens the login page without a warning', async () => {
    const http401 = setup(() => new Response('', { status: 401 }));
    await expect(http401.client.get('/devi/aep/child')).rejects.toMatchObject({ httpStatus: 401 });
    expect(http401.goToLogin).toHaveBeenCalledTimes(1);
    expect(http401.show).not.toHaveBeenCalled();
    const envelope401 = setup(() => json({ code: 401, msg: '登录状态已过期' }));
    await expect(envelope401.client.get('/devi/aep/child')).rejects.toMatchObject({ code: 401 });
    expect(envelope401.goToLogin).toHaveBeenCalledTimes(1);
    expect(envelope401.show).not.toHaveBeenCalled();
  });

  it('keeps the envelope rules: a refused command warns with the server message, for 2000 ms', async () => {
    const { client, show, goToLogin } = setup(() => json({ code: 403, msg: '没有权限执行该操作，请联系管理员' }));
    await expect(client.post('/device/control/execute', { command: 1 })).rejects.toThrow('没有权限执行该操作，请联系管理员');
    expect(show).toHaveBeenCalledWith('warning', '没有权限执行该操作，请联系管理员', 2000);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('shows nothing when a call gets no response while offline, and the error when online', async () => {
    const offline = setup(() => Promise.reject(new TypeError('Failed to fetch')), { isOffline: () => true });
    await expect(offline.client.get('/devi/aep/child')).rejects.toBeInstanceOf(ApiError);
    expect(offline.show).not.toHaveBeenCalled();
    expect(offline.loading.stop).toHaveBeenCalledTimes(offline.loading.start.mock.calls.length);
    const online = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(online.client.get('/devi/aep/child')).rejects.toThrow('Failed to fetch');
    expect(online.show).toHaveBeenCalledWith('error', 'Failed to fetch', 2000);
  });

  it('waits 50 000 ms before giving up (the main client: 15 s)', async () => {
    vi.useFakeTimers();
    const { client, show } = setup(
      (init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const call = client.get('/devi/aep/child');
    const settled = vi.fn();
    call.catch(settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(DEVICE_REQUEST_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    await expect(call).rejects.toThrow('请求超时，请稍后再试');
    expect(show).toHaveBeenCalledWith('error', '请求超时，请稍后再试', 2000);
  });

  it('drives its loading indicator unless a call passes loading: false', async () => {
    const { client, loading } = setup(() => json({ code: 200, rows: [] }));
    await client.post('/device/control/execute', { command: 1 });
    expect(loading.start).toHaveBeenCalledTimes(1);
    expect(loading.stop).toHaveBeenCalledTimes(1);
    await client.get('/devi/aep/child', {}, { loading: false });
    expect(loading.start).toHaveBeenCalledTimes(1);
  });
});
