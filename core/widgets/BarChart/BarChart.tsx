import { useMemo } from 'react';
import type { CategoryData, SeriesData } from '../../../contracts/panels';
import { useWallScale } from '../wallScale';
import { EChart } from '../charts/EChart';
import type { EChartsCoreOption } from '../charts/echartsCore';
import {
  axisLabel,
  axisTooltip,
  chartSizes,
  grid,
  legend,
  listSummary,
  paletteFrom,
  timeAxisFormatter,
  toAxisTime,
  valueAxis,
  valueText,
} from '../charts/chartOptions';
import { bp } from '../charts/chartTheme';
import { categoryAxis } from '../LineChart/LineChart';
import { WidgetState } from '../WidgetState/WidgetState';
import { booleanOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';

/** Options of `barChart`. */
export interface BarChartOptions {
  /** Bars along the y axis (long names read better); default false. */
  horizontal?: boolean;
  /** Stack the series; default false. */
  stack?: boolean;
  /** One palette colour per bar (category data only); default false. */
  colorByItem?: boolean;
  /** Value labels on the bars; default true for category data with at most 12 bars. */
  labels?: boolean;
  unit?: string;
  colors?: string[];
}

const isCategoryData = (data: CategoryData | SeriesData): data is CategoryData => 'items' in data;

/** The option of a bar chart of named values or of series. */
export function barChartOption(
  data: CategoryData | SeriesData,
  options: Record<string, unknown> | undefined,
  scale = 1,
): EChartsCoreOption {
  const sizes = chartSizes(scale);
  const unit = data.unit ?? stringOption(options, 'unit') ?? '';
  const horizontal = booleanOption(options, 'horizontal') ?? false;
  const stack = booleanOption(options, 'stack') ?? false;
  const palette = paletteFrom(options);
  const categoryAxisLabel = axisLabel(sizes, { hideOverlap: true, interval: horizontal ? 0 : 'auto' });

  if (isCategoryData(data)) {
    const colorByItem = booleanOption(options, 'colorByItem') ?? false;
    const labels = booleanOption(options, 'labels') ?? data.items.length <= 12;
    // Horizontal bars read top-down: the first item on top.
    const category = {
      type: 'category',
      data: data.items.map((item) => item.name),
      inverse: horizontal,
      axisLabel: categoryAxisLabel,
      axisTick: { show: false },
    };
    const value = valueAxis(
      sizes,
      unit,
      {},
      data.items.map((item) => item.value),
    );
    return {
      animationDuration: 400,
      color: palette,
      legend: legend(sizes, false),
      grid: { ...grid(sizes, false, unit !== '' && !horizontal), right: horizontal && labels ? sizes.label * 4 : sizes.label },
      tooltip: axisTooltip(sizes, unit, false),
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: [
        {
          type: 'bar',
          name: stringOption(options, 'seriesName') ?? t.seriesDefault,
          barMaxWidth: sizes.bar,
          itemStyle: { borderRadius: horizontal ? [0, 2, 2, 0] : [2, 2, 0, 0] },
          label: {
            show: labels,
            position: horizontal ? 'right' : 'top',
            color: bp.gray5,
            fontSize: sizes.label,
            formatter: (param: { value: number }) => valueText(param.value),
          },
          data: data.items.map((item, index) => ({
            value: item.value,
            name: item.name,
            key: item.key ?? item.name,
            itemStyle: colorByItem ? { color: palette[index % palette.length] } : undefined,
          })),
        },
      ],
    };
  }

  const timeAxis = data.axis === 'time';
  const labels = timeAxis ? [] : categoryAxis(data);
  const xs = timeAxis ? data.series.flatMap((series) => series.points.map(([x]) => Number(x))) : [];
  const span = xs.length ? Math.max(...xs) - Math.min(...xs) : 0;
  const category = timeAxis
    ? { type: 'time', axisLabel: axisLabel(sizes, { hideOverlap: true, formatter: timeAxisFormatter(span) }) }
    : { type: 'category', data: labels, inverse: horizontal, axisLabel: categoryAxisLabel, axisTick: { show: false } };
  const value = valueAxis(
    sizes,
    unit,
    {},
    data.series.flatMap((series) => series.points.map(([, y]) => y)),
  );
  const withLegend = data.series.length > 1;
  return {
    animationDuration: 400,
    useUTC: true,
    color: palette,
    legend: legend(sizes, withLegend),
    grid: grid(sizes, withLegend, unit !== '' && !horizontal),
    tooltip: axisTooltip(sizes, unit, timeAxis),
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: data.series.map((series) => {
      const byLabel = new Map(series.points.map(([x, y]) => [String(x), y]));
      return {
        type: 'bar',
        name: series.name,
        stack: stack ? 'total' : undefined,
        barMaxWidth: sizes.bar,
        emphasis: { focus: 'series' },
        data: timeAxis ? series.points.map(([x, y]) => [toAxisTime(Number(x)), y]) : labels.map((label) => byLabel.get(label) ?? null),
      };
    }),
  };
}

export function barChartSummary(data: CategoryData | SeriesData): string {
  if (isCategoryData(data)) return t.chartSummary(t.chartLabel.bar, [listSummary(data.items, data.unit ?? '')]);
  return t.chartSummary(
    t.chartLabel.bar,
    data.series.map((series) => t.seriesSummary(series.name, series.points.length)),
  );
}

/**
 * `barChart`: named values (`CategoryData`, one bar each) or series (`SeriesData`, grouped or
 * stacked bars). Options: see `BarChartOptions`. A click calls `onOpen(item key ?? name)` for named
 * values, `onOpen(series name)` for series.
 */
export function BarChart({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'barChart'>) {
  const scale = useWallScale(wall);
  const option = useMemo(() => (data ? barChartOption(data, options, scale) : null), [data, options, scale]);
  const empty = !data || (isCategoryData(data) ? data.items.length === 0 : data.series.every((series) => series.points.length === 0));
  const open =
    onOpen && data
      ? (item: { name: string; seriesName?: string; data: unknown }) =>
          onOpen(isCategoryData(data) ? String((item.data as { key?: string }).key ?? item.name) : (item.seriesName ?? item.name))
      : undefined;
  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-chart">
      {option && data ? <EChart option={option} label={barChartSummary(data)} onItemClick={open} /> : null}
    </WidgetState>
  );
}

export default BarChart;
