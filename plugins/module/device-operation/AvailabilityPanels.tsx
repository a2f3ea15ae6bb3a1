import { HTMLSelect } from '@blueprintjs/core';
import { AVAILABILITY_RANGES, BarChart, formatDateTime, LineChart, PanelBox, type AvailabilityRange, type AvailabilityReport, type WidgetStatus } from '@ops/sdk';
import { operationStrings as t } from './operationStrings';

export interface AvailabilityPanelProps {
  report: AvailabilityReport | undefined;
  status: WidgetStatus;
  error?: string;
  onRetry?(): void;
}

const percent = (value: number) => Math.round(value * 1000) / 10;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** 设备可用率趋势: each kind's availability per hour or day (buckets with nothing observed are left out). */
export function AvailabilityTrend({ report, status, error, onRetry, range, onRange }: AvailabilityPanelProps & { range: AvailabilityRange; onRange(range: AvailabilityRange): void }) {
  const series = report?.series
    .map((kind) => ({ name: kind.kindName, points: kind.values.flatMap((value, index): [number, number][] => (value === null ? [] : [[report.buckets[index]!, percent(value)]])) }))
    .filter((kind) => kind.points.length > 0);
  const data = report && series?.length ? { axis: 'time' as const, series, unit: '%' } : undefined;
  const since = report?.observedSince ? t.observedSince(formatDateTime(report.observedSince)) : undefined;
  return (
    <PanelBox
      title={t.availabilityTrend}
      className="device-operation__trend"
      actions={
        <>
          {since ? <span className="device-operation__hint">{since}</span> : null}
          <HTMLSelect minimal value={range} onChange={(event) => onRange(event.currentTarget.value as AvailabilityRange)} aria-label={t.rangeLabel} options={AVAILABILITY_RANGES.map((value) => ({ value, label: t.ranges[value] }))} />
        </>
      }
    >
      <LineChart data={data} status={status} error={error} onRetry={onRetry} options={report ? { unit: '%', from: report.buckets[0], to: report.buckets.at(-1)! + (report.bucket === 'hour' ? HOUR_MS : DAY_MS) } : { unit: '%' }} />
    </PanelBox>
  );
}

/** The kinds the bar chart shows: the least available first, so the ones needing attention are never crowded out. */
export const KINDS_SHOWN = 12;

/** 各类设备可用率与命令成功率: per kind over the chosen window, side by side, the least available kinds. */
export function AvailabilityByKind({ report, status, error, onRetry }: AvailabilityPanelProps) {
  const kinds = (report?.kinds.filter((kind) => kind.availability !== null || kind.commandSuccessRate !== null) ?? [])
    .sort((a, b) => (a.availability ?? 2) - (b.availability ?? 2))
    .slice(0, KINDS_SHOWN);
  const data = kinds.length
    ? {
        axis: 'category' as const,
        unit: '%',
        series: [
          { name: t.availabilitySeries, points: kinds.map((kind): [string, number] => [kind.kindName, kind.availability === null ? 0 : percent(kind.availability)]) },
          // Only once commands were sent: a kind without any has no rate, not a rate of 0.
          ...(kinds.some((kind) => kind.commandSuccessRate !== null)
            ? [{ name: t.commandSeries, points: kinds.filter((kind) => kind.commandSuccessRate !== null).map((kind): [string, number] => [kind.kindName, percent(kind.commandSuccessRate!)]) }]
            : []),
        ],
      }
    : undefined;
  return (
    <PanelBox title={t.availabilityByKind} className="device-operation__kinds">
      <BarChart data={data} status={status} error={error} onRetry={onRetry} options={{ unit: '%', colors: ['#4c90f0', '#32a467'] }} />
    </PanelBox>
  );
}
