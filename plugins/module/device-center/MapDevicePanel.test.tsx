import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceApi, EventBus, MapEffects, Notifier, type MapEffectEvent } from '@ops/sdk';
import { ContainerProvider, deviceKind, fakeDeviceApi, fakeRows, ServiceMap, setDeviceGrants } from '@ops/sdk/testing';
import MapDevicePanel from './MapDevicePanel';

/** The effects hub as far as the panel uses it: added circles, and a way to report a drag. */
function fakeEffects() {
  const added = new Map<string, Record<string, unknown>>();
  const listeners = new Set<(event: MapEffectEvent) => void>();
  const effects: MapEffects = {
    add: (_effect, id, options) => void added.set(id, options),
    update: () => undefined,
    remove: (id) => void added.delete(id),
    ids: () => [...added.keys()],
    optionsOf: (id) => added.get(id),
    onDidChange: () => () => undefined,
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { effects, added, report: (event: MapEffectEvent) => listeners.forEach((listener) => listener(event)) };
}

let restoreGrants: (() => void) | undefined;
afterEach(() => restoreGrants?.());

async function openLamp(grants: Parameters<typeof setDeviceGrants>[0]) {
  restoreGrants = setDeviceGrants(grants);
  const lamp = deviceKind('lamp');
  const [row] = fakeRows(lamp, 1);
  const api = fakeDeviceApi(lamp, [row!]);
  const { effects, added, report } = fakeEffects();
  const bus: EventBus = { publish: () => undefined, subscribe: () => () => undefined };
  const notifier = { show: vi.fn() };
  const handlers = { onClose: vi.fn(), onFocus: vi.fn(), onMoved: vi.fn() };
  const services = new ServiceMap().set(DeviceApi, api).set(Notifier, notifier).set(MapEffects, effects).set(EventBus, bus);
  render(
    <ContainerProvider container={services}>
      <MapDevicePanel
        device={{
          deviceId: row!.deviceId,
          kind: 'lamp',
          online: true,
          longitude: row!.longitude,
          latitude: row!.latitude,
          deviceName: row!.deviceName,
        }}
        kind={lamp}
        {...handlers}
      />
    </ContainerProvider>,
  );
  const detail = await screen.findByRole('region', { name: `设备详情：${row!.deviceName}` });
  return { api, added, report, handlers, detail, notifier, row: row! };
}

describe('MapDevicePanel', () => {
  it('lets a user who controls lamps send commands and move the lamp by dragging its circle', async () => {
    const { api, added, report, handlers, detail, row } = await openLamp({ read: 'all', control: ['lamp'] });
    expect(within(detail).getByRole('button', { name: /^开灯/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '调整位置' }));
    expect([...added.keys()]).toEqual([`relocate-${row.deviceId}`]);
    expect(handlers.onFocus).toHaveBeenCalledWith({ longitude: row.longitude, latitude: row.latitude, height: 0 });
    act(() =>
      report({ id: `relocate-${row.deviceId}`, type: 'moved', detail: { position: { longitude: 120.3, latitude: 30.1, height: 0 } } }),
    );
    expect(screen.getByText('新位置：120.30000000, 30.10000000，高度 0')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存位置' }));
    });
    expect(api.calls).toContain(`move ${row.deviceId} 120.3 30.1`);
    expect(handlers.onMoved).toHaveBeenCalledTimes(1);
    expect(added.size).toBe(0);
  });

  it.each([
    ['a map module (reads every kind, controls none)', { read: 'all' as const, control: [] }],
    ['another kind’s page', { read: ['camera'], control: ['camera'] }],
  ])('shows a read-only user of %s the lamp without commands or 调整位置', async (_who, grants) => {
    const { detail } = await openLamp(grants);
    expect(within(detail).getByText('没有控制智慧灯杆的权限，仅可查看')).toBeTruthy();
    for (const command of deviceKind('lamp').commands ?? [])
      expect(screen.queryByRole('button', { name: new RegExp(`^${command.label}`) })).toBeNull();
    expect(screen.queryByRole('button', { name: '调整位置' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭详情' })).toBeTruthy();
  });
});
