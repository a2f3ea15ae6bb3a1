import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { ActiveEventsPanel } from './ActiveEventsPanel';
import { LiveFeedPanel } from './LiveFeedPanel';
import { sampleEvents, sampleFeed, sampleTeams } from './storyData';
import { TeamLoadPanel } from './TeamLoadPanel';
import './EmergencyDispatch.css';

/** 调度面板's panels in each state: loading, empty, error and with data. */
const frame = (children: ReactNode, width = 460, height = 420) => (
  <div style={{ width, height, display: 'flex', flexDirection: 'column' }}>{children}</div>
);
const noop = () => undefined;
const active = { rows: sampleEvents.filter((event) => event.status === 'ACTIVE'), total: 2 };

const meta = {
  title: 'Plugins/EmergencyDispatch/DispatchPanel',
  component: TeamLoadPanel,
  args: { teams: { status: 'ready', data: sampleTeams }, onRetry: noop },
  render: (args) => frame(<TeamLoadPanel {...args} />, 620, 520),
} satisfies Meta<typeof TeamLoadPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TeamsData: Story = {};
export const TeamsLoading: Story = { args: { teams: { status: 'loading', data: undefined } } };
export const TeamsEmpty: Story = { args: { teams: { status: 'ready', data: [] } } };
export const TeamsError: Story = {
  args: { teams: { status: 'error', data: undefined, error: '服务器内部错误（请求编号 3f2a9c01b7de）' } },
};

export const ActiveEventsData: Story = {
  render: () => frame(<ActiveEventsPanel events={{ status: 'ready', data: active }} onOpen={noop} onRetry={noop} />),
};
export const ActiveEventsLoading: Story = {
  render: () => frame(<ActiveEventsPanel events={{ status: 'loading', data: undefined }} onOpen={noop} />),
};
export const ActiveEventsEmpty: Story = {
  render: () => frame(<ActiveEventsPanel events={{ status: 'ready', data: { rows: [], total: 0 } }} onOpen={noop} />),
};
export const ActiveEventsError: Story = {
  render: () =>
    frame(<ActiveEventsPanel events={{ status: 'error', data: undefined, error: '网络连接失败' }} onOpen={noop} onRetry={noop} />),
};

export const FeedData: Story = {
  render: () => frame(<LiveFeedPanel feed={{ status: 'ready', data: sampleFeed }} freshIds={new Set([4])} onRetry={noop} />),
};
export const FeedLoading: Story = { render: () => frame(<LiveFeedPanel feed={{ status: 'loading', data: undefined }} />) };
export const FeedEmpty: Story = { render: () => frame(<LiveFeedPanel feed={{ status: 'ready', data: [] }} />) };
export const FeedError: Story = {
  render: () => frame(<LiveFeedPanel feed={{ status: 'error', data: undefined, error: '网络连接失败' }} onRetry={noop} />),
};
