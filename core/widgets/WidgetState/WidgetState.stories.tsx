import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel, noop } from '../storyFrame';
import { WidgetState } from './WidgetState';

const content = <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#abb3bf' }}>部件内容</div>;

const meta = {
  title: 'Core/Widgets/WidgetState',
  component: WidgetState,
  decorators: [inPanel('面板', 320, 180)],
  args: { status: 'ready', empty: false, onRetry: noop, children: content },
} satisfies Meta<typeof WidgetState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const Loading: Story = { args: { status: 'loading', empty: true } };
export const Refreshing: Story = { args: { status: 'loading' } };
export const Empty: Story = { args: { empty: true } };
export const CustomEmptyText: Story = { args: { empty: true, emptyText: '今日暂无告警' } };
export const ErrorState: Story = { args: { status: 'error', empty: true, error: '服务器无响应（15 秒超时）' } };
export const ErrorWithoutRetry: Story = {
  args: { status: 'error', empty: true, error: new Error('无权限访问该数据'), onRetry: undefined },
};
export const StaleAfterError: Story = { args: { status: 'error', error: '网络连接已断开' } };
export const WallError: Story = { args: { status: 'error', empty: true, error: '服务器无响应', wall: true } };
