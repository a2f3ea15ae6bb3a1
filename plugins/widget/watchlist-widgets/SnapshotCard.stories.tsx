import type { Meta, StoryObj } from '@storybook/react-vite';
import SnapshotCard from './SnapshotCard';
import { storyHits, storyServices } from './storyFakes';

const meta = {
  title: 'Plugins/Widget/SnapshotCard',
  component: SnapshotCard,
  parameters: { widgetType: 'snapshotCard', services: storyServices },
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
