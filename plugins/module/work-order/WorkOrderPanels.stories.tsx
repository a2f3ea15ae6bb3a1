import type { Meta, StoryObj } from '@storybook/react-vite';
import type { WorkOrderAssignees, WorkOrderDetail, WorkOrderPhoto, WorkOrderRow, WorkOrderStats } from '@ops/contracts';
import { WorkOrderDetailView } from './WorkOrderDetailView';
import { WorkOrderKpis } from './WorkOrderKpis';
import { WorkOrderList, type WorkOrderListProps } from './WorkOrderList';
import { WorkOrderSlaChart } from './WorkOrderSlaChart';
import { WorkOrderStatusChart } from './WorkOrderStatusChart';
import { CreateWorkOrderDialog } from './CreateWorkOrderDialog';
import './WorkOrder.css';

const NOW = Date.UTC(2026, 10, 22, 8, 30, 0);
const HOUR = 3_600_000;
const noop = () => undefined;
const resolved = async () => undefined;

const stats: WorkOrderStats = {
  total: 214,
  byStatus: { PENDING: 12, ASSIGNED: 18, PROCESSING: 27, DONE: 149, CANCELLED: 8 },
  byPriority: { URGENT: 9, HIGH: 41, NORMAL: 128, LOW: 36 },
  open: 57,
  overdue: 6,
  escalated: 4,
  slaMet: 131,
  slaMissed: 18,
  slaRate: 131 / 149,
  createdToday: 17,
  perDay: [],
};
const quiet: WorkOrderStats = {
  ...stats,
  total: 0,
  byStatus: { PENDING: 0, ASSIGNED: 0, PROCESSING: 0, DONE: 0, CANCELLED: 0 },
  open: 0,
  overdue: 0,
  escalated: 0,
  slaMet: 0,
  slaMissed: 0,
  slaRate: null,
  createdToday: 0,
};

const order = (orderId: number, patch: Partial<WorkOrderRow>): WorkOrderRow => ({
  orderId,
  orderNo: `GD-20261122-${String(orderId).padStart(4, '0')}`,
  title: '江南大道 3 号路灯不亮',
  description: '夜间巡查发现，灯杆编号 JN-003，灯头不亮。',
  category: 'REPAIR',
  categoryName: '故障维修',
  priority: 'HIGH',
  priorityName: '高',
  status: 'PROCESSING',
  statusName: '处理中',
  source: 'device',
  sourceName: '设备',
  alarmId: null,
  deviceId: 12,
  deviceName: '江南大道智慧灯杆-003',
  assigneeUserId: null,
  assigneeUserName: null,
  assigneeTeamId: 1,
  assigneeTeamName: '市政维修一班',
  createdBy: 2,
  createdByName: '值班员张敏',
  dueAt: NOW + 3 * HOUR,
  overdue: false,
  escalatedAt: null,
  closedAt: null,
  result: '',
  createTime: NOW - 2 * HOUR,
  updateTime: NOW - HOUR,
  ...patch,
});
const rows = [
  order(21, {
    title: '滨江广场烟感报警处置',
    category: 'ALARM',
    categoryName: '告警处置',
    priority: 'URGENT',
    priorityName: '紧急',
    status: 'PENDING',
    statusName: '待派发',
    assigneeTeamId: null,
    assigneeTeamName: null,
    dueAt: NOW + 40 * 60_000,
  }),
  order(20, { status: 'ASSIGNED', statusName: '已派发' }),
  order(19, {
    title: '西湖隧道排水泵异响',
    status: 'PROCESSING',
    statusName: '处理中',
    dueAt: NOW - 75 * 60_000,
    overdue: true,
    escalatedAt: NOW - 60 * 60_000,
  }),
  order(18, {
    title: '停车场道闸无法抬杆',
    priority: 'NORMAL',
    priorityName: '中',
    status: 'DONE',
    statusName: '已完成',
    closedAt: NOW - HOUR,
    dueAt: NOW,
  }),
  order(17, {
    title: '绿化带喷灌管破裂',
    priority: 'LOW',
    priorityName: '低',
    status: 'CANCELLED',
    statusName: '已取消',
    assigneeTeamId: null,
    assigneeTeamName: null,
  }),
];
const assignees: WorkOrderAssignees = {
  users: [
    { userId: 2, nickName: '值班员张敏' },
    { userId: 3, nickName: '访客李强' },
  ],
  teams: [
    { teamId: 1, name: '市政维修一班', duty: '路灯、井盖、道闸' },
    { teamId: 2, name: '消防一队', duty: '火情处置' },
  ],
};
const photo: WorkOrderPhoto = {
  photoId: 5,
  mime: 'image/png',
  size: 20_480,
  eventId: 3,
  userId: 2,
  createTime: NOW - 30 * 60_000,
  url: '/workOrder/photo/file?id=5',
};
// A small picture drawn on the spot stands in for the stored photo.
const loadPhoto = async () =>
  new Blob(
    [
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==')
        .split('')
        .map((char) => char.charCodeAt(0))
        .reduce((bytes, byte, index) => ((bytes[index] = byte), bytes), new Uint8Array(70)),
    ],
    { type: 'image/png' },
  );
const detail: WorkOrderDetail = {
  ...order(19, {
    title: '西湖隧道排水泵异响',
    status: 'PROCESSING',
    statusName: '处理中',
    dueAt: NOW - 75 * 60_000,
    overdue: true,
    escalatedAt: NOW - 60 * 60_000,
    source: 'alarm',
    sourceName: '告警',
    alarmId: 7,
  }),
  alarm: {
    alarmId: 7,
    alarmType: 'WATER_LEVEL',
    alarmTypeName: '水位告警',
    longitude: 120.15,
    latitude: 30.25,
    targetPage: null,
    grade: 'ALARM_GRADE_MEDIUM',
    status: 'ALARM_STATUS_PROCESSING',
    statusName: '处理中',
    deviceId: 12,
    deviceName: '西湖隧道水位计-02',
    alarmContent: '积水深度 32 cm',
    alarmDesc: '',
    assigneeId: null,
    createTime: NOW - 3 * HOUR,
    updateTime: NOW - HOUR,
  },
  photos: [photo],
  events: [
    {
      id: 1,
      time: NOW - 3 * HOUR,
      action: 'create',
      actionName: '创建',
      fromStatus: null,
      toStatus: 'PENDING',
      note: '',
      userId: 2,
      userName: '值班员张敏',
      photoIds: [],
    },
    {
      id: 2,
      time: NOW - 2.5 * HOUR,
      action: 'assign',
      actionName: '派发',
      fromStatus: 'PENDING',
      toStatus: 'ASSIGNED',
      note: '派发给 市政维修一班',
      userId: 2,
      userName: '值班员张敏',
      photoIds: [],
    },
    {
      id: 3,
      time: NOW - 2 * HOUR,
      action: 'accept',
      actionName: '接单',
      fromStatus: 'ASSIGNED',
      toStatus: 'PROCESSING',
      note: '市政维修一班已接单',
      userId: null,
      userName: '系统',
      photoIds: [],
    },
    {
      id: 4,
      time: NOW - 30 * 60_000,
      action: 'progress',
      actionName: '填写进展',
      fromStatus: 'PROCESSING',
      toStatus: 'PROCESSING',
      note: '已到现场，水泵轴承磨损，等待备件',
      userId: 2,
      userName: '值班员张敏',
      photoIds: [5],
    },
    {
      id: 5,
      time: NOW - 60 * 60_000,
      action: 'escalate',
      actionName: '超时升级',
      fromStatus: 'PROCESSING',
      toStatus: 'PROCESSING',
      note: '已超过处理时限 15 分钟，自动升级',
      userId: null,
      userName: '系统',
      photoIds: [],
    },
  ],
};

const listArgs: WorkOrderListProps = {
  query: { pageNum: 1, pageSize: 15 },
  onQuery: noop,
  page: { rows, total: 214 },
  status: 'ready',
  assignees,
  activeId: 19,
  onOpen: noop,
  onCreate: noop,
  now: NOW,
};

const meta = {
  title: 'Plugins/WorkOrder/Panels',
  component: WorkOrderKpis,
  args: { stats, status: 'ready', onRetry: noop },
  decorators: [(Story) => <div style={{ width: 520, height: 230, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof WorkOrderKpis>;

export default meta;
type Story = StoryObj<typeof meta>;

export const KpisData: Story = {};
export const KpisLoading: Story = { args: { stats: undefined, status: 'loading' } };
export const KpisEmpty: Story = { args: { stats: quiet } };
export const KpisError: Story = { args: { stats: undefined, status: 'error', error: '工单统计暂不可用' } };

export const StatusChartData: Story = { render: (args) => <WorkOrderStatusChart stats={args.stats} status={args.status} onOpen={noop} /> };
export const StatusChartLoading: Story = { render: () => <WorkOrderStatusChart stats={undefined} status="loading" /> };
export const StatusChartEmpty: Story = { render: () => <WorkOrderStatusChart stats={quiet} status="ready" /> };
export const StatusChartError: Story = {
  render: () => <WorkOrderStatusChart stats={undefined} status="error" error="工单统计暂不可用" onRetry={noop} />,
};

export const SlaChartData: Story = { render: (args) => <WorkOrderSlaChart stats={args.stats} status={args.status} onOpenOverdue={noop} /> };
export const SlaChartLoading: Story = { render: () => <WorkOrderSlaChart stats={undefined} status="loading" /> };
export const SlaChartEmpty: Story = { render: () => <WorkOrderSlaChart stats={quiet} status="ready" /> };
export const SlaChartError: Story = {
  render: () => <WorkOrderSlaChart stats={undefined} status="error" error="工单统计暂不可用" onRetry={noop} />,
};

const wide = [(Story: () => React.ReactNode) => <div style={{ width: 1180, height: 520, display: 'flex' }}>{Story()}</div>];
export const ListData: Story = { decorators: wide, render: () => <WorkOrderList {...listArgs} /> };
export const ListLoading: Story = { decorators: wide, render: () => <WorkOrderList {...listArgs} page={undefined} status="loading" /> };
export const ListEmpty: Story = { decorators: wide, render: () => <WorkOrderList {...listArgs} page={{ rows: [], total: 0 }} /> };
export const ListNothingMatches: Story = {
  decorators: wide,
  render: () => (
    <WorkOrderList {...listArgs} query={{ pageNum: 1, pageSize: 15, status: 'CANCELLED', overdue: '1' }} page={{ rows: [], total: 0 }} />
  ),
};
export const ListError: Story = {
  decorators: wide,
  render: () => <WorkOrderList {...listArgs} page={undefined} status="error" error="工单列表加载失败：网络错误" onRetry={noop} />,
};

const drawerSize = [(Story: () => React.ReactNode) => <div style={{ width: 560 }}>{Story()}</div>];
export const DetailProcessing: Story = {
  decorators: drawerSize,
  render: () => (
    <WorkOrderDetailView
      order={detail}
      assignees={assignees}
      loadPhoto={loadPhoto}
      now={NOW}
      onAction={resolved}
      onUpload={async () => photo}
    />
  ),
};
export const DetailPending: Story = {
  decorators: drawerSize,
  render: () => (
    <WorkOrderDetailView
      order={{ ...detail, ...rows[0]!, events: detail.events.slice(0, 1), photos: [], alarm: null }}
      assignees={assignees}
      loadPhoto={loadPhoto}
      now={NOW}
      onAction={resolved}
      onUpload={async () => photo}
    />
  ),
};
export const DetailCancelled: Story = {
  decorators: drawerSize,
  render: () => (
    <WorkOrderDetailView
      order={{ ...detail, ...rows[4]!, photos: [], alarm: null }}
      assignees={assignees}
      loadPhoto={async () => Promise.reject(new Error('照片不存在'))}
      now={NOW}
      onAction={resolved}
      onUpload={async () => photo}
    />
  ),
};
/** A repair order raised from a 设备运维 fault (转工单): 关联故障 names the device, cause and the fault's state. */
export const DetailFromFault: Story = {
  decorators: drawerSize,
  render: () => (
    <WorkOrderDetailView
      order={{
        ...detail,
        alarm: null,
        fault: {
          faultId: 31,
          deviceId: 12,
          deviceName: '江南大道智慧灯杆-003',
          cause: 'offline',
          causeName: '设备离线',
          status: 'ORDERED',
          statusName: '已转工单',
          detail: '设备离线已 47 分钟',
          openedAt: NOW - 2 * HOUR,
          closedAt: null,
        },
      }}
      assignees={assignees}
      loadPhoto={loadPhoto}
      now={NOW}
      onAction={resolved}
      onUpload={async () => photo}
    />
  ),
};
export const CreateDialog: Story = {
  render: () => (
    <CreateWorkOrderDialog
      isOpen
      onClose={noop}
      onCreate={resolved}
      assignees={assignees}
      deviceKinds={[]}
      searchDevices={async () => []}
      now={() => NOW}
    />
  ),
};
