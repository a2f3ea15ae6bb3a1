import type { Meta, StoryObj } from '@storybook/react-vite';
import { DeviceApi } from '@ops/sdk';
import { deviceKind, fakeDeviceApi, fakeRows, setDeviceGrants } from '@ops/sdk/testing';
import { DeviceKindPage } from './DeviceKindPage';

/** The panel of every device kind (list, detail and control), each over plausible data of its own. */
const meta = {
  title: 'Plugins/DeviceCenter/DevicePanels',
  component: DeviceKindPage,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => setDeviceGrants({ read: 'all', control: 'all' }),
} satisfies Meta<typeof DeviceKindPage>;

export default meta;
type Story = StoryObj<typeof meta>;

function panel(page: string): Story {
  const kind = deviceKind(page);
  const groups = [{ groupId: 1, groupName: `江南大道${kind.displayName}组`, kind: page, deviceCount: 8 }];
  return { args: { kind, refreshMs: 0 }, parameters: { services: { [DeviceApi]: fakeDeviceApi(kind, fakeRows(kind, 40), groups) } } };
}

export const Agent: Story = panel('agent');
export const Alarm: Story = panel('alarm');
export const Bright: Story = panel('bright');
export const Broad: Story = panel('broad');
export const Camera: Story = panel('camera');
export const Charge: Story = panel('charge');
export const Envir: Story = panel('envir');
export const FireAlarm: Story = panel('fireAlarm');
export const FireCamera: Story = panel('fireCamera');
export const FireHydrant: Story = panel('fireHydrant');
export const Lamp: Story = panel('lamp');
export const Light: Story = panel('light');
export const NavigationScreen: Story = panel('navigationScreen');
export const RunningColumn: Story = panel('runningColumn');
export const Screen: Story = panel('screen');
export const SightseeingBus: Story = panel('sightseeingBus');
export const SmartLocker: Story = panel('smartLocker');
export const SmartManhole: Story = panel('smartManhole');
export const SmartParking: Story = panel('smartParking');
export const SmartPlatform: Story = panel('smartPlatform');
export const SmartSeat: Story = panel('smartSeat');
export const SmartStation: Story = panel('smartStation');
export const SmartToilet: Story = panel('smartToilet');
export const SmartTrash: Story = panel('smartTrash');
export const Smartbox: Story = panel('smartbox');
export const Smoke: Story = panel('smoke');
export const Soldier: Story = panel('soldier');
export const Trail: Story = panel('trail');
export const Uav: Story = panel('uav');
export const VendingMachine: Story = panel('vendingMachine');
export const Walkie: Story = panel('walkie');
export const Wifi: Story = panel('wifi');
export const Yacht: Story = panel('yacht');
