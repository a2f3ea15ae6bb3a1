import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContainerProvider } from '../di/ContainerProvider';
import { ServiceMap } from '../di/ServiceLocator';
import { Api, createApiCaller } from '../http/ApiCaller';
import { ApiFiles } from '../http/ApiFiles';
import type { HttpClient } from '../http/HttpClient';
import { createAppContainer } from '../di/createAppContainer';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry, PluginRegistry } from '../plugins/PluginRegistry';
import { EventBus, SimpleEventBus } from '../push/EventBus';
import { PUSH_TOPIC_ALL } from '../push/PushClient';
import { ALARM_EFFECT_MS, ALARM_TOAST_MS, AlarmNotifications } from './AlarmNotifications';

function Where() {
  const { pathname, search } = useLocation();
  return <span data-testid="where">{`${pathname}${search}`}</span>;
}

/** The server's alarm_grade dictionary (the toasts' grade labels), and nothing else. */
const grades = [
  ['高', 'ALARM_GRADE_HIGH', 'danger'],
  ['中', 'ALARM_GRADE_MEDIUM', 'warning'],
  ['低', 'ALARM_GRADE_LOW', 'primary'],
].map(([dictLabel, dictValue, listClass], index) => ({
  dictCode: index + 1,
  dictSort: index + 1,
  dictLabel,
  dictValue,
  dictType: 'alarm_grade',
  cssClass: '',
  listClass,
  isDefault: 'N',
}));
const http = {
  get: async () => ({ code: 200, msg: '', data: grades }),
} as unknown as HttpClient;

/** Snapshots the toasts fetch with the session. */
const downloads: string[] = [];
const pictureFiles: ApiFiles = {
  upload: () => Promise.reject(new Error('no uploads here')),
  download: async (path) => {
    downloads.push(path);
    return new Blob(['png'], { type: 'image/png' });
  },
};

const play = vi.fn(() => Promise.resolve());
const pause = vi.fn();

function setup() {
  const bus = new SimpleEventBus();
  const registry = new DefaultPluginRegistry(createPluginCatalog({}, {}), createAppContainer());
  const services = new ServiceMap()
    .set(EventBus, bus)
    .set(PluginRegistry, registry)
    .set(Api, createApiCaller(http))
    .set(ApiFiles, pictureFiles);
  render(
    <ContainerProvider container={services}>
      <MemoryRouter initialEntries={['/home']}>
        <AlarmNotifications />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ContainerProvider>,
  );
  const push = (
    seq: number,
    alarmTypeName = '消防救援',
    target = { module: 'securityEmergency', child: 'fireFighting' },
    extra: Record<string, unknown> = {},
  ) =>
    act(() =>
      bus.publish(PUSH_TOPIC_ALL, {
        message: {
          code: 200,
          eventType: 'FIRE_FIGHTING_EVENT',
          seq,
          data: { alarmTypeName, alarmContent: `第 ${seq} 条`, grade: 'ALARM_GRADE_HIGH', ...extra },
        },
        route: { action: 'toast', topic: 'x', target },
      }),
    );
  return { push };
}

describe('AlarmNotifications', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'Audio',
      class {
        onerror = null;
        play = play;
        pause = pause;
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a toast for 15 s with the fire mask and the sound for 5 s', async () => {
    const { push } = setup();
    push(1);
    expect(screen.getByRole('button', { name: '查看告警：消防救援' })).toBeTruthy();
    expect(screen.getByTestId('alarm-fire-mask')).toBeTruthy();
    expect(play).toHaveBeenCalled();
    // The grade's label from the server's dictionary alarm_grade.
    await act(async () => vi.advanceTimersByTime(0));
    expect(screen.getByRole('button', { name: '查看告警：消防救援' }).textContent).toContain('高');
    await act(async () => vi.advanceTimersByTime(ALARM_EFFECT_MS));
    expect(screen.queryByTestId('alarm-fire-mask')).toBeNull();
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '查看告警：消防救援' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(ALARM_TOAST_MS - ALARM_EFFECT_MS));
    expect(screen.queryByRole('button', { name: '查看告警：消防救援' })).toBeNull();
  });

  it("opens the alarm's sub-page on click", () => {
    const { push } = setup();
    push(1);
    fireEvent.click(screen.getByRole('button', { name: '查看告警：消防救援' }));
    expect(screen.getByTestId('where').textContent).toBe('/securityEmergency/firefighting');
  });

  it('opens the page on the pushed alarm (?alarmId=), so the page can find its event', () => {
    const { push } = setup();
    push(1, '消防救援', undefined, { alarmId: 42 });
    fireEvent.click(screen.getByRole('button', { name: '查看告警：消防救援' }));
    expect(screen.getByTestId('where').textContent).toBe('/securityEmergency/firefighting?alarmId=42');
  });

  it("updates an alarm's toast when a second push names the same alarm (a watchlist hit after DEVICE_ALARM), showing its snapshot, with one sound", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:snapshot', revokeObjectURL: () => undefined }));
    const { push } = setup();
    play.mockClear();
    push(1, '车辆布控', { module: 'monitoringCenter', child: 'carDefense' }, { alarmId: 7 });
    push(2, '车辆布控', { module: 'monitoringCenter', child: 'carDefense' }, { alarmId: 7, snapshotUrl: '/watchlist/snapshot/99' });
    await act(async () => vi.advanceTimersByTime(0));
    const toasts = screen.getAllByRole('button', { name: '查看告警：车辆布控' });
    expect(toasts).toHaveLength(1);
    expect(play).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual(['/watchlist/snapshot/99']);
    expect(screen.getByRole('img', { name: '抓拍：第 2 条' }).getAttribute('src')).toBe('blob:snapshot');
    fireEvent.click(toasts[0]!);
    expect(screen.getByTestId('where').textContent).toBe('/monitoringCenter/cardefense?alarmId=7');
  });

  it('keeps the newest three visible and folds the rest into a count', () => {
    const { push } = setup();
    for (let seq = 1; seq <= 7; seq++) push(seq, `告警${seq}`);
    const names = screen.getAllByRole('button', { name: /查看告警/ }).map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['查看告警：告警7', '查看告警：告警6', '查看告警：告警5']);
    expect(screen.getByText('还有 4 条告警')).toBeTruthy();
  });
});
