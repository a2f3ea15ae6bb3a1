import { PanelBox, PieChart } from '@ops/sdk';
import { WORK_ORDER_STATUSES, WORK_ORDER_STATUS_LABELS, type WorkOrderStatus } from '@ops/contracts';
import type { StatsPanelProps } from './WorkOrderKpis';
import { workOrderStrings as t } from './workOrderStrings';

/** One colour per status, the same in the list's tags: pending grey-blue, dispatched blue, working orange, done green, cancelled grey. */
export const STATUS_COLOURS: Record<WorkOrderStatus, string> = {
  PENDING: '#8abbff',
  ASSIGNED: '#4c90f0',
  PROCESSING: '#ec9a3c',
  DONE: '#32a467',
  CANCELLED: '#738091',
};

/** 工单状态分布: every order of the tenant by status; a click filters the list by that status. */
export function WorkOrderStatusChart({
  stats,
  status,
  error,
  onRetry,
  onOpen,
}: StatsPanelProps & { onOpen?(status: WorkOrderStatus): void }) {
  const data = stats
    ? {
        items: WORK_ORDER_STATUSES.map((key) => ({ name: WORK_ORDER_STATUS_LABELS[key], value: stats.byStatus[key], key })),
        unit: t.ordersUnit,
      }
    : undefined;
  return (
    <PanelBox title={t.byStatus} className="work-order__chart">
      <PieChart
        data={data}
        status={status}
        error={error}
        onRetry={onRetry}
        options={{ colors: WORK_ORDER_STATUSES.map((key) => STATUS_COLOURS[key]), totalLabel: '工单总数' }}
        onOpen={onOpen ? (key) => onOpen(key as WorkOrderStatus) : undefined}
      />
    </PanelBox>
  );
}
