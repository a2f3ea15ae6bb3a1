import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { scanCircleRenderer } from './renderScanCircle';

// Paired with plugin.json as the globe pairs it: the images it lists (contributes.assets) get their URLs.
const renderer = pluginEffectRenderer(scanCircleRenderer);

/** 扫描圆 on a real offline globe; the controls are the effect's options. */
function ScanCircle(options: Record<string, unknown>) {
  return (
    <EffectStage
      renderer={renderer}
      options={options}
      view={{ longitude: 120.2185, latitude: 30.2045, height: 0, pitch: -55 }}
      span={2 * Number(options.radius ?? 1500)}
    />
  );
}

const meta = {
  title: 'Plugins/Map effects/扫描圆',
  component: ScanCircle,
  args: { position: '120.2185,30.2045,0', radius: 1500, duration: 4000, color: '#00e5ff' },
  argTypes: {
    color: { control: 'color' },
    radius: { control: { type: 'range', min: 100, max: 5000, step: 100 } },
    duration: { control: { type: 'range', min: 500, max: 10000, step: 500 } },
  },
} satisfies Meta<typeof ScanCircle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Fast: Story = { args: { duration: 1000, color: '#ffb366' } };
/** A block-sized scan (400 m): framed the same, so it reads as well as a district-sized one. */
export const Small: Story = { args: { radius: 400 } };
