import type { Meta, StoryObj } from '@storybook/react-vite';
import WatchlistForm from './WatchlistForm';
import { storyCameras, storyServices } from './storyFakes';

const meta = {
  title: 'Plugins/Widget/WatchlistForm',
  component: WatchlistForm,
  parameters: { widgetType: 'watchlistForm', services: storyServices },
  args: { status: 'ready', data: storyCameras, options: { kind: 'vehicle' } },
  decorators: [(Story) => <div style={{ width: 420, height: 640 }}>{Story()}</div>],
} satisfies Meta<typeof WatchlistForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Vehicle: Story = {};
export const Face: Story = { args: { options: { kind: 'face' } } };
export const NoCameras: Story = { args: { data: [] } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '网络错误，请稍后重试' } };
