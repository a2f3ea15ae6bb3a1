import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Api, EventBus, HttpClient, mapReplayTopic, MapEffects, type MapReplayState } from '@ops/sdk';
import type { Situation } from '@ops/contracts';
import { ContainerProvider, createApiCaller, ServiceMap, SimpleEventBus } from '@ops/sdk/testing';
import SituationReplay from './SituationReplay';

const emptySituation = (at: number): Situation => ({ at, alarms: [], alarmsCapped: false, offlineDevices: [], subjects: [], marks: [] });

/** A server whose /situation/at answers only when the test says so, so the requests in flight can be counted. */
function setup() {
  const pending: { at: number; answer(): void }[] = [];
  const get = vi.fn((path: string, params: Record<string, unknown> = {}) => {
    if (path === '/situation/events')
      return Promise.resolve({ code: 200, data: { from: params.from, to: params.to, events: [], capped: false } });
    if (path === '/situation/at') {
      const at = Number(params.at);
      return new Promise((resolve) =>
        pending.push({
          at,
          answer: () =>
            resolve({
              code: 200,
              data: {
                ...emptySituation(at),
                alarms: [
                  {
                    alarmId: 3,
                    alarmType: 'SMOKE',
                    alarmTypeName: '烟雾告警',
                    grade: 'ALARM_GRADE_HIGH',
                    deviceId: 1,
                    deviceName: '烟感',
                    longitude: 120.2,
                    latitude: 30.2,
                    content: '烟雾',
                    raisedAt: at - 1,
                    closedAt: null,
                  },
                ],
              },
            }),
        }),
      );
    }
    return Promise.reject(new Error(`未预期的请求：${path}`));
  });
  const http = { get, post: vi.fn(), put: vi.fn(), delete: vi.fn() } as unknown as HttpClient;
  const drawn = new Map<string, string>();
  const effects = {
    add: (effect: string, id: string) => void drawn.set(id, effect),
    update: vi.fn(),
    remove: (id: string) => void drawn.delete(id),
  };
  const bus = new SimpleEventBus();
  const replay: MapReplayState[] = [];
  bus.subscribe(mapReplayTopic, (state) => replay.push(state));
  const services = new ServiceMap()
    .set(HttpClient, http)
    .set(Api, createApiCaller(http))
    .set(EventBus, bus)
    .set(MapEffects, effects as never);
  render(
    <ContainerProvider container={services}>
      <SituationReplay />
    </ContainerProvider>,
  );
  const atRequests = () => get.mock.calls.filter(([path]) => path === '/situation/at').length;
  return { pending, drawn, replay, atRequests, effects };
}

describe('SituationReplay', () => {
  it('opens on the past day, shows the situation at the cursor on the globe with one request at a time, and restores live on 返回实时', async () => {
    const { pending, drawn, replay, atRequests } = setup();
    fireEvent.click(screen.getByRole('button', { name: '态势回放' }));
    await waitFor(() => expect(atRequests()).toBe(1));
    expect(replay.at(-1)).toMatchObject({ replaying: true });
    // Moving the cursor while the first answer is outstanding asks for nothing more yet.
    const slider = screen.getByRole('slider', { name: '回放时刻' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(atRequests()).toBe(1);
    await act(async () => pending[0]!.answer());
    // Then only the newest time is asked for.
    await waitFor(() => expect(atRequests()).toBe(2));
    expect(pending[1]!.at).toBe(pending[0]!.at + 120_000);
    await act(async () => pending[1]!.answer());
    await waitFor(() => expect(drawn.get('replay-alarm-3')).toBe('pulsingCircle'));
    expect(drawn.get('replay-subjects')).toBe('movingSubjects');
    fireEvent.click(screen.getByRole('button', { name: '返回实时' }));
    expect(drawn.size).toBe(0);
    expect(replay.at(-1)).toEqual({ replaying: false, at: null });
    expect(screen.getByRole('button', { name: '态势回放' })).toBeTruthy();
  });
});
