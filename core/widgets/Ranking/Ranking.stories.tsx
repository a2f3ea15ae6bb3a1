import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { Ranking } from './Ranking';

const areas = [
  '断桥残雪',
  '苏堤春晓',
  '雷峰夕照',
  '花港观鱼',
  '平湖秋月',
  '三潭印月',
  '柳浪闻莺',
  '曲院风荷',
  '南屏晚钟',
  '双峰插云',
  '宝石流霞',
  '吴山天风',
];

const meta = {
  title: 'Core/Widgets/Ranking',
  component: Ranking,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'ranking' },
  decorators: [inPanel('景点客流排行', 360, 340)],
  args: {
    status: 'ready',
    onRetry: noop,
    data: {
      unit: '人次',
      items: areas.map((name, index) => ({ name, key: `area-${index}`, value: Math.round(48_200 / (1 + index * 0.45)) })),
    },
  },
} satisfies Meta<typeof Ranking>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const TopFiveClickable: Story = { args: { options: { limit: 5 }, onOpen: noop } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { items: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '请求超时' } };
export const Wall: Story = { args: { wall: true, options: { limit: 6 } } };
