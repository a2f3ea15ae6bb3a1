import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DeviceDetailPanel } from './DeviceDetailPanel';
import { deviceKind, fakeRows } from '@ops/sdk/testing';

const lamp = deviceKind('lamp');
const [onlineLamp, , , offlineLamp] = fakeRows(lamp, 4);

const meta = {
  title: 'Plugins/DeviceCenter/DeviceDetailPanel',
  component: DeviceDetailPanel,
  args: { kind: lamp, device: onlineLamp!, controllable: true, onSend: async () => undefined },
  decorators: [(Story) => <div style={{ width: 340 }}>{Story()}</div>],
} satisfies Meta<typeof DeviceDetailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnlineLamp: Story = {};
export const OfflineLamp: Story = { args: { device: offlineLamp! } };
/** A user who may read lamps but not control them: no command, and why. */
export const ReadOnlyLamp: Story = {
  args: { controllable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('没有控制智慧灯杆的权限，仅可查看')).toBeTruthy();
    await expect(canvas.queryByRole('button', { name: /^开灯/ })).toBeNull();
  },
};
export const Speaker: Story = { args: { kind: deviceKind('broad'), device: fakeRows(deviceKind('broad'), 1)[0]! } };
export const SensorWithoutCommands: Story = { args: { kind: deviceKind('envir'), device: fakeRows(deviceKind('envir'), 1)[0]! } };
export const Drone: Story = { args: { kind: deviceKind('uav'), device: fakeRows(deviceKind('uav'), 1)[0]! } };
