import type { Meta, StoryObj } from '@storybook/react-vite';
import { DeviceDetailPanel } from './DeviceDetailPanel';
import { deviceKind, fakeRows } from './testing/fakeDevices';

const lamp = deviceKind('lamp');
const [onlineLamp, , , offlineLamp] = fakeRows(lamp, 4);

const meta = {
  title: 'Core/Devices/DeviceDetailPanel',
  component: DeviceDetailPanel,
  args: { kind: lamp, device: onlineLamp!, onSend: async () => undefined },
  decorators: [(Story) => <div style={{ width: 340 }}>{Story()}</div>],
} satisfies Meta<typeof DeviceDetailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnlineLamp: Story = {};
export const OfflineLamp: Story = { args: { device: offlineLamp! } };
export const Speaker: Story = { args: { kind: deviceKind('broad'), device: fakeRows(deviceKind('broad'), 1)[0]! } };
export const SensorWithoutCommands: Story = { args: { kind: deviceKind('envir'), device: fakeRows(deviceKind('envir'), 1)[0]! } };
export const Drone: Story = { args: { kind: deviceKind('uav'), device: fakeRows(deviceKind('uav'), 1)[0]! } };
