import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { PieChart } from './PieChart';

const byGrade = {
  unit: '起',
  items: [
    { name: '高', value: 126, key: 'ALARM_GRADE_HIGH' },
    { name: '中', value: 348, key: 'ALARM_GRADE_MEDIUM' },
    { name: '低', value: 812, key: 'ALARM_GRADE_LOW' },
  ],
};

const meta = {
  title: 'Core/Widgets/PieChart',
  component: PieChart,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'pieChart' },
  decorators: [inPanel('告警等级占比', 460, 260)],
  args: { status: 'ready', onRetry: noop, data: byGrade, options: { colors: ['#e76a6e', '#ec9a3c', '#4c90f0'] } },
} satisfies Meta<typeof PieChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const ManyKindsClickable: Story = {
  args: {
    onOpen: noop,
    options: { totalLabel: '设备总数' },
    data: {
      unit: '台',
      items: [
        { name: '智慧路灯', value: 1_320 },
        { name: '摄像机', value: 660 },
        { name: '烟感探测器', value: 507 },
        { name: '智能井盖', value: 242 },
        { name: '智能垃圾桶', value: 217 },
        { name: '消防栓', value: 95 },
        { name: '环境监测', value: 92 },
      ],
    },
  },
};
export const PieWithLabels: Story = { args: { options: { donut: false, legend: false, colors: ['#e76a6e', '#ec9a3c', '#4c90f0'] } } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { items: [] } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '无权限查看该统计' } };
export const Wall: Story = { args: { wall: true } };
