import type { Meta, StoryObj } from '@storybook/react-vite';
import { AlarmToastStack, type AlarmToast } from './AlarmToastStack';

const at = Date.UTC(2026, 10, 22, 8, 30, 0);
const toast = (key: string, typeName: string, grade: string, content: string): AlarmToast => ({
  key,
  typeName,
  grade,
  content,
  deviceName: '江南大道烟感报警-003',
  time: at,
});

const meta = {
  title: 'Core/Alarms/AlarmToastStack',
  component: AlarmToastStack,
  parameters: { layout: 'fullscreen' },
  args: { toasts: [toast('1', '烟感报警', 'ALARM_GRADE_HIGH', '烟雾浓度超标')], onOpen: () => undefined, onDismiss: () => undefined },
} satisfies Meta<typeof AlarmToastStack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneHighAlarm: Story = {};
export const Grades: Story = {
  args: {
    toasts: [
      toast('1', '垃圾满溢', 'ALARM_GRADE_LOW', '垃圾桶满溢'),
      toast('2', '客流超限', 'ALARM_GRADE_MEDIUM', '断桥客流超限'),
      toast('3', '井盖异常', 'ALARM_GRADE_HIGH', '井盖被打开'),
    ],
  },
};
export const BurstFoldsIntoCount: Story = {
  args: { toasts: Array.from({ length: 12 }, (_, index) => toast(String(index), '人群聚集', 'ALARM_GRADE_MEDIUM', `第 ${index + 1} 条`)) },
};
