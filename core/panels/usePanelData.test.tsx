import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { HttpClient } from '../http/HttpClient';
import { EventBus, SimpleEventBus } from '../push/EventBus';
import { PUSH_TOPIC_ALL } from '../push/RoutedPush';
import { PUSH_DEBOUNCE_MS, usePanelData, type PanelDataSource } from './usePanelData';

afterEach(() => vi.useRealTimers());

function setup(source: PanelDataSource, answer: (path: string, params: unknown) => Promise<unknown>) {
  const bus = new SimpleEventBus();
  const get = vi.fn(async (path: string, params?: unknown, options?: unknown) => {
    void options;
    return { code: 200, data: await answer(path, params) };
  });
  const http = { get } as unknown as HttpClient;
  const services = new ServiceMap().set(HttpClient, http).set(EventBus, bus);
  const wrapper = ({ children }: { children: ReactNode }) => <ContainerProvider container={services}>{children}</ContainerProvider>;
  const hook = renderHook(() => usePanelData<{ value: number }>(source), { wrapper });
  return { ...hook, get, bus };
}

describe('usePanelData', () => {
  it('reads the query quietly and hands the answer over', async () => {
    const { result, get } = setup({ query: { path: '/stats/alarms/count', params: { range: 'today' } } }, async () => ({ value: 7 }));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data).toEqual({ value: 7 });
    expect(get).toHaveBeenCalledWith('/stats/alarms/count', { range: 'today' }, { loading: false, quiet: true });
  });

  it('shows the error, keeps the last data, and reads again on reload', async () => {
    let fail = true;
    const { result } = setup({ query: { path: '/x' } }, async () => {
      if (fail) throw new Error('没有权限');
      return { value: 1 };
    });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('没有权限');
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual({ value: 1 }));
    expect(result.current.status).toBe('ready');
  });

  it('reads again every refreshSeconds', async () => {
    vi.useFakeTimers();
    let value = 0;
    const { result } = setup({ query: { path: '/x' }, refreshSeconds: 30 }, async () => ({ value: ++value }));
    await vi.waitFor(() => expect(result.current.data).toEqual({ value: 1 }));
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(result.current.data).toEqual({ value: 2 });
  });

  it('reads once shortly after a burst of pushes it names, by event type or topic, and ignores others', async () => {
    vi.useFakeTimers();
    let value = 0;
    const { result, bus, get } = setup({ query: { path: '/x' }, pushTopics: ['DEVICE_ALARM', 'weather.update'] }, async () => ({
      value: ++value,
    }));
    await vi.waitFor(() => expect(result.current.data).toEqual({ value: 1 }));
    const push = (eventType: string, topic = 'alarm.device') =>
      bus.publish(PUSH_TOPIC_ALL, {
        message: { code: 200, eventType, seq: 1, data: {} },
        route: { action: 'toast', topic },
      });
    act(() => {
      for (let index = 0; index < 20; index++) push('DEVICE_ALARM');
      push('online_event');
    });
    await act(async () => vi.advanceTimersByTimeAsync(PUSH_DEBOUNCE_MS + 10));
    expect(get).toHaveBeenCalledTimes(2);
    expect(result.current.data).toEqual({ value: 2 });
    act(() => push('WEATHER_EVENT', 'weather.update'));
    await act(async () => vi.advanceTimersByTimeAsync(PUSH_DEBOUNCE_MS + 10));
    expect(get).toHaveBeenCalledTimes(3);
    act(() => push('online_event'));
    await act(async () => vi.advanceTimersByTimeAsync(PUSH_DEBOUNCE_MS + 10));
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('drops an answer that arrives after a newer one', async () => {
    const answers: ((value: { value: number }) => void)[] = [];
    const { result } = setup(
      { query: { path: '/x' } },
      () => new Promise((resolve) => answers.push(resolve as (value: { value: number }) => void)),
    );
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => result.current.reload());
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!({ value: 2 }));
    await act(async () => answers[0]!({ value: 1 }));
    expect(result.current.data).toEqual({ value: 2 });
  });

  it("takes a RuoYi page's rows and total from beside the code", async () => {
    const bus = new SimpleEventBus();
    const http = { get: vi.fn(async () => ({ code: 200, rows: [{ alarmId: 1 }], total: 12 })) } as unknown as HttpClient;
    const services = new ServiceMap().set(HttpClient, http).set(EventBus, bus);
    const wrapper = ({ children }: { children: ReactNode }) => <ContainerProvider container={services}>{children}</ContainerProvider>;
    const { result } = renderHook(() => usePanelData({ query: { path: '/devi/aep/alarm/lists' } }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ rows: [{ alarmId: 1 }], total: 12 }));
  });

  it('is ready with no data for a panel without a query (a clock)', () => {
    const { result, get } = setup({}, async () => null);
    expect(result.current.status).toBe('ready');
    expect(get).not.toHaveBeenCalled();
  });
});
