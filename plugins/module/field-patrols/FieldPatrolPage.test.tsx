import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Api, ApiFiles, EventBus, HttpClient, MapEffects, PUSH_TOPIC_ALL } from '@ops/sdk';
import { patrolCheckInPushTopic, patrolMissedPushTopics, type PatrolRoute } from '@ops/contracts';
import { ContainerProvider, createApiCaller, ServiceMap, SimpleEventBus } from '@ops/sdk/testing';
import FieldPatrolPage from './FieldPatrolPage';
import { sampleCheckIns, sampleRoute, sampleStatistics } from './storyData';

/** A server answering the patrol routes from the story rows; `route` may change between reads. */
function fakeServer() {
  const state: { route: PatrolRoute } = { route: sampleRoute };
  const get = vi.fn(async (path: string, params: Record<string, unknown> = {}) => {
    if (path === '/patrols/routes') return { code: 200, rows: params.kind === 'greening' ? [state.route] : [], total: 1 };
    if (path === '/patrols/statistics') return { code: 200, data: sampleStatistics };
    if (path === '/patrols/checkIns') return { code: 200, rows: params.kind === 'greening' ? sampleCheckIns : [], total: 2 };
    if (path === '/patrols/checkIns/42') return { code: 200, data: sampleCheckIns[0] };
    if (path === '/patrols/missed')
      return params.alarmId === 88
        ? {
            code: 200,
            rows: [{ ...sampleCheckIns[0], routeId: 7, checkpointId: 102, checkpointName: '江南大道行道树', alarmId: 88 }],
            total: 1,
          }
        : { code: 200, rows: [], total: 0 };
    throw new Error(`未预期的请求：${path}`);
  });
  return { http: { get, post: vi.fn(), put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get, state };
}

function fakeEffects() {
  const shown = new Map<string, Record<string, unknown>>();
  return {
    shown,
    api: {
      add: (_effect: string, id: string, options: Record<string, unknown>) => void shown.set(id, options),
      update: () => undefined,
      remove: (id: string) => void shown.delete(id),
      ids: () => [...shown.keys()],
      optionsOf: () => undefined,
      onDidChange: () => () => undefined,
      onEvent: () => () => undefined,
    },
  };
}

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}

function renderPage(url: string, childName = 'greenCheckIn') {
  const server = fakeServer();
  const bus = new SimpleEventBus();
  const effects = fakeEffects();
  const download = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
  const services = new ServiceMap()
    .set(HttpClient, server.http)
    .set(Api, createApiCaller(server.http))
    .set(ApiFiles, { upload: vi.fn(), download })
    .set(EventBus, bus)
    .set(MapEffects, effects.api);
  const view = render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/cityManagement/:child"
            element={
              <>
                <FieldPatrolPage moduleName="cityManagement" childName={childName} />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...server, bus, effects, view, download };
}

describe('绿化打卡', () => {
  it('shows today’s figures, routes and check-ins of its kind and draws the routes and checkpoints', { timeout: 20_000 }, async () => {
    const { get, effects, view, download } = renderPage('/cityManagement/greenCheckIn');
    const routes = await screen.findByRole('list', { name: '绿化打卡巡查路线列表' }, { timeout: 10_000 });
    expect(within(routes).getByRole('button', { name: '查看路线：江南大道绿化1号线' }).textContent).toContain('2/4');
    await screen.findByRole('button', { name: '查看打卡：李巡查 于 江南大道花坛' });
    expect(get).toHaveBeenCalledWith('/patrols/checkIns', expect.objectContaining({ kind: 'greening', pageNum: 1 }), expect.anything());
    // The one check-in with a photo fetches it through ApiFiles.
    await waitFor(() => expect(download).toHaveBeenCalledWith('/patrols/checkIns/42/photo'));
    await waitFor(() => expect([...effects.shown.keys()]).toContain('patrols:checkpoint-7-102'));
    expect(effects.shown.get('patrols:checkpoint-7-102')).toMatchObject({ color: '#ff3b30' });
    expect(screen.getByText('已打 6 · 漏打 1 · 待打 9')).toBeTruthy();
    view.unmount();
    expect(effects.shown.size).toBe(0);
  });

  it('opens on the missed checkpoint of the alarm in ?alarmId=, and a route and a check-in on click', async () => {
    renderPage('/cityManagement/greenCheckIn?alarmId=88');
    const detail = await screen.findByRole('region', { name: '路线详情：江南大道绿化1号线' }, { timeout: 10_000 });
    expect(within(detail).getByText('该告警对应的漏打卡点')).toBeTruthy();
    expect(within(detail).getByText('2. 江南大道行道树').closest('li')?.className).toBe('is-highlighted');
    fireEvent.click(within(detail).getByRole('button', { name: '查看打卡：李巡查 于 江南大道花坛' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?checkInId=42'));
    const checkIn = await screen.findByRole('region', { name: '打卡详情：江南大道花坛' });
    expect(within(checkIn).getByText('已修剪绿篱')).toBeTruthy();
    fireEvent.click(within(checkIn).getByRole('button', { name: '路线详情：江南大道绿化1号线' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('?routeId=7'));
  });

  it('refreshes on a check-in or a miss of its kind, not of another', async () => {
    const { get, bus, state } = renderPage('/cityManagement/greenCheckIn');
    await screen.findByRole('button', { name: '查看路线：江南大道绿化1号线' }, { timeout: 10_000 });
    const reads = () => get.mock.calls.filter(([path]) => path === '/patrols/routes').length;
    const before = reads();
    const publish = (eventType: string, data: Record<string, unknown>) =>
      act(() => bus.publish(PUSH_TOPIC_ALL, { message: { code: 200, eventType, seq: 1, data }, route: { action: 'silent', topic: 't' } }));
    publish(patrolCheckInPushTopic.eventType, { checkInId: 50, routeId: 9, checkpointId: 300, kind: 'sanitation', at: 1 });
    expect(reads()).toBe(before);
    state.route = {
      ...sampleRoute,
      done: 3,
      due: 0,
      checkpoints: sampleRoute.checkpoints.map((point) => ({
        ...point,
        state: point.state === 'due' ? 'done' : point.state,
        checkInId: point.checkInId ?? 43,
      })),
    };
    publish(patrolCheckInPushTopic.eventType, { checkInId: 43, routeId: 7, checkpointId: 104, kind: 'greening', at: 1 });
    await screen.findByText('3/4');
    publish(patrolMissedPushTopics.greening.eventType, {
      alarmId: 90,
      alarmType: 'GREENING',
      alarmTypeName: '绿化问题',
      grade: 'ALARM_GRADE_LOW',
      alarmContent: '漏打卡',
      createTime: 1,
      routeId: 7,
      routeName: sampleRoute.name,
      kind: 'greening',
      checkpointId: 102,
      checkpointName: '江南大道行道树',
      memberName: '李巡查',
      longitude: 120.2,
      latitude: 30.2,
    });
    await waitFor(() => expect(reads()).toBe(before + 2));
  });
});
