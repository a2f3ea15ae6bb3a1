import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { fireSmokeRenderer } from './renderFireSmoke';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(fireSmokeRenderer);

/** 火焰与烟雾 on a real offline globe; the controls are the effect's options. */
function FireSmoke(options: Record<string, unknown>) {
  return <EffectStage renderer={renderer} options={options} view={{ longitude: 120.2185, latitude: 30.2045, height: 400, pitch: -20 }} />;
}

const meta = {
  title: 'Plugins/Map effects/火焰与烟雾',
  component: FireSmoke,
  args: { position: '120.2185,30.2045,0', emissionRate: 5, minimumParticleLife: 1, maximumParticleLife: 6, minimumSpeed: 1, maximumSpeed: 4, endScale: 10, lifetime: 16 },
  argTypes: { emissionRate: { control: { type: 'range', min: 1, max: 50 } }, endScale: { control: { type: 'range', min: 1, max: 20 } } },
} satisfies Meta<typeof FireSmoke>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SlowerThanItCanBe: Story = { args: { minimumSpeed: 5, maximumSpeed: 4 } };
