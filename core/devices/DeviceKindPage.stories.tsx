import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DeviceApi } from './deviceApi';
import { DeviceKindPage } from './DeviceKindPage';
import { deviceKind, fakeDeviceApi, fakeRows } from './testing/fakeDevices';

const light = deviceKind('light');
const api = fakeDeviceApi(light, fakeRows(light, 1000), [{ groupId: 1, groupName: '江南大道照明控制组', kind: 'light', deviceCount: 10 }]);

const meta = {
  title: 'Core/Devices/DeviceKindPage',
  component: DeviceKindPage,
  parameters: { layout: 'fullscreen', services: { [DeviceApi]: api } },
  args: { kind: light, refreshMs: 0 },
} satisfies Meta<typeof DeviceKindPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Lights: Story = {};
export const OpenDeviceAndSwitchOn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByText('江南大道照明控制-001'));
    const detail = await canvas.findByRole('region', { name: '设备详情：江南大道照明控制-001' });
    await userEvent.click(within(detail).getByRole('button', { name: /^开灯/ }));
    await expect(await within(detail).findByText('开')).toBeTruthy();
  },
};
