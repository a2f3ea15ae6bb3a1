import type { Meta, StoryObj } from '@storybook/react-vite';
import { SituationLegend } from './SituationLegend';

const meta = {
  title: 'Plugins/EmergencyMap/SituationLegend',
  component: SituationLegend,
  args: { page: 'fireFighting' },
  decorators: [(Story) => <div style={{ position: 'relative', width: 440, height: 120, background: '#05080d' }}>{Story()}</div>],
} satisfies Meta<typeof SituationLegend>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FireFighting: Story = {};
export const Evacuate: Story = { args: { page: 'evacuate' } };
export const FloodPrevention: Story = { args: { page: 'floodPrevention' } };
export const Water: Story = { args: { page: 'water' } };
