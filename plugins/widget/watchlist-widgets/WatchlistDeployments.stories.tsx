import type { Meta, StoryObj } from '@storybook/react-vite';
import WatchlistDeployments from './WatchlistDeployments';
import { storyDeployments, storyServices } from './storyFakes';

const meta = {
  title: 'Plugins/Widget/WatchlistDeployments',
  component: WatchlistDeployments,
  parameters: { widgetType: 'watchlistDeployments', services: storyServices },
  args: { status: 'ready', data: { rows: storyDeployments, total: storyDeployments.length }, options: { kind: 'vehicle' } },
  decorators: [(Story) => <div style={{ width: 900, height: 320 }}>{Story()}</div>],
} satisfies Meta<typeof WatchlistDeployments>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Deployments: Story = {};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { rows: [], total: 0 } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '网络错误，请稍后重试' } };
