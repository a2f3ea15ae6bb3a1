import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemberDetailPanel } from './MemberDetailPanel';
import { MemberListPanel } from './MemberListPanel';
import { sampleCount, sampleMember, sampleMembers, sampleWork } from './storyData';

const noop = () => undefined;
const column = (Story: () => React.ReactNode) => (
  <div style={{ width: 390, height: 640, display: 'flex', flexDirection: 'column' }}>{Story()}</div>
);

const meta = {
  title: 'Plugins/FieldTeams/MemberListPanel',
  component: MemberListPanel,
  args: {
    teamName: '一队',
    page: { status: 'ready', data: { rows: sampleMembers, total: 30 } },
    count: sampleCount,
    pageNum: 1,
    pageSize: 12,
    duty: '',
    selectedId: 1,
    busy: new Set<number>(),
    onDuty: noop,
    onPage: noop,
    onSelect: noop,
    onCall: noop,
    onHangUp: noop,
    onRetry: noop,
  },
  decorators: [column],
} satisfies Meta<typeof MemberListPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Members: Story = {};
export const Calling: Story = { args: { busy: new Set([1]) } };
export const OnDutyOnly: Story = { args: { duty: '1', page: { status: 'ready', data: { rows: sampleMembers.slice(0, 2), total: 2 } } } };
export const NoMembers: Story = { args: { page: { status: 'ready', data: { rows: [], total: 0 } } } };
export const Loading: Story = { args: { page: { status: 'loading', data: undefined } } };
export const Failed: Story = { args: { page: { status: 'error', data: undefined, error: '网络异常，请稍后重试' } } };

const detail = (props: Partial<Parameters<typeof MemberDetailPanel>[0]>) => () => (
  <MemberDetailPanel
    member={{ status: 'ready', data: sampleMember }}
    work={{ status: 'ready', data: sampleWork }}
    busy={false}
    onCall={noop}
    onHangUp={noop}
    onSetOnDuty={noop}
    onLocate={noop}
    onRetry={noop}
    {...props}
  />
);
export const Detail: Story = { render: detail({}) };
export const DetailTalking: Story = { render: detail({ member: { status: 'ready', data: sampleMembers[1]! } }) };
export const DetailNoTasks: Story = { render: detail({ work: { status: 'ready', data: { ...sampleWork, tasks: [], workTeam: null } } }) };
export const DetailOffDutyNoDevices: Story = {
  render: detail({ member: { status: 'ready', data: sampleMembers[2]! }, work: { status: 'loading', data: undefined } }),
};
export const NothingSelected: Story = { render: detail({ member: null, work: null }) };
export const DetailLoading: Story = { render: detail({ member: { status: 'loading', data: undefined }, work: null }) };
export const DetailFailed: Story = {
  render: detail({ member: { status: 'error', data: undefined, error: '人员不存在：99' }, work: null }),
};
