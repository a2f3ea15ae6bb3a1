import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HeatmapData } from '../../../contracts/panels';
import { inPanel, noop } from '../storyFrame';
import { Heatmap } from './Heatmap';

const hours = Array.from({ length: 24 }, (_, hour) => `${String(hour).padStart(2, '0')}时`);
const days = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];
/** Alarms per hour and weekday: busy daytime, busier weekends. */
const weekly: HeatmapData = {
  x: hours,
  y: days,
  cells: days.flatMap((_, day) =>
    hours.map(
      (__, hour) =>
        [hour, day, Math.round((day >= 5 ? 1.6 : 1) * (4 + 30 * Math.exp(-((hour - 14) ** 2) / 18) + ((hour * 7 + day * 13) % 9)))] as [
          number,
          number,
          number,
        ],
    ),
  ),
};

const meta = {
  title: 'Core/Widgets/Heatmap',
  component: Heatmap,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'heatmap' },
  decorators: [inPanel('告警时段分布', 640, 300)],
  args: { status: 'ready', onRetry: noop, data: weekly, options: { unit: '起' } },
} satisfies Meta<typeof Heatmap>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const FixedScaleClickable: Story = { args: { options: { unit: '起', min: 0, max: 100 }, onOpen: noop } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { x: hours, y: days, cells: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '时间范围过大（最多 31 天）' } };
export const Wall: Story = { args: { wall: true } };
