import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop, STORY_NOW } from '../storyFrame';
import { Timeline } from './Timeline';

const minute = 60_000;
const items = [
  { at: STORY_NOW, title: '告警已办结', detail: '张伟确认：井盖已复位并加锁', intent: 'success' as const },
  { at: STORY_NOW - 12 * minute, title: '处理完成', detail: '现场人员已到达，井盖复位', intent: 'primary' as const },
  { at: STORY_NOW - 26 * minute, title: '指派处理人', detail: '指派给 李娜（市政一组）', intent: 'none' as const },
  { at: STORY_NOW - 31 * minute, title: '升级为高等级', detail: '10 分钟内未响应', intent: 'warning' as const },
  { at: STORY_NOW - 41 * minute, title: '井盖异常', detail: '滨江路智能井盖-118：井盖被打开', intent: 'danger' as const },
];

const meta = {
  title: 'Core/Widgets/Timeline',
  component: Timeline,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'timeline' },
  decorators: [inPanel('处置过程', 360, 340)],
  args: { status: 'ready', onRetry: noop, data: { items } },
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const LatestThreeClickable: Story = { args: { options: { limit: 3 }, onOpen: noop } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { items: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '无权查看该告警的处理记录' } };
export const Wall: Story = { args: { wall: true, options: { limit: 4 } } };
