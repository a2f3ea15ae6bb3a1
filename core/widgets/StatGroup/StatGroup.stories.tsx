import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { StatGroup } from './StatGroup';

const meta = {
  title: 'Core/Widgets/StatGroup',
  component: StatGroup,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'statGroup' },
  decorators: [inPanel('告警概况', 560, 150)],
  args: {
    status: 'ready',
    options: { goodDirection: 'down', unit: '起' },
    onRetry: noop,
    data: {
      items: [
        { name: '今日告警', value: 1_286, previous: 1_104 },
        { name: '待处理', value: 37, previous: 52 },
        { name: '处理中', value: 12, previous: 12 },
        { name: '已办结', value: 1_237, previous: 1_040 },
      ],
    },
  },
} satisfies Meta<typeof StatGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const TwoColumnsClickable: Story = {
  parameters: { panel: { title: '客流', width: 340, height: 240 } },
  args: {
    onOpen: noop,
    options: { columns: 2, unit: '人次', goodDirection: 'none' },
    data: {
      items: [
        { name: '入园', value: 186_420, previous: 172_003 },
        { name: '出园', value: 151_877, previous: 160_220 },
        { name: '在园', value: 34_543 },
        { name: '峰值', value: 41_260, unit: '人' },
      ],
    },
  },
};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { items: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '统计服务暂不可用' } };
export const Wall: Story = { args: { wall: true } };
