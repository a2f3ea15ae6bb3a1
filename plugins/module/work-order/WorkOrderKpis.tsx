import { PanelBox, StatGroup, type WidgetStatus } from '@ops/sdk';
import type { WorkOrderStats } from '@ops/contracts';
import { workOrderStrings as t, type KpiName } from './workOrderStrings';

export interface StatsPanelProps {
  stats: WorkOrderStats | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
}

const KPIS: KpiName[] = ['PENDING', 'ASSIGNED', 'PROCESSING', 'DONE', 'overdue', 'createdToday'];
const KPI_OF_LABEL = new Map<string, KpiName>(KPIS.map((name) => [t.kpi[name], name]));

/** 工单概况: the counts an operator watches; a click filters the list by it. */
export function WorkOrderKpis({ stats, status, error, onRetry, onOpen }: StatsPanelProps & { onOpen?(kpi: KpiName): void }) {
  const items = stats
    ? KPIS.map((name) => ({
        name: t.kpi[name],
        value: name === 'overdue' ? stats.overdue : name === 'createdToday' ? stats.createdToday : stats.byStatus[name],
        unit: t.ordersUnit,
      }))
    : undefined;
  return (
    <PanelBox title={t.kpis} className="work-order__kpis">
      <StatGroup
        data={items ? { items } : undefined}
        status={status}
        error={error}
        onRetry={onRetry}
        options={{ columns: 6, goodDirection: 'none' }}
        onOpen={onOpen ? (label) => KPI_OF_LABEL.has(label) && onOpen(KPI_OF_LABEL.get(label)!) : undefined}
      />
    </PanelBox>
  );
}
