import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SeriesData } from '../../../contracts/panels';
import { inPanel, noop, STORY_NOW } from '../storyFrame';
import { LineChart } from './LineChart';

const hour = 3_600_000;
const dayStart = STORY_NOW - 16 * hour - 30 * 60_000 - 5_000; // 2026-11-22 00:00 Shanghai
/** Visitors per hour: a morning and an afternoon peak. */
const visitors = (scale: number) =>
  Array.from(
    { length: 24 },
    (_, h) =>
      [
        dayStart + h * hour,
        Math.round(scale * (200 + 2_600 * Math.exp(-((h - 10) ** 2) / 6) + 2_100 * Math.exp(-((h - 15) ** 2) / 5))),
      ] as [number, number],
  );

const today: SeriesData = {
  axis: 'time',
  unit: '人次',
  series: [
    { name: '今日', points: visitors(1) },
    { name: '昨日', points: visitors(0.82) },
  ],
};

const meta = {
  title: 'Core/Widgets/LineChart',
  component: LineChart,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'lineChart' },
  decorators: [inPanel('分时客流', 560, 300)],
  args: { status: 'ready', onRetry: noop, data: today, options: { area: true } },
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const Lines: Story = { args: { options: { area: false } } };
export const WarningLine: Story = { args: { options: { area: false, markLines: [{ value: 1200, label: '预警线 1200' }] } } };
export const Categories: Story = {
  args: {
    data: {
      axis: 'category',
      unit: '起',
      series: [
        {
          name: '告警',
          points: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map(
            (day, index) => [day, [132, 98, 120, 156, 201, 288, 240][index]!] as [string, number],
          ),
        },
        {
          name: '已办结',
          points: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'].map(
            (day, index) => [day, [120, 96, 111, 150, 180, 250, 201][index]!] as [string, number],
          ),
        },
      ],
    },
    options: { smooth: false },
    onOpen: noop,
  },
};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { axis: 'time', series: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '查询超时，请缩短时间范围' } };
export const Wall: Story = { args: { wall: true } };
