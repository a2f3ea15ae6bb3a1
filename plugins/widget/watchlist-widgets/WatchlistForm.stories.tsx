import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiFiles, PluginRegistry } from '@ops/sdk';
import WatchlistForm from './WatchlistForm';
import { storyCoverage, STORY_ALARM_NAMES, STORY_SNAPSHOT } from './storyFakes';
/** The alarm plugins the widget reads names from, as a registry lists them (only what it reads). */
const registry = {
  list: (kind?: string) =>
    kind === 'alarm' ? Object.entries(STORY_ALARM_NAMES).map(([code, name]) => ({ manifest: { contributes: { code, name } } })) : [],
} as unknown as PluginRegistry;

const files = {
  upload: async () => ({ photoId: 1 }),
  download: async (path: string) => {
    if (path.endsWith('/0')) throw new Error('该记录的抓拍图片已超过保存期限，已被清理');
    return new Blob([STORY_SNAPSHOT], { type: 'image/svg+xml' });
  },
} as unknown as ApiFiles;

const meta = {
  title: 'Plugins/Widget/WatchlistForm',
  component: WatchlistForm,
  parameters: { widgetType: 'watchlistForm', services: { [PluginRegistry]: registry, [ApiFiles]: files } },
  args: { status: 'ready', data: storyCoverage, options: { kind: 'vehicle' } },
  decorators: [(Story) => <div style={{ width: 420, height: 640 }}>{Story()}</div>],
} satisfies Meta<typeof WatchlistForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vehicle: Story = {};
export const Face: Story = { args: { options: { kind: 'face' } } };
export const NoCameras: Story = { args: { data: { areas: [], cameras: [] } } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '网络错误，请稍后重试' } };
