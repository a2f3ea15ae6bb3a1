import type { Meta, StoryObj } from '@storybook/react-vite';
import { CaseDetailPanel } from './CaseDetailPanel';
import { CaseFiguresColumn } from './CaseFiguresColumn';
import { CaseListPanel } from './CaseListPanel';
import { closedDetail, handledDetail, sampleCases, sampleDetail, sampleStats } from './storyData';

const noop = async () => undefined;
const column = (Story: () => React.ReactNode) => (
  <div style={{ width: 420, height: 680, display: 'flex', flexDirection: 'column' }}>{Story()}</div>
);

const meta = {
  title: 'Plugins/FieldCases/CaseDetailPanel',
  component: CaseDetailPanel,
  args: {
    detail: { status: 'ready', data: sampleDetail },
    loadEvidence: async () => new Blob(),
    onLocate: () => undefined,
    onRetry: () => undefined,
    onAssign: noop,
    onHandle: noop,
    onClose: noop,
    onReject: noop,
    onUpload: noop,
  },
  decorators: [column],
} satisfies Meta<typeof CaseDetailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Assigned: Story = {};
export const Handled: Story = { args: { detail: { status: 'ready', data: handledDetail } } };
export const Closed: Story = { args: { detail: { status: 'ready', data: closedDetail } } };
export const Loading: Story = { args: { detail: { status: 'loading' } } };
export const Failed: Story = { args: { detail: { status: 'error', error: '案件不存在：12' } } };
export const NothingFocused: Story = { args: { detail: null } };
export const LookingUpAlarm: Story = { args: { detail: null, notice: '正在查找告警对应的案件…' } };

const list = (cases: Parameters<typeof CaseListPanel>[0]['cases']) => () => (
  <CaseListPanel
    groupName="投诉建议"
    cases={cases}
    pageNum={1}
    pageSize={10}
    status=""
    keyword=""
    focusedId={12}
    onPage={() => undefined}
    onStatus={() => undefined}
    onKeyword={() => undefined}
    onFocus={() => undefined}
    onRegister={() => undefined}
    onRetry={() => undefined}
  />
);
export const CaseList: Story = { render: list({ status: 'ready', data: { rows: sampleCases, total: 23 } }) };
export const CaseListEmpty: Story = { render: list({ status: 'ready', data: { rows: [], total: 0 } }) };
export const CaseListLoading: Story = { render: list({ status: 'loading' }) };
export const CaseListFailed: Story = { render: list({ status: 'error', error: '网络异常，请稍后重试' }) };

const figures = (stats: Parameters<typeof CaseFiguresColumn>[0]['stats']) => () => (
  <div style={{ height: 1000, display: 'flex' }}>
    <CaseFiguresColumn stats={stats} onRetry={() => undefined} />
  </div>
);
export const Figures: Story = { render: figures({ status: 'ready', data: sampleStats }) };
export const FiguresLoading: Story = { render: figures({ status: 'loading' }) };
export const FiguresFailed: Story = { render: figures({ status: 'error', error: '网络异常，请稍后重试' }) };
