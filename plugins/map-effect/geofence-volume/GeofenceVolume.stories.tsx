import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { geofenceVolumeRenderer } from './renderGeofenceVolume';

const renderer = pluginEffectRenderer(geofenceVolumeRenderer);

/** 电子围栏立体 on a real offline globe; the controls are the effect's options. */
function GeofenceVolume(options: Record<string, unknown>) {
  return <EffectStage renderer={renderer} options={options} view={{ longitude: 120.215, latitude: 30.2318, height: 0 }} span={1500} />;
}

const meta = {
  title: 'Plugins/Map effects/电子围栏立体',
  component: GeofenceVolume,
  args: {
    polygon: [
      [120.2135, 30.2305],
      [120.2165, 30.2305],
      [120.2165, 30.233],
      [120.2135, 30.233],
    ],
    floor: 0,
    ceiling: 150,
    color: '#ff3b30',
  },
  argTypes: { color: { control: 'color' }, ceiling: { control: { type: 'range', min: 10, max: 600 } } },
} satisfies Meta<typeof GeofenceVolume>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const AboveGround: Story = { args: { floor: 120, ceiling: 300 } };
export const Inactive: Story = { args: { color: '#8a9ba8' } };
