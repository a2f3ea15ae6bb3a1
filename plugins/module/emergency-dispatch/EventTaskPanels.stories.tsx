import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { DispatchFormPanel } from './DispatchFormPanel';
import { EventInfoPanel } from './EventInfoPanel';
import { EventListPanel } from './EventListPanel';
import { PlanPanel } from './PlanPanel';
import { sampleDetail, sampleEvents, sampleTeams } from './storyData';
import { TaskListPanel } from './TaskListPanel';
import './EmergencyDispatch.css';

/** 事件任务调度's panels in each state: loading, empty, error and with data. */
const frame = (children: ReactNode, width = 420, height = 480) => (
  <div style={{ width, height, display: 'flex', flexDirection: 'column' }}>{children}</div>
);
const noop = () => undefined;
const resolved = async () => undefined;
const refused = async () => {
  throw new Error('任务「人员疏散」当前状态为「已接收」，不能接收（仅「待接收」时可以接收）');
};
const query = { pageNum: 1, pageSize: 20 };

const meta = {
  title: 'Plugins/EmergencyDispatch/EventTask',
  component: EventListPanel,
  args: {
    query,
    onQuery: noop,
    events: { status: 'ready', data: { rows: sampleEvents, total: 3 } },
    activeId: 7,
    onOpen: noop,
    onCreate: noop,
    onRetry: noop,
  },
  render: (args) => frame(<EventListPanel {...args} />, 360, 560),
} satisfies Meta<typeof EventListPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EventsData: Story = {};
export const EventsLoading: Story = { args: { events: { status: 'loading', data: undefined } } };
export const EventsEmpty: Story = { args: { events: { status: 'ready', data: { rows: [], total: 0 } } } };
export const EventsError: Story = {
  args: { events: { status: 'error', data: undefined, error: '服务器内部错误（请求编号 3f2a9c01b7de）' } },
};

export const InfoData: Story = {
  render: () => frame(<EventInfoPanel event={{ status: 'ready', data: sampleDetail }} onClose={resolved} />, 640, 260),
};
export const InfoClosed: Story = {
  render: () =>
    frame(
      <EventInfoPanel
        event={{
          status: 'ready',
          data: {
            ...sampleDetail,
            status: 'CLOSED',
            statusName: '已结束',
            closedAt: sampleDetail.createTime + 5_400_000,
            closedBy: 2,
            closedByName: '值班员张敏',
            result: '火情扑灭，无人员伤亡',
          },
        }}
        onClose={resolved}
      />,
      640,
      280,
    ),
};
export const InfoLoading: Story = {
  render: () => frame(<EventInfoPanel event={{ status: 'loading', data: undefined }} onClose={resolved} />, 640, 220),
};
export const InfoNoneSelected: Story = { render: () => frame(<EventInfoPanel event={undefined} onClose={resolved} />, 640, 220) };
export const InfoError: Story = {
  render: () =>
    frame(
      <EventInfoPanel event={{ status: 'error', data: undefined, error: '应急事件不存在：99' }} onRetry={noop} onClose={resolved} />,
      640,
      220,
    ),
};

export const TasksData: Story = {
  render: () => frame(<TaskListPanel event={sampleDetail} teams={sampleTeams} onAction={refused} />, 640, 480),
};
export const TasksEmpty: Story = {
  render: () => frame(<TaskListPanel event={{ ...sampleDetail, tasks: [] }} teams={sampleTeams} onAction={resolved} />, 640, 240),
};
export const TasksNoneSelected: Story = {
  render: () => frame(<TaskListPanel event={undefined} teams={sampleTeams} onAction={resolved} />, 640, 240),
};

export const PlanData: Story = {
  render: () => frame(<PlanPanel event={sampleDetail} teams={sampleTeams} onDispatch={resolved} />, 360, 520),
};
export const PlanNoneSelected: Story = {
  render: () => frame(<PlanPanel event={undefined} teams={sampleTeams} onDispatch={resolved} />, 360, 200),
};
export const DispatchForm: Story = {
  render: () => frame(<DispatchFormPanel event={sampleDetail} teams={sampleTeams} onDispatch={resolved} />, 360, 360),
};
export const DispatchFormEventClosed: Story = {
  render: () =>
    frame(
      <DispatchFormPanel event={{ ...sampleDetail, status: 'CLOSED', statusName: '已结束' }} teams={sampleTeams} onDispatch={resolved} />,
      360,
      360,
    ),
};
