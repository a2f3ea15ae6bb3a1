import { HTMLSelect } from '@blueprintjs/core';
import { BarChart, formatDateTime, LineChart, PanelBox, type WidgetProps, type WidgetStatus } from '@ops/sdk';
import { AVAILABILITY_RANGES, type AvailabilityRange, type AvailabilityReport } from '@ops/contracts';
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
export function AvailabilityTrend({
  report,
  status,
  error,
  onRetry,
  range,
  onRange,
}: AvailabilityPanelProps & { range: AvailabilityRange; onRange(range: AvailabilityRange): void }) {
  const series = report?.series
    .map((kind) => ({
      name: kind.kindName,
      points: kind.values.flatMap((value, index): [number, number][] => (value === null ? [] : [[report.buckets[index]!, percent(value)]])),
    }))
    .filter((kind) => kind.points.length > 0);
  const data = report && series?.length ? { axis: 'time' as const, series, unit: '%' } : undefined;
  // Said only when the recorded history begins inside the window (the window reaches further back than it).
  const since =
    report?.observedSince && report.observedSince > report.buckets[0]! ? t.observedSince(formatDateTime(report.observedSince)) : undefined;
  return (
    <PanelBox
      title={t.availabilityTrend}
      className="device-operation__trend"
      actions={
        <>
          {since ? <span className="device-operation__hint">{since}</span> : null}
          <HTMLSelect
            minimal
            value={range}
            onChange={(event) => onRange(event.currentTarget.value as AvailabilityRange)}
            aria-label={t.rangeLabel}
            options={AVAILABILITY_RANGES.map((value) => ({ value, label: t.ranges[value] }))}
          />
        </>
      }
    >
      <LineChart
        data={data}
        status={status}
        error={error}
        onRetry={onRetry}
        options={
          report
            ? { unit: '%', from: report.buckets[0], to: report.buckets.at(-1)! + (report.bucket === 'hour' ? HOUR_MS : DAY_MS) }
            : { unit: '%' }
        }
      />
    </PanelBox>
  );
}

/** The kinds the bar chart shows: the least available first, so the ones needing attention are never crowded out; few enough that every name is readable. */
export const KINDS_SHOWN = 8;

/**
 * The chart's data: the least available kinds, lowest first (on top of the horizontal bars), with two
 * series, 可用率 and 命令成功率. A kind without commands in the window has no success-rate bar (no
 * rate, not a rate of 0); the series stays, so its legend entry is always there.
 */
export function kindChartData(report: AvailabilityReport | undefined): WidgetProps<'barChart'>['data'] {
  const kinds = (report?.kinds.filter((kind) => kind.availability !== null) ?? [])
    .sort((a, b) => a.availability! - b.availability! || a.kindName.localeCompare(b.kindName, 'zh-CN'))
    .slice(0, KINDS_SHOWN);
  if (kinds.length === 0) return undefined;
  return {
    axis: 'category' as const,
    unit: '%',
    series: [
      { name: t.availabilitySeries, points: kinds.map((kind): [string, number] => [kind.kindName, percent(kind.availability!)]) },
      {
        name: t.commandSeries,
        points: kinds
          .filter((kind) => kind.commandSuccessRate !== null)
          .map((kind): [string, number] => [kind.kindName, percent(kind.commandSuccessRate!)]),
      },
    ],
  };
}

/** 可用率最低的设备类型与命令成功率: per kind over the chosen window, as horizontal bars (each kind's name on its own line). */
export function AvailabilityByKind({ report, status, error, onRetry }: AvailabilityPanelProps) {
  return (
    <PanelBox title={t.availabilityByKind} className="device-operation__kinds">
      <BarChart
        data={kindChartData(report)}
        status={status}
        error={error}
        onRetry={onRetry}
        options={{ unit: '%', horizontal: true, colors: ['#4c90f0', '#32a467'] }}
      />
    </PanelBox>
  );
}
