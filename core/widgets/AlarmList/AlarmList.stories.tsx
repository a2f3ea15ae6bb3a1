import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { AlarmList } from './AlarmList';
import { fakeAlarms } from './alarmFixtures';

const meta = {
  title: 'Core/Widgets/AlarmList',
  component: AlarmList,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'alarmList' },
  decorators: [inPanel('实时告警', 420, 340)],
  args: { status: 'ready', onRetry: noop, onOpen: noop, data: { rows: fakeAlarms(8), total: 8 } },
} satisfies Meta<typeof AlarmList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const LatestOfMany: Story = { args: { data: { rows: fakeAlarms(20), total: 1_286 }, options: { limit: 5, showStatus: false } } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { rows: [], total: 0 } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '登录已过期，请重新登录' } };
export const Wall: Story = { args: { wall: true, options: { limit: 5 } } };
