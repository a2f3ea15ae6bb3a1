import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { fireSmokeRenderer } from './renderFireSmoke';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(fireSmokeRenderer);

/** 火焰与烟雾 on a real offline globe; the controls are the effect's options. */
function FireSmoke(options: Record<string, unknown>) {
  // Seen from the side, a little above: flames at the centre, the plume rising and leaning with the wind.
  return (
    <EffectStage
      renderer={renderer}
      options={options}
      view={{ longitude: 120.2185, latitude: 30.2045, height: 0, pitch: -24, heading: -20, aimHeight: 120 }}
      span={320}
    />
  );
}

const meta = {
  title: 'Plugins/Map effects/火焰与烟雾',
  component: FireSmoke,
  args: {
    position: '120.2185,30.2045,0',
    emissionRate: 14,
    minimumParticleLife: 5,
    maximumParticleLife: 10,
    minimumSpeed: 8,
    maximumSpeed: 14,
    endScale: 6,
    lifetime: 16,
  },
  argTypes: { emissionRate: { control: { type: 'range', min: 1, max: 50 } }, endScale: { control: { type: 'range', min: 1, max: 20 } } },
} satisfies Meta<typeof FireSmoke>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SlowerThanItCanBe: Story = { args: { minimumSpeed: 15, maximumSpeed: 14 } };
