import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Loaded } from '@ops/sdk';
import type { PlanDeviceOption } from '@ops/contracts';
import { PlanDevicePicker, type PlanScope } from './PlanDevicePicker';
import './DeviceOperation.css';

const devices: PlanDeviceOption[] = Array.from({ length: 24 }, (_, index) => ({
  deviceId: 101 + index,
  deviceName: `${['江南大道', '滨盛路', '钱江新城', '奥体中心'][index % 4]}智慧灯杆-${String(index + 1).padStart(3, '0')}`,
  deviceCode: `LAMP-1-${String(101 + index).padStart(6, '0')}`,
  online: index % 7 !== 4,
}));

/** The picker as the plan dialog holds it: its own scope state, the devices in one of their load states. */
function Picker({ loaded, initial }: { loaded: Loaded<PlanDeviceOption[]>; initial: PlanScope }) {
  const [scope, setScope] = useState(initial);
  return (
    <div className="bp6-dark" style={{ width: 440, padding: 16, background: '#252a31' }}>
      <PlanDevicePicker kindName="智慧灯杆" devices={loaded} value={scope} onChange={setScope} />
    </div>
  );
}

const meta = {
  title: 'Plugins/DeviceOperation/PlanDevicePicker',
  component: Picker,
  args: { loaded: { status: 'ready', data: devices }, initial: { all: false, deviceIds: [101, 103] } },
} satisfies Meta<typeof Picker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Picked: Story = {};
export const AllOfKind: Story = { args: { initial: { all: true, deviceIds: [] } } };
export const Loading: Story = { args: { loaded: { status: 'loading', data: undefined } } };
export const Empty: Story = { args: { loaded: { status: 'ready', data: [] } } };
export const Failed: Story = { args: { loaded: { status: 'error', data: undefined, error: '网络连接失败，请稍后重试' } } };
