import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CameraHealth, DiagnosisSummary, DiagnosisTrend } from '@ops/contracts';
import { CameraHealthGrid, CameraHistory, DiagnosisSummaryPanel, DiagnosisTrendChart, FailureList } from './DiagnosisPanels';
import './DeviceOperation.css';

const at = Date.UTC(2026, 10, 22, 8, 0, 0);
const HOUR = 3_600_000;
const REASONS = { offline: '设备离线', frozen: '画面冻结', black: '黑屏', blurred: '画面模糊', noStream: '视频流无响应' } as const;
const camera = (index: number, reason?: keyof typeof REASONS): CameraHealth => ({
  checkId: index,
  deviceId: 10 + index,
  deviceName: `西湖景区摄像机-${String(index).padStart(3, '0')}`,
  kind: 'camera',
  kindName: '视频监控',
  at: at - (reason ? index * 60_000 : 0),
  online: reason !== 'offline',
  streamOk: reason !== 'noStream',
  picture: reason === 'offline' ? null : reason === 'frozen' || reason === 'black' || reason === 'blurred' ? reason : 'ok',
  healthy: !reason,
  reasons: reason ? [reason] : [],
  reasonNames: reason ? [REASONS[reason]] : [],
});
const cameras = [
  camera(1, 'offline'),
  camera(2, 'frozen'),
  camera(3, 'black'),
  camera(4, 'blurred'),
  ...Array.from({ length: 24 }, (_, index) => camera(index + 5)),
];
const summary: DiagnosisSummary = {
  lastRunAt: at,
  cameras: cameras.length,
  healthy: 24,
  faulty: 4,
  byReason: [],
  streamAvailable: true,
  intervalMs: 300_000,
};
const buckets = Array.from({ length: 24 }, (_, index) => at - (23 - index) * HOUR);
const trend: DiagnosisTrend = {
  buckets,
  healthyShare: buckets.map((_, index) => Math.round((0.86 + 0.06 * Math.cos(index / 4)) * 1e4) / 1e4),
  checks: buckets.map(() => 336),
};

function Panels({ state }: { state: 'data' | 'loading' | 'empty' | 'error' }) {
  const status = state === 'loading' ? 'loading' : state === 'error' ? 'error' : 'ready';
  const error = state === 'error' ? '网络连接失败，请稍后重试' : undefined;
  const has = state === 'data';
  return (
    <div className="video-diagnosis" style={{ height: 760 }}>
      <DiagnosisSummaryPanel
        summary={has ? summary : state === 'empty' ? { ...summary, lastRunAt: null, cameras: 0, healthy: 0, faulty: 0 } : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        running={false}
        onRun={() => undefined}
      />
      <DiagnosisTrendChart
        trend={
          has ? trend : state === 'empty' ? { buckets, healthyShare: buckets.map(() => null), checks: buckets.map(() => 0) } : undefined
        }
        status={status}
        error={error}
        onRetry={() => undefined}
      />
      <CameraHealthGrid
        cameras={has ? cameras : state === 'empty' ? [] : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        filter=""
        onFilter={() => undefined}
        onOpen={() => undefined}
      />
      <FailureList
        page={has ? { rows: cameras.slice(0, 4), total: 4 } : state === 'empty' ? { rows: [], total: 0 } : undefined}
        status={status}
        error={error}
        onRetry={() => undefined}
        pageNum={1}
        pageSize={15}
        onPage={() => undefined}
        onOpen={() => undefined}
      />
    </div>
  );
}

const meta = {
  title: 'Plugins/DeviceOperation/VideoDiagnosis',
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
export const History: Story = {
  render: () => (
    <div style={{ width: 520, height: 420 }}>
      <CameraHistory
        name="西湖景区摄像机-002"
        checks={[camera(2, 'frozen'), { ...camera(2), checkId: 99, at: at - HOUR }]}
        status="ready"
      />
    </div>
  ),
};
export const HistoryLoading: Story = {
  render: () => (
    <div style={{ width: 520, height: 300 }}>
      <CameraHistory name="西湖景区摄像机-002" checks={undefined} status="loading" />
    </div>
  ),
};
export const HistoryFailed: Story = {
  render: () => (
    <div style={{ width: 520, height: 300 }}>
      <CameraHistory name="西湖景区摄像机-002" checks={undefined} status="error" error="摄像机不存在：12" onRetry={() => undefined} />
    </div>
  ),
};
