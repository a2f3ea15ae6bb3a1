import type { Meta, StoryObj } from '@storybook/react-vite';
import { EventDetailPanel } from './EventDetailPanel';
import { EventListPanel } from './EventListPanel';
import { closedDetail, sampleDetail, sampleEvent, sampleTeams } from './storyData';

const noop = async () => undefined;
const column = (Story: () => React.ReactNode) => (
  <div style={{ width: 390, height: 640, display: 'flex', flexDirection: 'column' }}>{Story()}</div>
);

const meta = {
  title: 'Plugins/EmergencyMap/EventDetailPanel',
  component: EventDetailPanel,
  args: {
    event: { status: 'ready', data: sampleDetail },
    teams: sampleTeams,
    onLocate: () => undefined,
    onDispatch: noop,
    onFinish: noop,
    onCancel: noop,
    onClose: noop,
    onRetry: () => undefined,
  },
  decorators: [column],
} satisfies Meta<typeof EventDetailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {};
export const Closed: Story = { args: { event: { status: 'ready', data: closedDetail } } };
export const Loading: Story = { args: { event: { status: 'loading' } } };
export const Failed: Story = { args: { event: { status: 'error', error: '应急事件不存在' } } };
export const NothingFocused: Story = { args: { event: null } };
export const LookingUpAlarm: Story = { args: { event: null, notice: '正在查找告警关联的应急事件…' } };

const list = (events: Parameters<typeof EventListPanel>[0]['events']) => () => (
  <EventListPanel kindLabel="火情" events={events} focusedId={12} onFocus={() => undefined} onRetry={() => undefined} />
);
export const EventList: Story = {
  render: list({
    status: 'ready',
    data: [sampleEvent, { ...sampleEvent, eventId: 13, title: '火情告警：滨盛路烟感报警-006', level: 'MEDIUM', levelName: '较大' }],
  }),
};
export const EventListEmpty: Story = { render: list({ status: 'ready', data: [] }) };
export const EventListLoading: Story = { render: list({ status: 'loading' }) };
export const EventListFailed: Story = { render: list({ status: 'error', error: '网络异常，请稍后重试' }) };
