import type { Meta, StoryObj } from '@storybook/react-vite';
import { ModuleTile } from './ModuleTile';

const meta = {
  title: 'Core/Shell/ModuleTile',
  component: ModuleTile,
  args: { title: '设备管控', path: '/device', icon: 'cube', childCount: 33, showsMap: true },
  decorators: [(Story) => <div style={{ width: 220 }}>{Story()}</div>],
} satisfies Meta<typeof ModuleTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithChildren: Story = {};
export const SinglePage: Story = { args: { title: '商业运营', path: '/business', icon: 'shop', childCount: 0, showsMap: true } };
export const WithoutMap: Story = { args: { title: '数据分析', path: '/dataAnalysis', icon: 'chart', childCount: 8, showsMap: false } };
