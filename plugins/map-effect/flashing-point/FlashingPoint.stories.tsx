import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { flashingPointRenderer } from './renderFlashingPoint';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(flashingPointRenderer);

/** 闪烁红点 on a real offline globe; the controls are the effect's options. */
function FlashingPoint(options: Record<string, unknown>) {
  // A marker of fixed pixel size: shown from an operator's height, over its district.
  return <EffectStage renderer={renderer} options={options} view={{ longitude: 120.2185, latitude: 30.2045, height: 4000 }} />;
}

const meta = {
  title: 'Plugins/Map effects/闪烁红点',
  component: FlashingPoint,
  args: { position: '120.2185,30.2045', color: '#ff0000' },
  argTypes: { color: { control: 'color' } },
} satisfies Meta<typeof FlashingPoint>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
