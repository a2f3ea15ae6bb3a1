import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { Gauge } from './Gauge';

const meta = {
  title: 'Core/Widgets/Gauge',
  component: Gauge,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'gauge' },
  decorators: [inPanel('设备在线率', 280, 240)],
  args: {
    status: 'ready',
    onRetry: noop,
    data: { value: 96.4, max: 100, unit: '%' },
    options: { name: '在线率', warnAt: 95, dangerAt: 90, badWhen: 'low' },
  },
} satisfies Meta<typeof Gauge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const Warning: Story = { args: { data: { value: 92.7, max: 100, unit: '%' } } };
export const Danger: Story = { args: { data: { value: 84.1, max: 100, unit: '%' } } };
export const ParkingLoad: Story = {
  args: { data: { value: 1_842, max: 2_000, unit: '位' }, options: { name: '已用车位', warnAt: 1_600, dangerAt: 1_900 } },
};
export const NoThresholds: Story = { args: { data: { value: 36.5, min: -10, max: 50, unit: '℃' }, options: { name: '气温' } } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: undefined } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '设备服务无响应' } };
export const Wall: Story = { args: { wall: true } };
