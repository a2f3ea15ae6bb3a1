import { useMemo } from 'react';
import type { SeriesData } from '../../../contracts/panels';
import { useWallScale } from '../wallScale';
import { EChart } from '../charts/EChart';
import type { EChartsCoreOption } from '../charts/echartsCore';
import {
  axisLabel,
  axisTooltip,
  chartSizes,
  grid,
  legend,
  paletteFrom,
  timeAxisFormatter,
  toAxisTime,
  valueAxis,
  withAlpha,
} from '../charts/chartOptions';
import { WidgetState } from '../WidgetState/WidgetState';
import { booleanOption, numberOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';

/** Options of `lineChart`. */
export interface LineChartOptions {
  /** Fill under the lines; default false. */
  area?: boolean;
  /** Smooth curves; default true. */
  smooth?: boolean;
  /** Stack the series on each other; default false. */
  stack?: boolean;
  /** Unit of the values when the data has none. */
  unit?: string;
  /** Series colours (CSS), in order. */
  colors?: string[];
  /** Time axis only: the window shown (epoch ms), however few points fall in it; default: the points' own span. */
  from?: number;
  to?: number;
  /** Horizontal reference lines (a warning level), dashed red and labelled; the value axis reaches them. */
  markLines?: { value: number; label: string }[];
}

/** The valid reference lines of the options (others are ignored, as a bad option of any widget is). */
export function markLinesOption(options: Record<string, unknown> | undefined): { value: number; label: string }[] {
  const lines = options?.markLines;
  if (!Array.isArray(lines)) return [];
  return lines.filter(
    (line): line is { value: number; label: string } =>
      typeof line === 'object' &&
      line !== null &&
      Number.isFinite((line as { value?: unknown }).value) &&
      typeof (line as { label?: unknown }).label === 'string',
  );
}

/** A round number at or above `value` (the axis top that still shows a reference line with some room). */
const roundUp = (value: number) => {
  if (value <= 0) return 0;
  const step = 10 ** Math.floor(Math.log10(value)) / 2;
  return Math.ceil(value / step) * step;
};

/** The points of category series lined up on one axis (labels in the order they first appear). */
export function categoryAxis(data: SeriesData): string[] {
  const labels: string[] = [];
  const seen = new Set<string>();
  for (const series of data.series) {
    for (const [x] of series.points) {
      const label = String(x);
      if (!seen.has(label)) {
        seen.add(label);
        labels.push(label);
      }
    }
  }
  return labels;
}

/** The option of a line chart over time or categories. */
export function lineChartOption(data: SeriesData, options: Record<string, unknown> | undefined, scale = 1): EChartsCoreOption {
  const sizes = chartSizes(scale);
  const unit = data.unit ?? stringOption(options, 'unit') ?? '';
  const area = booleanOption(options, 'area') ?? false;
  const smooth = booleanOption(options, 'smooth') ?? true;
  const stack = booleanOption(options, 'stack') ?? false;
  const palette = paletteFrom(options);
  const timeAxis = data.axis === 'time';
  const labels = timeAxis ? [] : categoryAxis(data);
  const xs = timeAxis ? data.series.flatMap((series) => series.points.map(([x]) => Number(x))) : [];
  const from = timeAxis ? numberOption(options, 'from') : undefined;
  const to = timeAxis ? numberOption(options, 'to') : undefined;
  const span = from !== undefined && to !== undefined ? to - from : xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  const many = Math.max(0, ...data.series.map((series) => series.points.length)) > 30;
  const withLegend = data.series.length > 1;
  const marks = markLinesOption(options);
  const highestMark = marks.length ? Math.max(...marks.map((mark) => mark.value)) : undefined;
  const markLine = marks.length
    ? {
        silent: true,
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#e76a6e', width: sizes.lineWidth * 0.75 },
        label: {
          position: 'insideEndTop',
          color: '#e76a6e',
          fontSize: sizes.label,
          formatter: (item: { name?: string }) => item.name ?? '',
        },
        data: marks.map((mark) => ({ yAxis: mark.value, name: mark.label })),
      }
    : undefined;
  return {
    animationDuration: 400,
    useUTC: true,
    color: palette,
    legend: legend(sizes, withLegend),
    grid: grid(sizes, withLegend, unit !== ''),
    tooltip: axisTooltip(sizes, unit, timeAxis),
    xAxis: timeAxis
      ? {
          type: 'time',
          boundaryGap: false,
          ...(from !== undefined ? { min: toAxisTime(from) } : {}),
          ...(to !== undefined ? { max: toAxisTime(to) } : {}),
          axisLabel: axisLabel(sizes, { hideOverlap: true, formatter: timeAxisFormatter(span) }),
          splitNumber: sizes.wall ? 6 : 5,
        }
      : { type: 'category', boundaryGap: false, data: labels, axisLabel: axisLabel(sizes, { hideOverlap: true }) },
    // ECharts scales the axis to the data only: a warning line above every reading would fall off the chart.
    // (Readings above the line: the axis's own nice top, as without one.)
    yAxis: valueAxis(
      sizes,
      unit,
      highestMark === undefined
        ? {}
        : { max: (extent: { max: number }) => (extent.max >= highestMark ? undefined : roundUp(highestMark * 1.1)) },
      data.series.flatMap((series) => series.points.map(([, y]) => y)),
    ),
    series: data.series.map((series, index) => {
      const color = palette[index % palette.length]!;
      const byLabel = new Map(series.points.map(([x, y]) => [String(x), y]));
      return {
        type: 'line',
        name: series.name,
        smooth,
        stack: stack ? 'total' : undefined,
        showSymbol: !many,
        // Thousands of points: draw a faithful down-sample (largest-triangle-three-buckets), not every point.
        sampling: series.points.length > 2_000 ? 'lttb' : undefined,
        symbolSize: sizes.symbol,
        lineStyle: { width: sizes.lineWidth },
        emphasis: { focus: 'series' },
        areaStyle: area
          ? {
              color: {
                type: 'linear',
                x: 0,
                y: 0,
                x2: 0,
                y2: 1,
                colorStops: [
                  { offset: 0, color: withAlpha(color, 0.38) },
                  { offset: 1, color: withAlpha(color, 0.02) },
                ],
              },
            }
          : undefined,
        data: timeAxis ? series.points.map(([x, y]) => [toAxisTime(Number(x)), y]) : labels.map((label) => byLabel.get(label) ?? null),
        // The reference lines once, on the first line.
        markLine: index === 0 ? markLine : undefined,
      };
    }),
  };
}

export function lineChartSummary(data: SeriesData): string {
  return t.chartSummary(
    t.chartLabel.line,
    data.series.map((series) => t.seriesSummary(series.name, series.points.length)),
  );
}

/**
 * `lineChart`: series over time (x in epoch ms, axis in Asia/Shanghai time) or over categories, with
 * Chinese tooltips and 万/亿 values. Options: see `LineChartOptions`. A click on a point calls
 * `onOpen(series name)`.
 */
export function LineChart({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'lineChart'>) {
  const scale = useWallScale(wall);
  const option = useMemo(() => (data ? lineChartOption(data, options, scale) : null), [data, options, scale]);
  const empty = !data || data.series.every((series) => series.points.length === 0);
  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-chart">
      {option && data ? (
        <EChart
          option={option}
          label={lineChartSummary(data)}
          onItemClick={onOpen ? (item) => onOpen(item.seriesName ?? item.name) : undefined}
        />
      ) : null}
    </WidgetState>
  );
}

export default LineChart;
