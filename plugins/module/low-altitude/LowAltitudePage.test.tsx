import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Api, EventBus, HttpClient, MapEffects, Notifier, PUSH_TOPIC_ALL } from '@ops/sdk';
import { uavPositionPushTopic, type UavPositionsPushed } from '@ops/contracts';
import { ContainerProvider, createApiCaller, ServiceMap, SimpleEventBus } from '@ops/sdk/testing';
import LowAltitudePage from './LowAltitudePage';
import { fences, liveFlights, presets, sampleFlight, sampleReplay, sampleStay, uavs } from './storyData';

/** A server answering the low-altitude routes from the story rows. */
function fakeServer() {
  const get = vi.fn(async (path: string, params: Record<string, unknown> = {}) => {
    if (path === '/lowAltitude/live') return { code: 200, data: liveFlights };
    if (path === '/lowAltitude/uavs') return { code: 200, data: uavs };
    if (path === '/lowAltitude/routePresets') return { code: 200, data: presets };
    if (path === '/lowAltitude/geofences') return { code: 200, data: fences };
    if (path === '/lowAltitude/flights') return { code: 200, rows: [sampleFlight], total: 1 };
    if (path === '/lowAltitude/fenceStays')
      return { code: 200, rows: params.alarmId === 900 || !params.alarmId ? [sampleStay] : [], total: 1 };
    if (path === `/lowAltitude/flights/${sampleFlight.flightId}`) return { code: 200, data: sampleFlight };
    if (path === `/lowAltitude/flights/${sampleFlight.flightId}/replay`) return { code: 200, data: sampleReplay };
    throw new Error(`未预期的请求：${path}`);
  });
  return { http: { get, post: vi.fn(), put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get };
}

function renderPage(url: string, childName = 'lowUav') {
  const server = fakeServer();
  const bus = new SimpleEventBus();
  const shown = new Map<string, Record<string, unknown>>();
  const effects = {
    add: (_effect: string, id: string, options: Record<string, unknown>) => void shown.set(id, options),
    update: (id: string, options: Record<string, unknown>) => void shown.set(id, { ...shown.get(id), ...options }),
    remove: (id: string) => void shown.delete(id),
    ids: () => [...shown.keys()],
    optionsOf: () => undefined,
    onDidChange: () => () => undefined,
    onEvent: () => () => undefined,
  };
  const services = new ServiceMap()
    .set(HttpClient, server.http)
    .set(Api, createApiCaller(server.http))
    .set(EventBus, bus)
    .set(MapEffects, effects)
    .set(Notifier, { show: vi.fn() });
  render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/lowAltitude/:child" element={<LowAltitudePage moduleName="lowAltitude" childName={childName} />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...server, bus, shown };
}

type Subjects = { subjects: { id: string; longitude: number; selected?: boolean }[] };

describe('无人机巡检', () => {
  it(
    'opens on the flight of the alarm in ?alarmId=, draws the fences and live UAVs, and moves them by the push',
    { timeout: 20_000 },
    async () => {
      const { get, bus, shown } = renderPage('/lowAltitude/lowuav?alarmId=900');
      await screen.findByRole('region', { name: `江南大道无人机-002 · 飞行 #${sampleFlight.flightId}` }, { timeout: 10_000 });
      expect(get).toHaveBeenCalledWith('/lowAltitude/fenceStays', { pageNum: 1, pageSize: 1, alarmId: 900 }, expect.anything());
      await waitFor(() =>
        expect([...shown.keys()]).toEqual(
          expect.arrayContaining(['low-altitude:fence-1', 'low-altitude:fence-2', 'low-altitude:route-43', 'low-altitude:uavs']),
        ),
      );
      const pushed: UavPositionsPushed = { at: 2, uavs: liveFlights.map((flight) => ({ ...flight, longitude: flight.longitude + 0.001 })) };
      act(() =>
        bus.publish(PUSH_TOPIC_ALL, {
          message: { code: 200, eventType: uavPositionPushTopic.eventType, seq: 1, data: { ...pushed } },
          route: { action: 'silent', topic: 'uav.position' },
        }),
      );
      await waitFor(() =>
        expect((shown.get('low-altitude:uavs') as Subjects).subjects[0]!.longitude).toBeCloseTo(liveFlights[0]!.longitude + 0.001, 9),
      );

      // 回放: the replayed UAV joins the subjects, at the track's start, with its route and track drawn.
      act(() => screen.getByRole('button', { name: `回放飞行 #${sampleFlight.flightId}` }).click());
      await screen.findByRole('slider', { name: '回放进度' });
      await waitFor(() =>
        expect((shown.get('low-altitude:uavs') as Subjects).subjects.map((subject) => subject.id)).toContain('replay-42'),
      );
      const replayed = (shown.get('low-altitude:uavs') as Subjects).subjects.find((subject) => subject.id === 'replay-42')!;
      expect(replayed.longitude).toBeCloseTo(sampleReplay.track[0]!.longitude, 9);
      expect([...shown.keys()]).toEqual(expect.arrayContaining(['low-altitude:replay-route', 'low-altitude:replay-track']));
    },
  );
});
