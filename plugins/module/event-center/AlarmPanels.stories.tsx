import type { Meta, StoryObj } from '@storybook/react-vite';
import { AlarmDetail } from './AlarmDetail';
import { AlarmList } from './AlarmList';
import type { AlarmDetailData, AlarmRow } from './alarmApi';
import type { WorkOrderRow } from '@ops/contracts';

const at = Date.UTC(2026, 10, 22, 8, 30, 0);
const row = (alarmId: number, alarmTypeName: string, grade: string, status: string): AlarmRow => ({
  alarmId,
  alarmType: 'SMOKE',
  alarmTypeName,
  longitude: 120.2112,
  latitude: 30.2084,
  targetPage: null,
  grade,
  status,
  statusName: '',
  deviceId: 12,
  deviceName: '江南大道烟感报警-003',
  alarmContent: '烟雾浓度超标',
  alarmDesc: '',
  assigneeId: null,
  createTime: at - alarmId * 60_000,
  updateTime: at,
});
const rows = [
  row(1, '烟感报警', 'ALARM_GRADE_HIGH', 'ALARM_STATUS_UNTREATED'),
  row(2, '垃圾满溢', 'ALARM_GRADE_LOW', 'ALARM_STATUS_PROCESSING'),
  row(3, '人群聚集', 'ALARM_GRADE_MEDIUM', 'ALARM_STATUS_CONFIRMED'),
];
const detail: AlarmDetailData = {
  ...rows[0]!,
  history: [
    { id: 1, time: at, action: 'raise', fromStatus: null, toStatus: 'ALARM_STATUS_UNTREATED', comment: '', userName: '系统' },
    { id: 2, time: at + 60_000, action: 'assign', fromStatus: null, toStatus: null, comment: '请李强处理', userName: '值班员张敏' },
  ],
};
const noop = async () => undefined;

const meta = {
  title: 'Plugins/EventCenter/AlarmDetail',
  component: AlarmDetail,
  args: { alarm: detail, assignees: [{ userId: 3, nickName: '访客李强' }], onTransition: noop, onAssign: noop, onComment: noop },
  decorators: [(Story) => <div style={{ width: 380 }}>{Story()}</div>],
} satisfies Meta<typeof AlarmDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {};
export const AwaitingConfirmation: Story = { args: { alarm: { ...detail, status: 'ALARM_STATUS_COMPLET' } } };
export const Handled: Story = { args: { alarm: { ...detail, status: 'ALARM_STATUS_CONFIRMED' } } };
export const List: Story = { render: () => <AlarmList rows={rows} activeId={1} onOpen={() => undefined} /> };
export const EmptyList: Story = { render: () => <AlarmList rows={[]} onOpen={() => undefined} /> };

const workOrder = (
  orderId: number,
  orderNo: string,
  status: WorkOrderRow['status'],
  statusName: string,
  assigneeTeamName: string | null,
): WorkOrderRow => ({
  orderId,
  orderNo,
  title: '烟感报警：烟雾浓度超标',
  description: '',
  category: 'ALARM',
  categoryName: '告警处置',
  priority: 'URGENT',
  priorityName: '紧急',
  status,
  statusName,
  source: 'alarm',
  sourceName: '告警',
  alarmId: 1,
  deviceId: 12,
  deviceName: '江南大道烟感报警-003',
  assigneeUserId: null,
  assigneeUserName: null,
  assigneeTeamId: assigneeTeamName ? 1 : null,
  assigneeTeamName,
  createdBy: 2,
  createdByName: '值班员张敏',
  dueAt: at + 7_200_000,
  overdue: false,
  escalatedAt: null,
  closedAt: null,
  result: '',
  createTime: at,
  updateTime: at,
});
export const WithWorkOrders: Story = {
  args: {
    workOrders: [
      workOrder(7, 'GD-20261122-0007', 'PROCESSING', '处理中', '消防一班'),
      workOrder(9, 'GD-20261122-0009', 'CANCELLED', '已取消', null),
    ],
    onToWorkOrder: noop,
  },
};
export const NoWorkOrdersYet: Story = { args: { workOrders: [], onToWorkOrder: noop } };
