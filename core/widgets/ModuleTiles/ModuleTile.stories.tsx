import type { Meta, StoryObj } from '@storybook/react-vite';
import { ModuleTile, TileFigureView } from './ModuleTile';

const meta = {
  title: 'Core/Widgets/ModuleTile',
  component: ModuleTile,
  args: { title: '设备管控', path: '/device', icon: 'cube', childCount: 33, showsMap: true },
  decorators: [(Story) => <div style={{ width: 220, height: 130, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof ModuleTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithFigure: Story = { args: { figure: <TileFigureView label="设备在线率" status="ready" value={96.4} unit="%" /> } };
export const WarningFigure: Story = {
  args: {
    title: '告警管理',
    icon: 'notifications',
    childCount: 2,
    figure: <TileFigureView label="待处理告警" status="ready" value={12} unit="条" warn />,
  },
};
export const SinglePageWithoutFigure: Story = {
  args: { title: '商业运营', path: '/business', icon: 'shop', childCount: 0, showsMap: true },
};
