import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, STORY_NOW } from '../storyFrame';
import { Clock } from './Clock';

// A fixed time, so the story looks the same on every run.
const fixed = () => STORY_NOW;

const meta = {
  title: 'Core/Widgets/Clock',
  component: Clock,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'clock' },
  decorators: [inPanel('当前时间', 300, 140)],
  args: { status: 'ready', data: null, now: fixed },
} satisfies Meta<typeof Clock>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const Inline: Story = {
  args: { options: { layout: 'inline' } },
  parameters: { panel: { title: '页头时钟', width: 420, height: 90 } },
};
export const Ticking: Story = { args: { now: undefined } };
// A clock reads no query, so it has nothing to load: it shows the time while its panel loads.
export const Loading: Story = { args: { status: 'loading' } };
export const Empty: Story = { args: { data: null } };
export const ErrorState: Story = { args: { status: 'error', error: '时间同步失败' } };
export const Wall: Story = { args: { wall: true } };
