import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { BarChart } from './BarChart';

const byType = {
  unit: '起',
  items: [
    { name: '烟感报警', value: 286, key: 'smoke' },
    { name: '人群聚集', value: 214, key: 'crowd-gathering' },
    { name: '井盖异常', value: 163, key: 'manhole' },
    { name: '垃圾满溢', value: 121, key: 'trash-overflow' },
    { name: '设备离线', value: 97, key: 'device-offline' },
    { name: '水位告警', value: 45, key: 'water-level' },
  ],
};
const days = ['11-16', '11-17', '11-18', '11-19', '11-20', '11-21', '11-22'];

const meta = {
  title: 'Core/Widgets/BarChart',
  component: BarChart,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'barChart' },
  decorators: [inPanel('告警类型分布', 560, 300)],
  args: { status: 'ready', onRetry: noop, data: byType },
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const HorizontalClickable: Story = { args: { options: { horizontal: true, colorByItem: true }, onOpen: noop } };
export const StackedSeries: Story = {
  args: {
    options: { stack: true, colors: ['#e76a6e', '#ec9a3c', '#4c90f0'] },
    data: {
      axis: 'category',
      unit: '起',
      series: [
        { name: '高', points: days.map((day, index) => [day, [12, 9, 15, 11, 18, 22, 14][index]!] as [string, number]) },
        { name: '中', points: days.map((day, index) => [day, [40, 38, 51, 47, 60, 72, 55][index]!] as [string, number]) },
        { name: '低', points: days.map((day, index) => [day, [88, 92, 79, 101, 120, 140, 117][index]!] as [string, number]) },
      ],
    },
  },
};
export const ManyBars: Story = {
  args: {
    data: {
      unit: '台',
      items: Array.from({ length: 30 }, (_, index) => ({
        name: `${index + 1}号网格`,
        value: Math.round(40 + 35 * Math.sin(index / 3) ** 2),
      })),
    },
  },
};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { items: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '统计服务返回 500' } };
export const Wall: Story = { args: { wall: true } };
