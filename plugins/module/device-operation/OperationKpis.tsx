import { PanelBox, StatGroup, type WidgetStatus } from '@ops/sdk';
import type { OperationKpi } from '@ops/contracts';
import { operationStrings as t } from './operationStrings';

export interface OperationKpisProps {
  kpi: OperationKpi | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
}

/** 运维概况: 在线率, devices online, faults open and new today, today's inspections. */
export function OperationKpis({ kpi, status, error, onRetry }: OperationKpisProps) {
  const items = kpi
    ? [
        { name: t.kpi.onlineRate, value: kpi.onlineRate === null ? 0 : Math.round(kpi.onlineRate * 1000) / 10, unit: '%' },
        { name: t.kpi.online, value: kpi.online, unit: t.devicesUnit },
        { name: t.kpi.openFaults, value: kpi.openFaults, unit: t.faultsUnit },
        { name: t.kpi.faultsToday, value: kpi.faultsToday, unit: t.faultsUnit },
        { name: t.kpi.inspectionsDue, value: kpi.inspectionsDueToday, unit: t.inspectionsUnit },
        { name: t.kpi.inspectionsDone, value: kpi.inspectionsDoneToday, unit: t.inspectionsUnit },
      ]
    : undefined;
  return (
    <PanelBox title={t.kpis} className="device-operation__kpis">
      <StatGroup
        data={items ? { items } : undefined}
        status={status}
        error={error}
        onRetry={onRetry}
        options={{ columns: 3, goodDirection: 'none' }}
      />
    </PanelBox>
  );
}
