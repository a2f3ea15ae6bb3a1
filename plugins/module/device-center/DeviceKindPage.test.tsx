import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceApi, Notifier } from '@ops/sdk';
import { allDeviceKinds, ContainerProvider, deviceKind, fakeDeviceApi, fakeRows, ServiceMap, setDeviceGrants } from '@ops/sdk/testing';
import { DeviceKindPage } from './DeviceKindPage';
import { DeviceTable } from './DeviceTable';

function renderPage(page: string, count = 50) {
  const kind = deviceKind(page);
  const api = fakeDeviceApi(kind, fakeRows(kind, count), [
    { groupId: 1, groupName: `江南大道${kind.displayName}组`, kind: page, deviceCount: 4 },
  ]);
  const notifier = { show: vi.fn() };
  const services = new ServiceMap().set(DeviceApi, api).set(Notifier, notifier);
  render(
    <ContainerProvider container={services}>
      <MemoryRouter>
        <DeviceKindPage kind={kind} refreshMs={0} />
      </MemoryRouter>
    </ContainerProvider>,
  );
  return { kind, api, notifier };
}

describe('DeviceKindPage', () => {
  // An operator of 设备管控: every kind's page, so every kind may be controlled.
  let restoreGrants: () => void;
  beforeEach(() => {
    restoreGrants = setDeviceGrants({ read: 'all', control: 'all' });
  });
  afterEach(() => restoreGrants());

  it.each(allDeviceKinds.map((kind) => [kind.page, kind.displayName]))(
    'shows the %s panel (%s) with its devices and commands',
    async (page, displayName) => {
      const { kind } = renderPage(page, 12);
      const table = await screen.findByRole('table', { name: `${displayName}列表` });
      await within(table).findByText(`江南大道${displayName}-001`);
      fireEvent.click(within(table).getByText(`江南大道${displayName}-001`));
      const detail = screen.getByRole('region', { name: `设备详情：江南大道${displayName}-001` });
      for (const field of kind.telemetry ?? []) expect(within(detail).getByText(field.label)).toBeTruthy();
      for (const command of kind.commands ?? [])
        expect(within(detail).getByRole('button', { name: new RegExp(`^${command.label}`) })).toBeTruthy();
    },
  );

  it('filters by online state, marking the pressed filter', async () => {
    const { api } = renderPage('lamp', 14);
    const table = await screen.findByRole('table', { name: '智慧灯杆列表' });
    await within(table).findByText('江南大道智慧灯杆-001');
    const filters = screen.getByRole('group', { name: '在线状态' });
    expect(within(filters).getByRole('button', { name: '全部' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(filters).getByRole('button', { name: '离线' }));
    expect(within(filters).getByRole('button', { name: '离线' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(filters).getByRole('button', { name: '离线' }).className).toContain('bp6-active');
    await within(table).findByText('江南大道智慧灯杆-004');
    expect(within(table).queryByText('江南大道智慧灯杆-001')).toBeNull();
    expect(api.calls.length).toBeGreaterThan(1);
  });

  it('controls the selected devices together and shows the result', async () => {
    const { api, notifier } = renderPage('lamp');
    const table = await screen.findByRole('table', { name: '智慧灯杆列表' });
    await within(table).findByText('江南大道智慧灯杆-001');
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 江南大道智慧灯杆-001' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 江南大道智慧灯杆-002' }));
    const bulk = screen.getByRole('group', { name: '控制所选设备' });
    await act(async () => {
      fireEvent.click(within(bulk).getByRole('button', { name: /^开灯/ }));
    });
    expect(api.calls).toContain('control 1 {"deviceIds":[1,2]}');
    expect(notifier.show).toHaveBeenCalledWith('success', '2 台设备执行成功');
    expect(within(table).getAllByText(/开关：开/)).toHaveLength(2);
  });
});

describe('DeviceKindPage for a user who may only read', () => {
  it.each([
    ['a map module (reads every kind, controls none)', { read: 'all' as const, control: [] }],
    ['the camera page (controls cameras, not lamps)', { read: ['camera'], control: ['camera'] }],
    ['no grants known', null],
  ])('shows lamps without any command button to %s', async (_who, grants) => {
    const restore = setDeviceGrants(grants);
    try {
      const { api } = renderPage('lamp', 12);
      const table = await screen.findByRole('table', { name: '智慧灯杆列表' });
      await within(table).findByText('江南大道智慧灯杆-001');
      expect(within(table).queryAllByRole('checkbox')).toEqual([]);
      await screen.findByRole('option', { name: /江南大道智慧灯杆组/ });
      fireEvent.change(screen.getByRole('combobox', { name: '设备分组' }), { target: { value: '1' } });
      expect(screen.queryByRole('group', { name: /分组控制/ })).toBeNull();
      fireEvent.click(await within(table).findByText('江南大道智慧灯杆-001'));
      const detail = screen.getByRole('region', { name: '设备详情：江南大道智慧灯杆-001' });
      expect(within(detail).getByText('没有控制智慧灯杆的权限，仅可查看')).toBeTruthy();
      for (const command of deviceKind('lamp').commands ?? [])
        expect(screen.queryByRole('button', { name: new RegExp(`^${command.label}`) })).toBeNull();
      expect(api.calls.filter((call) => call.startsWith('control'))).toEqual([]);
    } finally {
      restore();
    }
  });
});

describe('DeviceTable', () => {
  it('keeps only the visible rows of 10,000 devices in the DOM', () => {
    const kind = deviceKind('lamp');
    render(
      <DeviceTable
        kind={kind}
        total={10_000}
        rows={fakeRows(kind, 10_000)}
        selectedIds={new Set()}
        onToggle={() => undefined}
        onOpen={() => undefined}
        height={600}
      />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('10000');
  });
});
