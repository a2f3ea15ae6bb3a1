import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { pulsingCircleRenderer } from './renderPulsingCircle';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(pulsingCircleRenderer);

/** 脉冲圆 on a real offline globe; the controls are the effect's options. */
function PulsingCircle(options: Record<string, unknown>) {
  const maxRadius = Number(options.maxRadius ?? 1000);
  return (
    <EffectStage
      renderer={renderer}
      options={options}
      view={{ longitude: 120.2185, latitude: 30.2045, height: 0, pitch: -60 }}
      span={2 * (Number.isFinite(maxRadius) ? maxRadius : 1000)}
    />
  );
}

const meta = {
  title: 'Plugins/Map effects/脉冲圆',
  component: PulsingCircle,
  args: { position: '120.2185,30.2045,10', maxRadius: 1000, step: 1000, type: 'normal', draggable: true },
  argTypes: {
    type: { control: 'inline-radio', options: ['normal', 'pushAlarm'] },
    maxRadius: { control: { type: 'number', min: 2 } },
    step: { control: { type: 'number', min: 1 } },
  },
} satisfies Meta<typeof PulsingCircle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const PushAlarm: Story = { args: { type: 'pushAlarm', maxRadius: 300, step: 15 } };
export const BadPosition: Story = { args: { position: '120.2,abc' } };
