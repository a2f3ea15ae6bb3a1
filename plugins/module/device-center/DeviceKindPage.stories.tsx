import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DeviceApi } from '@ops/sdk';
import { deviceKind, fakeDeviceApi, fakeRows, setDeviceGrants } from '@ops/sdk/testing';
import { DeviceKindPage } from './DeviceKindPage';

const light = deviceKind('light');
const api = fakeDeviceApi(light, fakeRows(light, 1000), [{ groupId: 1, groupName: '江南大道照明控制组', kind: 'light', deviceCount: 10 }]);

const meta = {
  title: 'Plugins/DeviceCenter/DeviceKindPage',
  component: DeviceKindPage,
  parameters: { layout: 'fullscreen', services: { [DeviceApi]: api } },
  args: { kind: light, refreshMs: 0 },
  // An operator who may control lights (the grants of sign-in).
  beforeEach: () => setDeviceGrants({ read: ['light'], control: ['light'] }),
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
/** A user whose menus only let them read lights (e.g. from a map module): the list and details, no control. */
export const ReadOnly: Story = {
  beforeEach: () => setDeviceGrants({ read: 'all', control: [] }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByText('江南大道照明控制-001'));
    const detail = await canvas.findByRole('region', { name: '设备详情：江南大道照明控制-001' });
    await expect(within(detail).getByText('没有控制照明控制的权限，仅可查看')).toBeTruthy();
    await expect(within(detail).queryByRole('button', { name: /^开灯/ })).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};
