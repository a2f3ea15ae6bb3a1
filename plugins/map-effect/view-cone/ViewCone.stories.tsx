import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { viewConeRenderer } from './renderViewCone';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(viewConeRenderer);

/** 摄像机视锥 on a real offline globe; the controls are the effect's options. */
function ViewCone(options: Record<string, unknown>) {
  return <EffectStage renderer={renderer} options={options} view={{ longitude: 120.2185, latitude: 30.2045, height: 1800, pitch: -40 }} />;
}

const meta = {
  title: 'Plugins/Map effects/摄像机视锥',
  component: ViewCone,
  args: { position: '120.2185,30.2045,60', fov: 60, near: 1, far: 300, aspectRatio: 1.78, heading: 0.8, pitch: 20.65, roll: 0, color: '#00ffff' },
  argTypes: { mode: { control: 'inline-radio', options: [undefined, 1, 2, 3] }, color: { control: 'color' }, fov: { control: { type: 'range', min: 5, max: 150 } }, far: { control: { type: 'range', min: 10, max: 2000, step: 10 } } },
} satisfies Meta<typeof ViewCone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SweepMode1: Story = { args: { mode: 1 } };
export const GrowMode2: Story = { args: { mode: 2 } };
export const FadeMode3: Story = { args: { mode: 3 } };
