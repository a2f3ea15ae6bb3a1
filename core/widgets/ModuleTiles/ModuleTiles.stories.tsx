import type { Meta, StoryObj } from '@storybook/react-vite';
import { inPanel } from '../storyFrame';
import { TileFigureView } from './ModuleTile';
import type { NavigationModule } from './moduleNavigation';
import { withNavigation } from './navigationStory';
import { ModuleTiles } from './ModuleTiles';

const module = (name: string, title: string, icon: string, children: number, showsMap = false): NavigationModule => ({
  name,
  title,
  path: `/${name}`,
  icon,
  showsMap,
  children: Array.from({ length: children }, (_, index) => ({
    name: `c${index}`,
    title: `子页面 ${index + 1}`,
    path: `/${name}/c${index}`,
    built: true,
  })),
});

const storyModules: NavigationModule[] = [
  module('comprehensive', '综合态势', 'dashboard', 0, true),
  module('monitoringCenter', '监控中心', 'video', 8),
  module('alarmManage', '告警管理', 'notifications', 2, true),
  module('operation', '运维管理', 'wrench', 3),
  module('securityEmergency', '安全应急', 'shield', 7),
  module('business', '商业运营', 'shop', 0, true),
];

const FIGURES: Record<string, { label: string; value?: number; unit?: string; warn?: boolean; status?: 'loading' | 'error' }> = {
  comprehensive: { label: '今日告警', value: 128, unit: '条' },
  monitoringCenter: { label: '在线摄像头', value: 46, unit: '路' },
  alarmManage: { label: '待处理告警', value: 7, unit: '条', warn: true },
  operation: { label: '未办结工单', status: 'loading' },
  securityEmergency: { label: '处置中事件', status: 'error' },
};

function StoryFigure({ module: name }: { module: string }) {
  const figure = FIGURES[name];
  if (!figure) return null;
  return (
    <TileFigureView
      label={figure.label}
      status={figure.status ?? 'ready'}
      {...(figure.value !== undefined ? { value: figure.value } : {})}
      {...(figure.unit ? { unit: figure.unit } : {})}
      {...(figure.status === 'error' ? { error: '没有权限' } : {})}
      warn={figure.warn ?? false}
    />
  );
}

const meta = {
  title: 'Core/Widgets/ModuleTiles',
  component: ModuleTiles,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'moduleTiles' },
  decorators: [withNavigation({ modules: storyModules, TileFigure: StoryFigure }), inPanel('功能模块', 880, 300)],
  args: { status: 'ready', data: null },
} satisfies Meta<typeof ModuleTiles>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Figures read, loading, warning and unreadable (no permission). */
export const Figures: Story = {};
export const ThreeColumns: Story = { args: { options: { columns: 3 } } };
export const NoModules: Story = { decorators: [withNavigation({ modules: [] })] };
export const Wall: Story = { args: { wall: true } };
