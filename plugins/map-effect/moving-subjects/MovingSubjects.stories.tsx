import type { Meta, StoryObj } from '@storybook/react-vite';
import { EffectStage, pluginEffectRenderer } from '@ops/sdk';
import { movingSubjectsRenderer } from './renderMovingSubjects';

const renderer = pluginEffectRenderer(movingSubjectsRenderer);

const subjects = [
  { id: 'p1', kind: 'person', longitude: 120.2165, latitude: 30.2038, label: '王建国' },
  { id: 'p2', kind: 'person', longitude: 120.2192, latitude: 30.2051, label: '李娜', selected: true },
  { id: 'p3', kind: 'person', longitude: 120.2208, latitude: 30.2031 },
  { id: 'u1', kind: 'uav', longitude: 120.2178, latitude: 30.2062, altitude: 120, heading: 45, label: '无人机 1 号' },
  { id: 'u2', kind: 'uav', longitude: 120.2201, latitude: 30.2022, altitude: 80, heading: 200, label: '无人机 2 号' },
];

/** 移动目标 on a real offline globe: people as points, UAVs as arrows along their heading over a height stem. */
function MovingSubjects(options: Record<string, unknown>) {
  return <EffectStage renderer={renderer} options={options} view={{ longitude: 120.2185, latitude: 30.2, height: 1500 }} />;
}

const meta = {
  title: 'Plugins/Map effects/移动目标',
  component: MovingSubjects,
  args: { subjects },
} satisfies Meta<typeof MovingSubjects>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
