import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Api, ApiFiles, EventBus, HttpClient, MapEffects, Notifier, PUSH_TOPIC_ALL } from '@ops/sdk';
import { caseChangedPushTopic } from '@ops/contracts';
import { ContainerProvider, createApiCaller, ServiceMap, SimpleEventBus } from '@ops/sdk/testing';
import CaseMapPage from './CaseMapPage';
import { sampleCases, sampleDetail, sampleStats } from './storyData';

/** A server answering the case routes from the story rows. */
function fakeServer() {
  const rows = [...sampleCases];
  const get = vi.fn(async (path: string) => {
    if (path === '/cases') return { code: 200, rows: [...rows], total: rows.length };
    if (path === '/cases/stats') return { code: 200, data: sampleStats };
    if (path === '/cases/map') return { code: 200, data: [...rows] };
    if (path === '/cases/places') return { code: 200, data: [{ name: '江南大道', longitude: 120.2105, latitude: 30.2085 }] };
    if (path === '/cases/byAlarm/204') return { code: 200, data: sampleCases[0] };
    if (path === `/cases/${sampleDetail.caseId}`) return { code: 200, data: sampleDetail };
    throw new Error(`未预期的请求：${path}`);
  });
  return { http: { get, post: vi.fn(), put: vi.fn(), delete: vi.fn() } as unknown as HttpClient, get, rows };
}

function renderPage(url: string, server = fakeServer()) {
  const bus = new SimpleEventBus();
  const shown = new Map<string, Record<string, unknown>>();
  const effects = {
    add: (_effect: string, id: string, options: Record<string, unknown>) => void shown.set(id, options),
    update: () => undefined,
    remove: (id: string) => void shown.delete(id),
    ids: () => [...shown.keys()],
    optionsOf: () => undefined,
    onDidChange: () => () => undefined,
    onEvent: () => () => undefined,
  };
  const services = new ServiceMap()
    .set(HttpClient, server.http)
    .set(Api, createApiCaller(server.http))
    .set(ApiFiles, { upload: vi.fn(), download: vi.fn(async () => new Blob()) })
    .set(EventBus, bus)
    .set(MapEffects, effects as never)
    .set(Notifier, { show: vi.fn() });
  const view = render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/lawEnforcement/:child" element={<CaseMapPage moduleName="lawEnforcement" childName="lawComplaintSuggestions" />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { ...server, bus, shown, view };
}

describe('投诉建议', () => {
  it(
    'opens on the case of the alarm in ?alarmId= and draws the cases as circles, the focused one larger',
    { timeout: 20_000 },
    async () => {
      const { get, shown } = renderPage('/lawEnforcement/lawcomplaintsuggestions?alarmId=204');
      await screen.findByRole('heading', { name: /夜间施工噪音扰民/ }, { timeout: 10_000 });
      expect(get).toHaveBeenCalledWith('/cases/byAlarm/204', expect.anything(), expect.anything());
      expect(get).toHaveBeenCalledWith('/cases', expect.objectContaining({ group: 'complaintSuggestion', pageNum: 1 }), expect.anything());
      await waitFor(() => expect([...shown.keys()]).toEqual(['field-cases:case-12', 'field-cases:case-13', 'field-cases:case-9']));
      expect(Number(shown.get('field-cases:case-12')!.maxRadius)).toBeGreaterThan(Number(shown.get('field-cases:case-13')!.maxRadius));
    },
  );

  it("refreshes the list, figures and map on a change of its group's cases, ignores other groups', and clears its circles when it closes", async () => {
    const server = fakeServer();
    const { bus, get, shown, view } = renderPage('/lawEnforcement/lawcomplaintsuggestions', server);
    await screen.findByRole('button', { name: /建议增设公交站遮阳棚/ });
    const listReads = () => get.mock.calls.filter(([path]) => path === '/cases').length;
    const before = listReads();
    const push = (kind: string) =>
      act(() =>
        bus.publish(PUSH_TOPIC_ALL, {
          message: {
            code: 200,
            eventType: caseChangedPushTopic.eventType,
            seq: 1,
            data: { caseId: 40, caseNo: 'AJ-1', kind, status: 'registered', action: 'register', time: 0 },
          },
          route: { action: 'silent', topic: 'case.changed' },
        }),
      );
    push('illegalParking');
    expect(listReads()).toBe(before);
    server.rows.unshift({ ...sampleCases[1]!, caseId: 40, title: '新的投诉（推送）' });
    push('complaint');
    await screen.findByRole('button', { name: /新的投诉（推送）/ });
    await waitFor(() => expect(shown.has('field-cases:case-40')).toBe(true));
    view.unmount();
    expect(shown.size).toBe(0);
  });
});
