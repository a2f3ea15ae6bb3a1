import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeviceHttpClient } from '../devices/deviceHttpClient';
import { FetchHttpClient } from '../http/HttpClient';
import { DeviceLoadingIndicator } from './DeviceLoadingIndicator';
import { LoadingOverlay } from './LoadingOverlay';
import { useDeviceLoadingStore, useLoadingStore } from './loadingStore';

/** A fetch whose one reply the test sends when it wants. */
function heldReply() {
  let send: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>((resolve) => (send = resolve)));
  return { fetchMock, answer: () => act(async () => send(new Response('{"code":200}', { status: 200 }))) };
}

const storeLoading = (store: typeof useLoadingStore) => ({ start: () => store.getState().start(), stop: () => store.getState().stop() });
const common = { baseUrl: () => '/api', getToken: () => 'tok-1', commonHeaders: () => ({}), showErrorMessages: () => true };

afterEach(() => {
  useLoadingStore.setState({ pending: 0 });
  useDeviceLoadingStore.setState({ pending: 0 });
});

describe('loading indicators', () => {
  it('covers the screen with 努力请求服务中… while a main-client call is in flight, and not for loading: false', async () => {
    render(
      <>
        <LoadingOverlay />
        <DeviceLoadingIndicator />
      </>,
    );
    const { fetchMock, answer } = heldReply();
    const http = new FetchHttpClient({
      ...common,
      notify: vi.fn(),
      onUnauthorized: vi.fn(),
      loading: storeLoading(useLoadingStore),
      fetch: fetchMock,
    });
    let call: Promise<unknown> = Promise.resolve();
    act(() => void (call = http.get('/getInfo')));
    expect(screen.getByRole('status').textContent).toContain('努力请求服务中…');
    expect(screen.queryByText('加载中…')).toBeNull();
    await answer();
    await call;
    expect(screen.queryByRole('status')).toBeNull();

    const quiet = heldReply();
    const quietHttp = new FetchHttpClient({
      ...common,
      notify: vi.fn(),
      onUnauthorized: vi.fn(),
      loading: storeLoading(useLoadingStore),
      fetch: quiet.fetchMock,
    });
    act(() => void (call = quietHttp.get('/getInfo', {}, { loading: false })));
    expect(screen.queryByRole('status')).toBeNull();
    await quiet.answer();
    await call;
  });

  it('shows the device side a small 加载中… badge instead of the overlay', async () => {
    render(
      <>
        <LoadingOverlay />
        <DeviceLoadingIndicator />
      </>,
    );
    const { fetchMock, answer } = heldReply();
    const deviceHttp = createDeviceHttpClient({
      ...common,
      notifier: { show: vi.fn() },
      goToLogin: vi.fn(),
      removeToken: vi.fn(),
      loading: storeLoading(useDeviceLoadingStore),
      fetch: fetchMock,
    });
    let call: Promise<unknown> = Promise.resolve();
    act(() => void (call = deviceHttp.post('/device/control/execute', { command: 1 })));
    expect(screen.getByRole('status').textContent).toContain('加载中…');
    expect(screen.queryByText('努力请求服务中…')).toBeNull();
    await answer();
    await call;
    expect(screen.queryByRole('status')).toBeNull();
  });
});
