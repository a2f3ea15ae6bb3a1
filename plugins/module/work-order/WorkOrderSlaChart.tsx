import { BarChart, PanelBox } from '@ops/sdk';
import type { StatsPanelProps } from './WorkOrderKpis';
import { workOrderStrings as t } from './workOrderStrings';

/**
 * SLA 履约: orders closed in time and late over the stats period, and open ones already past their
 * time limit now; the rate of those closed in time in the title bar. A click on 超时未办 lists them.
 */
export function WorkOrderSlaChart({ stats, status, error, onRetry, onOpenOverdue }: StatsPanelProps & { onOpenOverdue?(): void }) {
  const data = stats
    ? {
        items: [
          { name: t.slaItems.met, value: stats.slaMet, key: 'met' },
          { name: t.slaItems.missed, value: stats.slaMissed, key: 'missed' },
          { name: t.slaItems.overdueOpen, value: stats.overdue, key: 'overdue' },
        ],
        unit: t.ordersUnit,
      }
    : undefined;
  return (
    <PanelBox
      title={t.sla}
      className="work-order__chart"
      actions={stats ? <span className="work-order__sla-rate">{t.slaRate(stats.slaRate)}</span> : undefined}
    >
      <BarChart
        data={data}
        status={status}
        error={error}
        onRetry={onRetry}
        options={{ colorByItem: true, colors: ['#32a467', '#ec9a3c', '#e76a6e'], seriesName: t.orders }}
        onOpen={onOpenOverdue ? (key) => key === 'overdue' && onOpenOverdue() : undefined}
      />
    </PanelBox>
  );
}
