import type { Meta, StoryObj } from '@storybook/react-vite';
import { DeviceCatalog } from './DeviceCatalog';
import { allDeviceKinds } from '@ops/sdk/testing';

const meta = {
  title: 'Plugins/DeviceCenter/DeviceCatalog',
  component: DeviceCatalog,
  parameters: { layout: 'padded' },
  args: {
    kinds: allDeviceKinds,
    counts: Object.fromEntries(allDeviceKinds.map((kind, index) => [kind.page, { total: 8 + index, online: 7 + index }])),
    pathOf: (kind) => `/device/${kind.page.toLowerCase()}`,
  },
} satisfies Meta<typeof DeviceCatalog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllKinds: Story = {};
export const NoCountsYet: Story = { args: { counts: {} } };
