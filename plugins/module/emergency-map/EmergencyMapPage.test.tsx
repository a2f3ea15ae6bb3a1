import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { CameraStreams, EMERGENCY_PUSH_TOPIC, EventBus, HttpClient, MapEffects, Notifier } from '@ops/sdk';
import { ContainerProvider, ServiceMap } from '@ops/sdk/testing';
import EmergencyMapPage from './EmergencyMapPage';
import { sampleDetail, sampleEvent, sampleResources, sampleTeams } from './storyData';

/** A server answering the emergency routes from the story rows; the alarm's event is found on the n-th look. */
function fakeServer(options: { eventFoundAfter?: number } = {}) {
  let looks = 0;
  const detail = { ...sampleDetail };
  const get = vi.fn(async (path: string, params: Record<string, unknown> = {}) => {
    if (path === '/security/emergency/list') return { code: 200, rows: params.kind === 'FIRE' ? [sampleEvent] : [], total: 1 };
    if (path === '/security/emergency/byAlarm') {
      looks++;
      if (looks < (options.eventFoundAfter ?? 1)) throw new Error('告警 88 没有关联应急事件');
      return { code: 200, data: detail };
    }
    if (path === `/security/emergency/${sampleEvent.eventId}`) return { code: 200, data: detail };
    if (path === '/security/emergency/resources') return { code: 200, data: sampleResources };
    if (path === '/security/emergency/teams') return { code: 200, data: sampleTeams };
    throw new Error(`未预期的请求：${path}`);
  });
  return { http: { get, post: vi.fn(), put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get, detail };
}

function fakeEffects() {
  const shown = new Map<string, string>();
  return {
    shown,
    api: {
      add: (effect: string, id: string) => void shown.set(id, effect),
      update: () => undefined,
      remove: (id: string) => void shown.delete(id),
      ids: () => [...shown.keys()],
      optionsOf: () => undefined,
      onDidChange: () => () => undefined,
      onEvent: () => () => undefined,
    },
  };
}

function renderPage(url: string, server = fakeServer()) {
  const listeners = new Map<string, Set<(payload: unknown, topic: string) => void>>();
  const bus: EventBus = {
    publish: (topic: string, payload: unknown) => listeners.get(topic)?.forEach((listener) => listener(payload, topic)),
    subscribe: (topic: string, listener: (payload: unknown, topic: string) => void) => {
      if (!listeners.has(topic)) listeners.set(topic, new Set());
      listeners.get(topic)!.add(listener);
      return () => void listeners.get(topic)!.delete(listener);
    },
  };
  const effects = fakeEffects();
  // Which cameras play now: play adds, its stop removes.
  const playing = new Set<number>();
  const streams: CameraStreams = {
    play: (deviceId, _video, onState) => {
      playing.add(deviceId);
      onState({ status: 'playing' });
      return () => void playing.delete(deviceId);
    },
  };
  const services = new ServiceMap().set(HttpClient, server.http).set(EventBus, bus).set(MapEffects, effects.api).set(Notifier, { show: vi.fn() }).set(CameraStreams, streams as never);
  const view = render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/securityEmergency/:child" element={<EmergencyMapPage moduleName="securityEmergency" childName="fireFighting" />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...server, bus, effects, view, playing };
}

describe('消防救援', () => {
  it('opens on the event of the alarm in ?alarmId= and draws its fire, area and tasks', async () => {
    const { get, effects } = renderPage('/securityEmergency/firefighting?alarmId=88');
    await screen.findByRole('region', { name: `事件处置：${sampleDetail.title}` });
    expect(get).toHaveBeenCalledWith('/security/emergency/byAlarm', { alarmId: 88 }, expect.anything());
    await waitFor(() => expect([...effects.shown.keys()]).toEqual(expect.arrayContaining(['emergency:event-12:fire', 'emergency:event-12:scan', 'emergency:event-12:task-1', 'emergency:hydrant-32'])));
    // The resources asked for are those near the focused event.
    expect(get).toHaveBeenCalledWith('/security/emergency/resources', { eventId: 12 }, expect.anything());
  });

  it('looks for the alarm\'s event again while it is being opened', async () => {
    const { get } = renderPage('/securityEmergency/firefighting?alarmId=88', fakeServer({ eventFoundAfter: 2 }));
    await screen.findByRole('region', { name: `事件处置：${sampleDetail.title}` }, { timeout: 3000 });
    expect(get.mock.calls.filter(([path]) => path === '/security/emergency/byAlarm')).toHaveLength(2);
  });

  it('follows the task pushes of its event live, and clears its effects when it closes', async () => {
    const server = fakeServer();
    const { bus, effects, view } = renderPage('/securityEmergency/firefighting?eventId=12', server);
    await screen.findByRole('listitem', { name: '灭火救援 · 消防一队 · 处理中' });
    server.detail.tasks = server.detail.tasks.map((task) => (task.taskId === 1 ? { ...task, status: 'DONE', statusName: '已完成', percent: 100 } : task));
    act(() => bus.publish(EMERGENCY_PUSH_TOPIC, { message: { data: { eventId: 12, taskId: 1, action: 'finish', event: sampleEvent } } }));
    await screen.findByRole('listitem', { name: '灭火救援 · 消防一队 · 已完成' });
    // No open task: no task circle.
    await waitFor(() => expect(effects.shown.has('emergency:event-12:task-1')).toBe(false));
    view.unmount();
    expect(effects.shown.size).toBe(0);
  });

  it('plays the best camera near the event in 现场视频, switches among the nearest three, and stops when the page closes', async () => {
    const { playing, view } = renderPage('/securityEmergency/firefighting?eventId=12');
    const panel = await screen.findByRole('region', { name: '事件现场视频（附近摄像机）' });
    await screen.findByRole('region', { name: /江南大道高点消防摄像-001/ });
    expect([...playing]).toEqual([51]);
    const switcher = within(panel).getByRole('group', { name: '切换附近摄像机' });
    expect(within(switcher).getAllByRole('button').map((button) => button.textContent)).toEqual(['江南大道高点消防摄像-001106 米', '滨盛路摄像机-004112 米', '江南大道摄像机-002178 米 · 离线']);
    fireEvent.click(within(switcher).getByRole('button', { name: '切换到 滨盛路摄像机-004（距事件 112 米）' }));
    await waitFor(() => expect([...playing]).toEqual([52]));
    view.unmount();
    expect(playing.size).toBe(0);
  });

  it('says 附近无摄像机 when no camera is near the event', async () => {
    const server = fakeServer();
    const get = server.get.getMockImplementation()!;
    server.get.mockImplementation(async (path: string, params?: Record<string, unknown>) => (path === '/security/emergency/resources' ? { code: 200, data: { ...sampleResources, cameras: [] } } : get(path, params)));
    renderPage('/securityEmergency/firefighting?eventId=12', server);
    const panel = await screen.findByRole('region', { name: '事件现场视频（附近摄像机）' });
    await within(panel).findByText('附近无摄像机');
  });
});
