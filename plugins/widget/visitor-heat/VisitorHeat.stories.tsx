import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MapEffects } from '@ops/sdk';
import VisitorHeat, { type VisitorHeatData } from './VisitorHeat';

/** The effects API without a globe: it keeps what the widget adds, as the app's does while the globe loads. */
function storyEffects(): MapEffects {
  const kept = new Map<string, Record<string, unknown>>();
  return {
    add: (_effect, id, options) => void kept.set(id, options),
    update: (id, options) => void kept.set(id, { ...kept.get(id), ...options }),
    remove: (id) => void kept.delete(id),
    ids: () => [...kept.keys()],
    optionsOf: (id) => kept.get(id),
    onDidChange: () => () => undefined,
    onEvent: () => () => undefined,
  };
}

/** The widget in a panel-sized box, as a page's grid would give it. */
const inPanel: Decorator = (Story) => (
  <section aria-label="游客热力" style={{ width: 380, height: 300, padding: 8, background: '#1c2127', color: '#f6f7f9' }}>
    <Story />
  </section>
);

const rows: VisitorHeatData['rows'] = [
  ['断桥景区入口视频监控-003', 120.1552, 30.2592, 46.2, 412],
  ['白堤视频监控-011', 120.1508, 30.2552, 38.5, 398],
  ['苏堤北视频监控-021', 120.1435, 30.2431, 31.1, 405],
  ['湖滨步行街视频监控-007', 120.1645, 30.2541, 27, 377],
  ['孤山视频监控-015', 120.1478, 30.2489, 22.4, 390],
  ['雷峰塔视频监控-030', 120.1577, 30.2336, 17.9, 366],
  ['花港观鱼视频监控-026', 120.1512, 30.2395, 12.3, 401],
].map(([name, longitude, latitude, value, samples], index) => ({
  key: String(index + 1),
  name: String(name),
  longitude: Number(longitude),
  latitude: Number(latitude),
  value: Number(value),
  samples: Number(samples),
}));
/** As the server answers: a table, so 导出 CSV writes it (the widget reads the rows). */
const data: VisitorHeatData = {
  unit: '人',
  columns: [
    { key: 'name', title: '摄像机', format: 'text' },
    { key: 'value', title: '平均在画人数（人）', format: 'number' },
  ],
  rows,
  total: rows.length,
};

const meta = {
  title: 'Plugins/Widgets/游客热力',
  component: VisitorHeat,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'visitorHeat', services: { [MapEffects]: storyEffects() } },
  decorators: [inPanel],
  args: { status: 'ready', data, onRetry: () => undefined },
} satisfies Meta<typeof VisitorHeat>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Data: Story = {};
/** A fixed scale: 50 people in view is the hottest colour. */
export const FixedScale: Story = { args: { options: { maxValue: 50, limit: 3 } } };
export const Loading: Story = { args: { status: 'loading', data: undefined } };
export const Empty: Story = { args: { data: { ...data, rows: [], total: 0 } } };
export const ErrorState: Story = { args: { status: 'error', data: undefined, error: '请求超时' } };
export const Wall: Story = { args: { wall: true } };
