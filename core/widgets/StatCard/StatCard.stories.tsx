import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { StatCard } from './StatCard';

const meta = {
  title: 'Core/Widgets/StatCard',
  component: StatCard,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'statCard' },
  decorators: [inPanel('今日告警', 260, 150)],
  args: { status: 'ready', data: { value: 12_345, previous: 10_980, unit: '次' }, options: { goodDirection: 'down' }, onRetry: noop },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const LargeFigureInWan: Story = {
  args: { data: { value: 1_234_567, previous: 1_301_000, unit: '人次' }, options: { goodDirection: 'up' } },
};
export const RisingIsGood: Story = {
  args: { data: { value: 98.6, previous: 97.2, unit: '%' }, options: { goodDirection: 'up', compareLabel: '较上周' } },
};
export const Unchanged: Story = { args: { data: { value: 326, previous: 326, unit: '台' } } };
export const FromZero: Story = { args: { data: { value: 7, previous: 0, unit: '起' } } };
export const NoPrevious: Story = { args: { data: { value: 2_048, unit: '台' } } };
export const Clickable: Story = {
  args: { onOpen: noop, options: { label: '在线设备', unit: '台' }, data: { value: 4_512, previous: 4_498 } },
};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Refreshing: Story = { args: { status: 'loading' } };
export const Empty: Story = { args: { data: undefined } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '服务器无响应（15 秒超时）' } };
export const StaleAfterError: Story = { args: { status: 'error', error: '网络连接已断开' } };
export const Wall: Story = { args: { wall: true } };
