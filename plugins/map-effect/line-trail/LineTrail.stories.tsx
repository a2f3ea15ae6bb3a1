import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { lineTrailRenderer } from './renderLineTrail';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(lineTrailRenderer);

/** 流动线 on a real offline globe; the controls are the effect's options. */
function LineTrail(options: Record<string, unknown>) {
  return <EffectStage renderer={renderer} options={options} view={{ longitude: 120.2185, latitude: 30.2045, height: 0 }} span={4500} />;
}

const meta = {
  title: 'Plugins/Map effects/流动线',
  component: LineTrail,
  args: { tag: 1, positions: [120.19, 30.19, 10, 120.2185, 30.2045, 10, 120.245, 30.215, 10], width: 25, color: '#0cfd11', cycleMs: 7000 },
  argTypes: {
    color: { control: 'color' },
    width: { control: { type: 'range', min: 1, max: 60 } },
    cycleMs: { control: { type: 'range', min: 1000, max: 20000, step: 500 } },
  },
} satisfies Meta<typeof LineTrail>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const OnePoint: Story = { args: { positions: [120.19, 30.19, 10] } };
