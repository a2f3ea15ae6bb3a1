import type { Meta, StoryObj } from '@storybook/react-vite';
import { PanelBox, Ranking, Table, Timeline, type WidgetStatus } from '@ops/sdk';
import { crowdRanking, historyTimeline, hydrantTable, routeTable, shelterTable, waterTable } from './situationData';
import { sampleDetail, sampleResources } from './storyData';

/** The situation panels of the map pages: core widgets fed by the mappers of situationData.ts. */
function SituationPanel({
  panel,
  status,
  error,
}: {
  panel: 'hydrants' | 'water' | 'shelters' | 'routes' | 'crowd' | 'history';
  status: WidgetStatus;
  error?: string;
}) {
  const state = { status, ...(error ? { error } : {}), onRetry: () => undefined };
  const ready = status === 'ready';
  switch (panel) {
    case 'hydrants':
      return (
        <PanelBox title="附近消火栓">
          <Table
            {...state}
            data={ready ? hydrantTable(sampleResources.hydrants) : undefined}
            options={{ label: '附近消火栓', rowKey: 'id' }}
          />
        </PanelBox>
      );
    case 'water':
      return (
        <PanelBox title="水位监测">
          <Table
            {...state}
            data={ready ? waterTable(sampleResources.waterLevels) : undefined}
            options={{ label: '水位监测', rowKey: 'id' }}
          />
        </PanelBox>
      );
    case 'shelters':
      return (
        <PanelBox title="避难场所">
          <Table
            {...state}
            data={ready ? shelterTable(sampleResources.shelters) : undefined}
            options={{ label: '避难场所', rowKey: 'id' }}
          />
        </PanelBox>
      );
    case 'routes':
      return (
        <PanelBox title="疏散路线">
          <Table {...state} data={ready ? routeTable(sampleResources.routes) : undefined} options={{ label: '疏散路线', rowKey: 'id' }} />
        </PanelBox>
      );
    case 'crowd':
      return (
        <PanelBox title="人群密度">
          <Ranking
            {...state}
            data={
              ready
                ? crowdRanking([
                    { deviceId: 1, name: '江南大道无线网络-001', longitude: 120.2, latitude: 30.2, people: 194, source: 'wifi' },
                    { deviceId: 2, name: '江南大道智慧站台-001', longitude: 120.2, latitude: 30.2, people: 40, source: 'station' },
                  ])
                : undefined
            }
          />
        </PanelBox>
      );
    default:
      return (
        <PanelBox title="处置动态">
          <Timeline {...state} data={ready ? historyTimeline(sampleDetail.history) : undefined} />
        </PanelBox>
      );
  }
}

const meta = {
  title: 'Plugins/EmergencyMap/SituationPanels',
  component: SituationPanel,
  args: { panel: 'hydrants', status: 'ready' },
  decorators: [(Story) => <div style={{ width: 390, height: 260, display: 'flex' }}>{Story()}</div>],
} satisfies Meta<typeof SituationPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hydrants: Story = {};
export const WaterLevels: Story = { args: { panel: 'water' } };
export const Shelters: Story = { args: { panel: 'shelters' } };
export const Routes: Story = { args: { panel: 'routes' } };
export const Crowd: Story = { args: { panel: 'crowd' } };
export const History: Story = { args: { panel: 'history' } };
export const Loading: Story = { args: { status: 'loading' } };
export const Failed: Story = { args: { status: 'error', error: '没有权限执行该操作，请联系管理员' } };
export const Empty: Story = {
  render: () => (
    <PanelBox title="附近消火栓">
      <Table status="ready" data={hydrantTable([])} options={{ label: '附近消火栓' }} />
    </PanelBox>
  ),
};
