import type { Meta, StoryObj } from '@storybook/react-vite';
import { PluginRegistry } from '@ops/sdk';
import WatchlistDeployments from './WatchlistDeployments';
import { storyDeployments, STORY_ALARM_NAMES } from './storyFakes';
/** The alarm plugins the widget reads names from, as a registry lists them (only what it reads). */
const registry = {
  list: (kind?: string) =>
    kind === 'alarm' ? Object.entries(STORY_ALARM_NAMES).map(([code, name]) => ({ manifest: { contributes: { code, name } } })) : [],
} as unknown as PluginRegistry;

const meta = {
  title: 'Plugins/Widget/WatchlistDeployments',
  component: WatchlistDeployments,
  parameters: { widgetType: 'watchlistDeployments', services: { [PluginRegistry]: registry } },
  args: { status: 'ready', data: { rows: storyDeployments, total: storyDeployments.length }, options: { kind: 'vehicle' } },
  decorators: [(Story) => <div style={{ width: 900, height: 320 }}>{Story()}</div>],
} satisfies Meta<typeof WatchlistDeployments>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Deployments: Story = {};
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { rows: [], total: 0 } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '网络错误，请稍后重试' } };
