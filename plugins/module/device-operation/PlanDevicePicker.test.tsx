import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Loaded } from '@ops/sdk';
import type { PlanDeviceOption } from '@ops/contracts';
import { matchingDevices, PlanDevicePicker, type PlanScope } from './PlanDevicePicker';

const devices: PlanDeviceOption[] = [
  { deviceId: 7, deviceName: '江南大道智慧灯杆-001', deviceCode: 'LAMP-1-000007', online: true },
  { deviceId: 8, deviceName: '江南大道智慧灯杆-002', deviceCode: 'LAMP-1-000008', online: false },
  { deviceId: 9, deviceName: '滨盛路智慧灯杆-001', deviceCode: 'LAMP-1-000009', online: true },
];

function Harness({ loaded, onScope }: { loaded: Loaded<PlanDeviceOption[]>; onScope(scope: PlanScope): void }) {
  const [scope, setScope] = useState<PlanScope>({ all: false, deviceIds: [] });
  return (
    <PlanDevicePicker
      kindName="智慧灯杆"
      devices={loaded}
      value={scope}
      onChange={(next) => {
        setScope(next);
        onScope(next);
      }}
    />
  );
}

describe('PlanDevicePicker', () => {
  it('finds devices by name or code', () => {
    expect(matchingDevices(devices, ' 江南 ').map((device) => device.deviceId)).toEqual([7, 8]);
    expect(matchingDevices(devices, 'lamp-1-000009').map((device) => device.deviceId)).toEqual([9]);
    expect(matchingDevices(devices, '')).toHaveLength(3);
  });

  it('picks devices by name, selects what the search shows, and switches to the whole kind', () => {
    const scopes: PlanScope[] = [];
    render(<Harness loaded={{ status: 'ready', data: devices }} onScope={(scope) => scopes.push(scope)} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '滨盛路智慧灯杆-001' }));
    expect(scopes.at(-1)).toEqual({ all: false, deviceIds: [9] });
    expect(screen.getByText('已选 1 / 3 台')).toBeTruthy();
    // The offline one is marked.
    expect(screen.getByRole('checkbox', { name: '江南大道智慧灯杆-002' }).closest('label')!.textContent).toContain('离线');

    fireEvent.change(screen.getByRole('searchbox', { name: '按名称或编码搜索设备' }), { target: { value: '江南' } });
    expect(screen.queryByRole('checkbox', { name: '滨盛路智慧灯杆-001' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '全选当前结果' }));
    expect(scopes.at(-1)).toEqual({ all: false, deviceIds: [9, 7, 8] });
    fireEvent.change(screen.getByRole('searchbox', { name: '按名称或编码搜索设备' }), { target: { value: '不存在' } });
    expect(screen.getByText('没有符合的设备')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '全部智慧灯杆' }));
    expect(scopes.at(-1)!.all).toBe(true);
    expect(screen.queryByRole('group', { name: '巡检设备' })).toBeNull();
  });

  it('says when the devices are loading, failed or there are none', () => {
    const { rerender } = render(<Harness loaded={{ status: 'loading', data: undefined }} onScope={() => undefined} />);
    expect(screen.getByText('正在加载设备…')).toBeTruthy();
    rerender(<Harness loaded={{ status: 'error', data: undefined, error: '网络错误' }} onScope={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('设备加载失败：网络错误');
    rerender(<Harness loaded={{ status: 'ready', data: [] }} onScope={() => undefined} />);
    expect(screen.getByText('租户下没有智慧灯杆')).toBeTruthy();
  });
});
