import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Api, CameraStreams, EventBus, HttpClient, MapEffects, Notifier, PluginRegistry, PUSH_TOPIC_ALL } from '@ops/sdk';
import { emergencyPushTopic, type EmergencyPushData } from '@ops/contracts';
import { ContainerProvider, createApiCaller, ServiceMap, SimpleEventBus } from '@ops/sdk/testing';
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
    if (path === '/security/emergency/readings') {
      const ids = String(params.deviceIds).split(',').map(Number);
      const rows = [...sampleResources.waterLevels, ...sampleResources.hydrants].filter((row) => ids.includes(row.deviceId));
      return {
        code: 200,
        data: {
          metric: params.metric,
          unit: params.metric === 'pressure' ? 'MPa' : 'cm',
          from: 0,
          to: 86_400_000,
          bucketMs: 864_000,
          series: rows.map((row) => ({
            deviceId: row.deviceId,
            name: row.name,
            points: [
              [43_200_000, 50],
              [86_400_000, 60],
            ],
          })),
        },
      };
    }
    if (path === '/devi/aep/alarm/lists')
      return {
        code: 200,
        rows: [{ alarmId: params.alarmType === 'FIRE' ? 71 : 72, alarmType: params.alarmType, createTime: 0 }],
        total: 1,
      };
    throw new Error(`未预期的请求：${path}`);
  });
  return { http: { get, post: vi.fn(), put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get, detail };
}

/** The alarm plugins as their manifests declare them: which open events, which concern fires. */
const alarmPlugins = [
  { code: 'FIRE', emergency: { kind: 'FIRE', opensEvent: true } },
  { code: 'SMOKE', emergency: { kind: 'FIRE' } },
  { code: 'FLOOD_PREVENTION', emergency: { kind: 'FLOOD', opensEvent: true } },
  { code: 'MANHOLE' },
].map((contributes) => ({ fullId: `alarm:${contributes.code.toLowerCase()}`, manifest: { kind: 'alarm', contributes } }));
const registry = { list: (kind?: string) => (kind === 'alarm' ? alarmPlugins : []) };

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

function renderPage(url: string, server = fakeServer(), childName = 'fireFighting') {
  const bus = new SimpleEventBus();
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
  const services = new ServiceMap()
    .set(HttpClient, server.http)
    .set(Api, createApiCaller(server.http))
    .set(EventBus, bus)
    .set(MapEffects, effects.api)
    .set(Notifier, { show: vi.fn() })
    .set(CameraStreams, streams as never)
    .set(PluginRegistry, registry as never);
  const view = render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/securityEmergency/:child" element={<EmergencyMapPage moduleName="securityEmergency" childName={childName} />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...server, bus, effects, view, playing };
}

describe('消防救援', () => {
  // The first render pays for the page's imports: on a loaded machine that takes a few seconds.
  it('opens on the event of the alarm in ?alarmId= and draws its fire, area and tasks', { timeout: 20_000 }, async () => {
    const { get, effects } = renderPage('/securityEmergency/firefighting?alarmId=88');
    await screen.findByRole('region', { name: `事件处置：${sampleDetail.title}` }, { timeout: 10_000 });
    expect(get).toHaveBeenCalledWith('/security/emergency/byAlarm', { alarmId: 88 }, expect.anything());
    await waitFor(() =>
      expect([...effects.shown.keys()]).toEqual(
        expect.arrayContaining(['emergency:event-12:fire', 'emergency:event-12:scan', 'emergency:event-12:task-1', 'emergency:hydrant-32']),
      ),
    );
    // The resources asked for are those near the focused event.
    expect(get).toHaveBeenCalledWith('/security/emergency/resources', { eventId: 12 }, expect.anything());
  });

  it("looks for the alarm's event again while it is being opened", async () => {
    const { get } = renderPage('/securityEmergency/firefighting?alarmId=88', fakeServer({ eventFoundAfter: 2 }));
    await screen.findByRole('region', { name: `事件处置：${sampleDetail.title}` }, { timeout: 3000 });
    expect(get.mock.calls.filter(([path]) => path === '/security/emergency/byAlarm')).toHaveLength(2);
  });

  it('follows the task pushes of its event live, and clears its effects when it closes', async () => {
    const server = fakeServer();
    const { bus, effects, view } = renderPage('/securityEmergency/firefighting?eventId=12', server);
    await screen.findByRole('listitem', { name: '灭火救援 · 消防一队 · 处理中' });
    server.detail.tasks = server.detail.tasks.map((task) =>
      task.taskId === 1 ? { ...task, status: 'DONE', statusName: '已完成', percent: 100 } : task,
    );
    const task = server.detail.tasks[0]!;
    const entry = {
      ...sampleDetail.history[0]!,
      action: 'finish' as const,
      actionName: '完成',
      eventTitle: sampleEvent.title,
      eventKind: sampleEvent.kind,
    };
    const data: EmergencyPushData = { eventId: 12, taskId: 1, action: 'finish', entry, event: sampleEvent, task };
    act(() =>
      bus.publish(PUSH_TOPIC_ALL, {
        message: { code: 200, eventType: emergencyPushTopic.eventType, seq: 1, data: { ...data } },
        route: { action: 'silent', topic: 'emergency.task' },
      }),
    );
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
    expect(
      within(switcher)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['江南大道高点消防摄像-001106 米', '滨盛路摄像机-004112 米', '江南大道摄像机-002178 米 · 离线']);
    fireEvent.click(within(switcher).getByRole('button', { name: '切换到 滨盛路摄像机-004（距事件 112 米）' }));
    await waitFor(() => expect([...playing]).toEqual([52]));
    view.unmount();
    expect(playing.size).toBe(0);
  });

  it('says 附近无摄像机 when no camera is near the event', async () => {
    const server = fakeServer();
    const get = server.get.getMockImplementation()!;
    server.get.mockImplementation(async (path: string, params?: Record<string, unknown>) =>
      path === '/security/emergency/resources' ? { code: 200, data: { ...sampleResources, cameras: [] } } : get(path, params),
    );
    renderPage('/securityEmergency/firefighting?eventId=12', server);
    const panel = await screen.findByRole('region', { name: '事件现场视频（附近摄像机）' });
    await within(panel).findByText('附近无摄像机');
  });
});

describe('水位监测', () => {
  it(
    'draws 水位趋势 of the sensors over the line and 水压趋势 of the lowest pressures from the stored readings',
    { timeout: 20_000 },
    async () => {
      const { get } = renderPage('/securityEmergency/water', fakeServer(), 'water');
      const levels = await screen.findByRole('region', { name: '水位趋势（24小时）：各传感器的存储读数' });
      await within(levels).findByRole('img', { name: '折线图：江南大道智能井盖-001（2 个数据点）' }, { timeout: 10_000 });
      const pressures = await screen.findByRole('region', { name: '水压趋势（24小时）：各传感器的存储读数' });
      await within(pressures).findByRole(
        'img',
        { name: '折线图：江南大道智能消火栓-001（2 个数据点）；滨盛路智能消火栓-002（2 个数据点）' },
        { timeout: 10_000 },
      );
      expect(get).toHaveBeenCalledWith(
        '/security/emergency/readings',
        { metric: 'waterLevel', hours: 24, deviceIds: '41' },
        expect.anything(),
      );
      expect(get).toHaveBeenCalledWith(
        '/security/emergency/readings',
        { metric: 'pressure', hours: 24, deviceIds: '31,32' },
        expect.anything(),
      );
    },
  );
});

describe('火灾处置', () => {
  it('lists and counts the alarm types whose manifests name the fire emergency, no others', { timeout: 20_000 }, async () => {
    const { get } = renderPage('/securityEmergency/fire', fakeServer(), 'fire');
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/devi/aep/alarm/lists', expect.objectContaining({ pageSize: 1 }), expect.anything()),
    );
    const asked = get.mock.calls.filter(([path]) => path === '/devi/aep/alarm/lists').map(([, params]) => params?.alarmType);
    expect(new Set(asked)).toEqual(new Set(['FIRE', 'SMOKE']));
  });
});
