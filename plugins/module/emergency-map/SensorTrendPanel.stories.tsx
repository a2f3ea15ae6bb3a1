import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SensorReadings } from '@ops/contracts';
import { SensorTrendPanel } from './SensorTrendPanel';

const to = Date.UTC(2026, 10, 22, 8, 0, 0);
const from = to - 24 * 3_600_000;
/** A day of two sensors, one rising over the warning line with a shower. */
const levels: SensorReadings = {
  metric: 'waterLevel',
  unit: 'cm',
  from,
  to,
  bucketMs: 864_000,
  series: [
    {
      deviceId: 41,
      name: '江南大道智能井盖-001',
      points: Array.from(
        { length: 100 },
        (_, index) =>
          [
            from + (index + 1) * 864_000,
            Math.round((55 + 40 * Math.exp(-(((index - 60) / 10) ** 2)) + 3 * Math.sin(index / 9)) * 10) / 10,
          ] as [number, number],
      ),
    },
    {
      deviceId: 46,
      name: '滨盛路智能井盖-006',
      points: Array.from(
        { length: 100 },
        (_, index) =>
          [from + (index + 1) * 864_000, Math.round((35 + 25 * Math.exp(-(((index - 63) / 12) ** 2))) * 10) / 10] as [number, number],
      ),
    },
  ],
};

const meta = {
  title: 'Plugins/EmergencyMap/SensorTrendPanel',
  component: SensorTrendPanel,
  args: {
    title: '水位趋势（24小时）',
    readings: { status: 'ready', data: levels },
    warning: { value: 80, label: '警戒水位 80 cm' },
    onRetry: () => undefined,
  },
  decorators: [(Story) => <div style={{ width: 390, height: 260, display: 'flex', flexDirection: 'column' }}>{Story()}</div>],
} satisfies Meta<typeof SensorTrendPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
export const Loading: Story = { args: { readings: { status: 'loading' } } };
export const Empty: Story = { args: { readings: { status: 'ready', data: { ...levels, series: [] } } } };
export const Failed: Story = { args: { readings: { status: 'error', error: '网络连接失败，请稍后重试' } } };
