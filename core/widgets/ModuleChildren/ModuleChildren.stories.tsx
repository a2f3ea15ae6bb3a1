import type { Meta, StoryObj } from '@storybook/react-vite';
import { withNavigation } from '../ModuleTiles/navigationStory';
import { inPanel } from '../storyFrame';
import { ModuleChildren } from './ModuleChildren';

const monitoring = {
  name: 'monitoringCenter',
  title: '监控中心',
  path: '/monitoringCenter',
  icon: 'video',
  showsMap: false,
  children: [
    { name: 'monitorCamera', title: '视频监控', path: '/monitoringCenter/monitorcamera', built: true },
    { name: 'videoReplay', title: '录像回放', path: '/monitoringCenter/videoreplay', built: true },
    { name: 'carDefense', title: '车辆布防', path: '/monitoringCenter/cardefense', built: false },
    { name: 'faceDefense', title: '人脸布防', path: '/monitoringCenter/facedefense', built: false },
  ],
};

const meta = {
  title: 'Core/Widgets/ModuleChildren',
  component: ModuleChildren,
  // The widget type this story shows (core/widgets/widgetStories.test.ts checks every type has one).
  parameters: { widgetType: 'moduleChildren' },
  decorators: [withNavigation({ modules: [monitoring] }), inPanel('监控中心功能', 620, 260)],
  args: {
    status: 'ready',
    data: null,
    options: {
      module: 'monitoringCenter',
      summaries: {
        monitorCamera: '按区域浏览摄像机，多画面播放实时视频',
        carDefense: '布控名单内的车辆经过卡口摄像机时实时告警，按车牌与时段查看命中记录',
      },
    },
  },
} satisfies Meta<typeof ModuleChildren>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Built pages and planned ones; a page without a summary gets a plain one. */
export const BuiltAndPlanned: Story = {};
export const NoPagesOpen: Story = { args: { options: { module: 'dataAnalysis' } } };
export const Wall: Story = { args: { wall: true } };
