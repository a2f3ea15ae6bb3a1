import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { heatLayerRenderer } from './renderHeatLayer';

const renderer = pluginEffectRenderer(heatLayerRenderer);

/** Cameras around the West Lake with their mean people in view: a crowded gate, a busy causeway, quiet corners. */
const CAMERAS: [number, number, number][] = [
  [120.1552, 30.2592, 46],
  [120.1508, 30.2552, 38],
  [120.1478, 30.2489, 22],
  [120.1435, 30.2431, 31],
  [120.1512, 30.2395, 12],
  [120.1601, 30.2468, 8],
  [120.1645, 30.2541, 27],
  [120.1389, 30.2521, 5],
  [120.1577, 30.2336, 17],
];

/** 热力图层 on a real offline globe; the controls are the effect's options. */
function HeatLayer(options: Record<string, unknown>) {
  return (
    <EffectStage renderer={renderer} options={options} view={{ longitude: 120.152, latitude: 30.248, height: 0, pitch: -70 }} span={3000} />
  );
}

const meta = {
  title: 'Plugins/Map effects/热力图层',
  component: HeatLayer,
  args: {
    points: CAMERAS.map(([longitude, latitude, value]) => ({ longitude, latitude, value })),
    radius: 400,
    opacity: 0.8,
  },
  argTypes: {
    radius: { control: { type: 'range', min: 100, max: 1500, step: 50 } },
    opacity: { control: { type: 'range', min: 0.1, max: 1, step: 0.05 } },
  },
} satisfies Meta<typeof HeatLayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** Wider reach: the crowds merge into one warm area. */
export const WideReach: Story = { args: { radius: 800 } };
/** A fixed scale (50 people is the hottest): a quiet day reads cool instead of stretching to red. */
export const FixedScale: Story = {
  args: { maxValue: 50, points: CAMERAS.map(([longitude, latitude, value]) => ({ longitude, latitude, value: value / 3 })) },
};
/** A bad point shows its error instead of the layer. */
export const BadPoint: Story = { args: { points: [{ longitude: 220, latitude: 30.25, value: 3 }] } };
