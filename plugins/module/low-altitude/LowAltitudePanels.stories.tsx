import type { Meta, StoryObj } from '@storybook/react-vite';
import { FlightActionsPanel, GeofencePanel, PlanFlightPanel } from './DispatchPanels';
import { FenceStayPanel, FlightDetailPanel, FlightListPanel, LiveUavPanel } from './InspectionPanels';
import { ReplayBar, useReplayClock } from './ReplayBar';
import {
  fences,
  flyingFlight,
  liveFlights,
  names,
  plannedFlight,
  presets,
  sampleFlight,
  sampleReplay,
  sampleStay,
  uavs,
} from './storyData';

const noop = () => undefined;
const asyncNoop = async () => undefined;
const column = (Story: () => React.ReactNode) => (
  <div style={{ width: 380, height: 640, display: 'flex', flexDirection: 'column' }}>{Story()}</div>
);

const meta = {
  title: 'Plugins/LowAltitude/FlightDetailPanel',
  component: FlightDetailPanel,
  args: {
    flight: { status: 'ready', data: sampleFlight },
    stays: [sampleStay],
    deviceName: '江南大道无人机-002',
    onReplay: noop,
    onRetry: noop,
  },
  decorators: [column],
} satisfies Meta<typeof FlightDetailPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Landed: Story = {};
export const Flying: Story = { args: { flight: { status: 'ready', data: flyingFlight }, stays: [] } };
export const Loading: Story = { args: { flight: { status: 'loading' } } };
export const Failed: Story = { args: { flight: { status: 'error', error: '飞行任务不存在：42' } } };
export const NothingSelected: Story = { args: { flight: null } };
export const LookingUpAlarm: Story = { args: { flight: null, notice: '正在查找该告警的飞行…' } };

export const LiveUavs: Story = {
  render: () => <LiveUavPanel live={{ status: 'ready' }} flights={liveFlights} selectedFlightId={43} onSelect={noop} onRetry={noop} />,
};
export const LiveUavsEmpty: Story = {
  render: () => <LiveUavPanel live={{ status: 'ready' }} flights={[]} selectedFlightId={null} onSelect={noop} onRetry={noop} />,
};
const flightList = (flights: Parameters<typeof FlightListPanel>[0]['flights']) => () => (
  <FlightListPanel
    flights={flights}
    names={names}
    status=""
    pageNum={1}
    pageSize={10}
    selectedFlightId={42}
    onStatus={noop}
    onPage={noop}
    onSelect={noop}
    onRetry={noop}
  />
);
export const FlightList: Story = {
  render: flightList({ status: 'ready', data: { rows: [flyingFlight, sampleFlight, plannedFlight], total: 23 } }),
};
export const FlightListEmpty: Story = { render: flightList({ status: 'ready', data: { rows: [], total: 0 } }) };
export const FlightListFailed: Story = { render: flightList({ status: 'error', error: '网络异常，请稍后重试' }) };
export const UavAlarms: Story = {
  render: () => (
    <FenceStayPanel
      stays={{ status: 'ready', data: { rows: [{ ...sampleStay, eventId: 6, exitedAt: null }, sampleStay], total: 2 } }}
      names={names}
      onSelect={noop}
      onRetry={noop}
    />
  ),
};

function Replay() {
  const clock = useReplayClock(sampleReplay.track[0]!.at, sampleReplay.track.at(-1)!.at);
  return <ReplayBar replay={{ status: 'ready', data: sampleReplay }} clock={clock} onClose={noop} />;
}
export const ReplayTimeline: Story = { render: () => <Replay /> };

export const PlanFlight: Story = {
  render: () => (
    <PlanFlightPanel
      uavs={{ status: 'ready', data: uavs }}
      presets={presets}
      draft={{ deviceId: 7, taskKind: 'river_inspection', source: 'preset', presetId: 'river-qiantang', waypoints: [] }}
      onDraft={noop}
      onPlan={asyncNoop}
    />
  ),
};
export const FlightActions: Story = {
  render: () => (
    <FlightActionsPanel flights={{ status: 'ready', data: [flyingFlight, plannedFlight] }} names={names} onAct={asyncNoop} onRetry={noop} />
  ),
};
export const Geofences: Story = {
  render: () => (
    <GeofencePanel fences={{ status: 'ready', data: fences }} onToggle={asyncNoop} onCreate={async () => true} onRetry={noop} />
  ),
};
