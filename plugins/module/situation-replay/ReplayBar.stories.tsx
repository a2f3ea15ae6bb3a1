import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReplayBar } from './ReplayBar';
import { storyClock, storyEvents } from './storyData';

const meta = {
  title: 'Plugins/SituationReplay/ReplayBar',
  component: ReplayBar,
  args: {
    clock: storyClock,
    events: storyEvents,
    summary: '告警 6 · 离线设备 12 · 人员与无人机 48',
    loading: false,
    canJump: { previous: true, next: true },
    onSeek: fn(),
    onTogglePlay: fn(),
    onSpeed: fn(),
    onJump: fn(),
    onRetry: fn(),
    onClose: fn(),
  },
  decorators: [(Story) => <div style={{ position: 'relative', width: 1200, height: 220, background: '#05080d' }}>{Story()}</div>],
} satisfies Meta<typeof ReplayBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paused: Story = {};
export const Playing: Story = { args: { clock: { ...storyClock, playing: true, speed: 60 }, loading: true } };
export const LoadingMarks: Story = { args: { events: null, summary: null, loading: true } };
export const Failed: Story = {
  args: { eventsError: '网络连接失败', situationError: '网络连接失败', summary: null, canJump: { previous: false, next: false } },
};
export const NoAlarms: Story = {
  args: { events: [], summary: '告警 0 · 离线设备 0 · 人员与无人机 0', canJump: { previous: false, next: false } },
};
