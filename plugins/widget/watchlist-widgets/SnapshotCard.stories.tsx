import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiFiles } from '@ops/sdk';
import SnapshotCard from './SnapshotCard';
import { storyHits, STORY_SNAPSHOT } from './storyFakes';
const files = {
  upload: async () => ({ photoId: 1 }),
  download: async (path: string) => {
    if (path.endsWith('/0')) throw new Error('该记录的抓拍图片已超过保存期限，已被清理');
    return new Blob([STORY_SNAPSHOT], { type: 'image/svg+xml' });
  },
} as unknown as ApiFiles;

const meta = {
  title: 'Plugins/Widget/SnapshotCard',
  component: SnapshotCard,
  parameters: { widgetType: 'snapshotCard', services: { [ApiFiles]: files } },
  args: { status: 'ready', data: { rows: storyHits, total: storyHits.length }, options: { columns: 3 } },
  decorators: [(Story) => <div style={{ width: 760, height: 460 }}>{Story()}</div>],
} satisfies Meta<typeof SnapshotCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LatestHits: Story = {};
/** Opened from an alarm toast: the hit of ?alarmId= is outlined. */
export const FocusedByAlarm: Story = { parameters: { route: '/monitoringCenter/carDefense?alarmId=502' } };
export const Empty: Story = { args: { data: { rows: [], total: 0 } } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '网络错误，请稍后重试' } };
