import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { DeviceStatus } from './DeviceStatus';

const kinds = [
  { kind: 'lamp', name: '智慧路灯', online: 1_284, offline: 36 },
  { kind: 'camera', name: '摄像机', online: 642, offline: 18 },
  { kind: 'envir', name: '环境监测', online: 88, offline: 4 },
  { kind: 'smoke', name: '烟感探测器', online: 410, offline: 97 },
  { kind: 'smart-manhole', name: '智能井盖', online: 230, offline: 12 },
  { kind: 'smart-trash', name: '智能垃圾桶', online: 156, offline: 61 },
  { kind: 'fire-hydrant', name: '消防栓', online: 95, offline: 0 },
];

const meta = {
  title: 'Core/Widgets/DeviceStatus',
  component: DeviceStatus,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'deviceStatus' },
  decorators: [inPanel('设备在线状态', 420, 320)],
  args: { status: 'ready', onRetry: noop, data: { kinds } },
} satisfies Meta<typeof DeviceStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const WorstFirstClickable: Story = { args: { options: { sort: true }, onOpen: noop } };
export const NoDevicesOfAKind: Story = {
  args: { data: { kinds: [{ kind: 'yacht', name: '游船', online: 0, offline: 0 }, ...kinds.slice(0, 2)] } },
};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { kinds: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '设备服务无响应' } };
export const Wall: Story = { args: { wall: true } };
