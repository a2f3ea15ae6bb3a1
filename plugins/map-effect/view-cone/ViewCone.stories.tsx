import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { viewConeRenderer } from './renderViewCone';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(viewConeRenderer);

/** How far the cone reaches: modes 1 and 2 grow it to 900 and 600 m whatever `far` says. */
const reach = (options: Record<string, unknown>) =>
  options.mode === 1 ? 900 : options.mode === 2 ? 600 : Math.max(120, Number(options.far ?? 300));

const AT = { longitude: 120.2185, latitude: 30.2045, height: 60 };

/** 摄像机视锥 on a real offline globe; the controls are the effect's options. */
function ViewCone(options: Record<string, unknown>) {
  // Looking at the middle of the cone (half its reach along its heading), from the side of its line
  // of sight, so it reads as a cone rather than as its footprint.
  const half = reach(options) / 2;
  const heading = Number(options.heading ?? 0.8);
  const middle = {
    longitude: AT.longitude + (half * Math.sin(heading)) / (111_320 * Math.cos((AT.latitude * Math.PI) / 180)),
    latitude: AT.latitude + (half * Math.cos(heading)) / 110_540,
  };
  return (
    <EffectStage
      renderer={renderer}
      options={options}
      view={{ ...middle, height: 0, pitch: -30, heading: -40, aimHeight: AT.height / 2 }}
      span={reach(options)}
    />
  );
}

const meta = {
  title: 'Plugins/Map effects/摄像机视锥',
  component: ViewCone,
  args: {
    position: '120.2185,30.2045,60',
    fov: 60,
    near: 1,
    far: 300,
    aspectRatio: 1.78,
    heading: 0.8,
    pitch: 20.65,
    roll: 0,
    color: '#00ffff',
  },
  argTypes: {
    mode: { control: 'inline-radio', options: [undefined, 1, 2, 3] },
    color: { control: 'color' },
    fov: { control: { type: 'range', min: 5, max: 150 } },
    far: { control: { type: 'range', min: 10, max: 2000, step: 10 } },
  },
} satisfies Meta<typeof ViewCone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SweepMode1: Story = { args: { mode: 1 } };
export const GrowMode2: Story = { args: { mode: 2 } };
export const FadeMode3: Story = { args: { mode: 3 } };
