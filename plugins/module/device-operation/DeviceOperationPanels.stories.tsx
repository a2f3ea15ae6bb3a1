import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AvailabilityReport, FaultRow, InspectionRow, MaintenancePlan, OperationKpi, PlanDeviceOption } from '@ops/contracts';
import { AvailabilityByKind, AvailabilityTrend } from './AvailabilityPanels';
import { FaultList } from './FaultList';
import { OperationKpis } from './OperationKpis';
import { InspectionList, PlanList } from './PlanPanels';
import './DeviceOperation.css';

const at = Date.UTC(2026, 10, 22, 8, 0, 0);
const HOUR = 3_600_000;
const buckets = Array.from({ length: 24 }, (_, index) => at - (23 - index) * HOUR);
const wave = (base: number, spread: number, seed: number) =>
  buckets.map((_, index) => Math.round((base + spread * Math.sin((index + seed) / 3)) * 1e4) / 1e4);
const report: AvailabilityReport = {
  range: '24h',
  bucket: 'hour',
  buckets,
  series: [
    { kind: 'camera', kindName: '视频监控', values: wave(0.96, 0.02, 1) },
    { kind: 'lamp', kindName: '智慧路灯', values: wave(0.92, 0.04, 4) },
    { kind: 'smoke', kindName: '烟感报警', values: wave(0.88, 0.05, 7) },
  ],
  kinds: [
    { kind: 'camera', kindName: '视频监控', availability: 0.961, devices: 40, commandSuccessRate: 0.98, commands: 52 },
    { kind: 'lamp', kindName: '智慧路灯', availability: 0.918, devices: 120, commandSuccessRate: 0.91, commands: 230 },
    { kind: 'smoke', kindName: '烟感报警', availability: 0.874, devices: 60, commandSuccessRate: null, commands: 0 },
    { kind: 'smartToilet', kindName: '智慧公厕', availability: 0.902, devices: 8, commandSuccessRate: 0.95, commands: 20 },
    { kind: 'navigationScreen', kindName: '导览屏', availability: 0.937, devices: 8, commandSuccessRate: 0.88, commands: 17 },
    { kind: 'smartManhole', kindName: '智能井盖', availability: 0.951, devices: 8, commandSuccessRate: null, commands: 0 },
    { kind: 'vendingMachine', kindName: '自动售货机', availability: 0.944, devices: 8, commandSuccessRate: 0.9, commands: 10 },
    { kind: 'broad', kindName: '广播音柱', availability: 0.972, devices: 20, commandSuccessRate: 1, commands: 31 },
    { kind: 'wifi', kindName: '无线网络', availability: 0.99, devices: 8, commandSuccessRate: 0.97, commands: 33 },
  ],
  overall: 0.912,
  onlineNow: 205,
  devicesNow: 220,
  observedSince: at - 23 * HOUR,
};
const kpi: OperationKpi = {
  onlineRate: 0.932,
  online: 205,
  devices: 220,
  openFaults: 7,
  faultsToday: 3,
  inspectionsDueToday: 2,
  inspectionsDoneToday: 1,
};
const fault = (
  faultId: number,
  status: FaultRow['status'],
  statusName: string,
  cause: FaultRow['cause'],
  causeName: string,
  detail: string,
  workOrderNo: string | null = null,
): FaultRow => ({
  faultId,
  deviceId: 100 + faultId,
  deviceName: `江南大道路灯-${String(faultId).padStart(3, '0')}`,
  kind: 'lamp',
  kindName: '智慧路灯',
  cause,
  causeName,
  status,
  statusName,
  detail,
  openedAt: at - faultId * 17 * 60_000,
  closedAt: null,
  closeNote: '',
  workOrderId: workOrderNo ? 9 : null,
  workOrderNo,
});
const faults = [
  fault(1, 'OPEN', '待处理', 'offline', '设备离线', '设备离线已 42 分钟'),
  fault(2, 'ORDERED', '已转工单', 'command', '命令失败', '命令执行失败：设备响应超时', 'GD-20261122-0009'),
  fault(3, 'OPEN', '待处理', 'inspection', '巡检异常', '巡检异常：灯杆倾斜'),
  fault(4, 'CLOSED', '已关闭', 'offline', '设备离线', '设备离线已 12 分钟'),
];
const plans: MaintenancePlan[] = [
  {
    planId: 1,
    name: '路灯月度巡检',
    kind: 'lamp',
    kindName: '智慧路灯',
    deviceIds: [],
    intervalDays: 30,
    teamId: 1,
    teamName: '运维一班',
    nextDueAt: at + 5 * 24 * HOUR,
    createWorkOrder: true,
    enabled: true,
    createTime: at,
    updateTime: at,
  },
  {
    planId: 2,
    name: '重点摄像机周保养',
    kind: 'camera',
    kindName: '视频监控',
    deviceIds: [11, 12, 13],
    intervalDays: 7,
    teamId: null,
    teamName: null,
    nextDueAt: at + 2 * 24 * HOUR,
    createWorkOrder: false,
    enabled: false,
    createTime: at,
    updateTime: at,
  },
];
const inspection = (inspectionId: number, status: InspectionRow['status'], result: InspectionRow['result']): InspectionRow => ({
  inspectionId,
  planId: 1,
  planName: '路灯月度巡检',
  kind: 'lamp',
  kindName: '智慧路灯',
  teamId: 1,
  teamName: '运维一班',
  dueAt: at - inspectionId * 24 * HOUR,
  status,
  statusName: status === 'PENDING' ? '待巡检' : '已完成',
  result,
  resultName: result === null ? null : result === 'NORMAL' ? '正常' : '异常',
  note: result === 'ABNORMAL' ? '灯杆倾斜' : '',
  deviceId: result === 'ABNORMAL' ? 103 : null,
  deviceName: result === 'ABNORMAL' ? '江南大道路灯-003' : null,
  faultId: null,
  workOrderId: null,
  doneAt: status === 'DONE' ? at : null,
  createTime: at,
});
const inspections = [inspection(1, 'PENDING', null), inspection(2, 'DONE', 'ABNORMAL'), inspection(3, 'DONE', 'NORMAL')];
const teams = [{ teamId: 1, name: '运维一班' }];
const kinds = [
  { page: 'lamp', name: '智慧路灯' },
  { page: 'camera', name: '视频监控' },
];
const noop = async () => undefined;
const planDevices: PlanDeviceOption[] = Array.from({ length: 14 }, (_, index) => ({
  deviceId: 11 + index,
  deviceName: `${['江南大道', '滨盛路', '钱江新城'][index % 3]}智慧路灯-${String(index + 1).padStart(3, '0')}`,
  deviceCode: `LAMP-1-${String(11 + index).padStart(6, '0')}`,
  online: index % 5 !== 3,
}));
const query = { pageNum: 1, pageSize: 10, open: '1' as const };

function Panels({ state }: { state: 'data' | 'loading' | 'empty' | 'error' }) {
  const status = state === 'loading' ? 'loading' : state === 'error' ? 'error' : 'ready';
  const error = state === 'error' ? '网络连接失败，请稍后重试' : undefined;
  const has = state === 'data';
  return (
    <div className="device-operation" style={{ height: 820 }}>
      <OperationKpis kpi={has ? kpi : undefined} status={status} error={error} onRetry={() => undefined} />
      <AvailabilityTrend
        report={has ? report : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        range="24h"
        onRange={() => undefined}
      />
      <AvailabilityByKind report={has ? report : undefined} status={status} error={error} onRetry={() => undefined} />
      <FaultList
        query={query}
        onQuery={() => undefined}
        page={has ? { rows: faults, total: 23 } : state === 'empty' ? { rows: [], total: 0 } : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        teams={teams}
        onClose={noop}
        onToWorkOrder={noop}
      />
      <PlanList
        plans={has ? plans : state === 'empty' ? [] : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        kinds={kinds}
        teams={teams}
        loadDevices={async () => planDevices}
        onSave={noop}
        onDelete={noop}
      />
      <InspectionList
        page={has ? { rows: inspections, total: 3 } : state === 'empty' ? { rows: [], total: 0 } : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        loadDevices={async () => planDevices}
        plans={plans}
        onRecord={noop}
      />
    </div>
  );
}

const meta = {
  title: 'Plugins/DeviceOperation/Panels',
  component: Panels,
  args: { state: 'data' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Panels>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithData: Story = {};
export const Loading: Story = { args: { state: 'loading' } };
export const Empty: Story = { args: { state: 'empty' } };
export const Failed: Story = { args: { state: 'error' } };
