import type { Meta, StoryObj } from '@storybook/react-vite';
import { ParkingPanels } from './ParkingPanels';
import { sampleLots } from './storyData';

const meta = {
  title: 'Plugins/CityFacilities/ParkingPanels',
  component: ParkingPanels,
  args: { lots: { status: 'ready', data: sampleLots }, onRetry: () => undefined, onSelect: () => undefined },
  decorators: [(Story) => <div style={{ height: 720, display: 'flex', justifyContent: 'space-between' }}>{Story()}</div>],
} satisfies Meta<typeof ParkingPanels>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Lots: Story = {};
export const NoLots: Story = { args: { lots: { status: 'ready', data: [] } } };
export const Loading: Story = { args: { lots: { status: 'loading' } } };
export const Failed: Story = { args: { lots: { status: 'error', error: '网络异常，请稍后重试' } } };
