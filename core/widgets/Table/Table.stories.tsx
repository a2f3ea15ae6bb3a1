import type { Meta, StoryObj } from '@storybook/react-vite';
import type { TableData } from '../../../contracts/panels';
import { inPanel, noop, STORY_NOW } from '../storyFrame';
import { Table } from './Table';

const kinds = ['智慧路灯', '环境监测', '烟感探测器', '智能井盖', '智能垃圾桶', '消防栓'];
const roads = ['江南大道', '滨江路', '西湖大道', '之江路', '文一路', '莫干山路'];

function devices(count: number): TableData {
  return {
    columns: [
      { key: 'name', title: '设备名称' },
      { key: 'kind', title: '类型', format: 'text' },
      { key: 'offlineAt', title: '离线时间', format: 'dateTime' },
      { key: 'offlineFor', title: '离线时长', format: 'duration' },
      { key: 'alarms', title: '告警次数', format: 'number' },
    ],
    rows: Array.from({ length: count }, (_, index) => ({
      name: `${roads[index % roads.length]}${kinds[index % kinds.length]}-${String(index + 1).padStart(3, '0')}`,
      kind: kinds[index % kinds.length]!,
      offlineAt: STORY_NOW - index * 7_380_000,
      offlineFor: index * 7_380_000 + 95_000,
      alarms: (index * 37) % 1_200,
    })),
    total: count,
  };
}

const meta = {
  title: 'Core/Widgets/Table',
  component: Table,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'table' },
  decorators: [inPanel('离线设备', 640, 320)],
  args: { status: 'ready', onRetry: noop, data: devices(40) },
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const FilterAndPages: Story = { args: { options: { filterable: true, pageSize: 6 }, onOpen: noop } };
export const TenThousandRows: Story = { args: { data: devices(10_000), options: { filterable: true }, onOpen: noop } };
export const FirstPageOfMany: Story = { args: { data: { ...devices(20), total: 1_863 } } };
export const MissingValues: Story = {
  args: {
    data: {
      columns: devices(1).columns,
      rows: [{ name: '文一路智慧路灯-001', kind: null, offlineAt: null, offlineFor: null, alarms: null }],
      total: 1,
    },
  },
};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { ...devices(0), total: 0 } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '查询失败：参数 pageSize 超出范围' } };
export const Wall: Story = { args: { wall: true } };
