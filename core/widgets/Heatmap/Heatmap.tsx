import { useMemo } from 'react';
import type { HeatmapData } from '../../../contracts/panels';
import { formatNumber } from '../../format/timeFormat';
import { useWallScale } from '../wallScale';
import { EChart } from '../charts/EChart';
import type { EChartsCoreOption } from '../charts/echartsCore';
import { axisLabel, chartSizes, escapeHtml, itemTooltip, valueText } from '../charts/chartOptions';
import { bp } from '../charts/chartTheme';
import { WidgetState } from '../WidgetState/WidgetState';
import { numberOption, stringOption, type WidgetProps } from '../widgetProps';
import { widgetStrings as t } from '../widgetStrings';

/** Options of `heatmap`. */
export interface HeatmapOptions {
  /** The colour scale's ends (default: the data's smallest and largest values). */
  min?: number;
  max?: number;
  unit?: string;
}

/** Cool to hot on a dark panel: deep blue, blue, teal, gold, orange, red. */
export const HEATMAP_COLORS = ['#183b63', '#1f6fb0', '#13a8b8', '#d9c134', '#f0862a', '#e5484d'];

export function heatmapOption(data: HeatmapData, options: Record<string, unknown> | undefined, scale = 1): EChartsCoreOption {
  const sizes = chartSizes(scale);
  const unit = stringOption(options, 'unit') ?? '';
  const values = data.cells.map((cell) => cell[2]);
  const min = numberOption(options, 'min') ?? Math.min(0, ...values);
  const max = numberOption(options, 'max') ?? Math.max(min + 1, ...values);
  const category = (labels: string[]) => ({
    type: 'category',
    data: labels,
    splitArea: { show: false },
    axisLine: { show: false },
    axisTick: { show: false },
    axisLabel: axisLabel(sizes, { color: bp.gray4, hideOverlap: true }),
  });
  return {
    animation: false,
    tooltip: itemTooltip(sizes, (param) => {
      const [x, y, value] = (param.value as [number, number, number] | undefined) ?? [0, 0, 0];
      return `${escapeHtml(`${data.y[y] ?? ''} ${data.x[x] ?? ''}`)}<br/>${param.marker ?? ''}<b>${escapeHtml(valueText(value, unit))}</b>`;
    }),
    grid: { left: 4, right: 8, top: 8, bottom: sizes.label * 3.2, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: category(data.x),
    yAxis: { ...category(data.y), inverse: true },
    visualMap: {
      type: 'continuous',
      min,
      max,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemWidth: sizes.scaleWidth,
      itemHeight: sizes.scaleLength,
      textStyle: { color: bp.gray4, fontSize: sizes.label },
      text: [`${formatNumber(max)}${unit}`, `${formatNumber(min)}${unit}`],
      textGap: sizes.label * 0.6,
      inRange: { color: HEATMAP_COLORS },
    },
    series: [
      {
        type: 'heatmap',
        name: t.chartLabel.heatmap,
        data: data.cells,
        itemStyle: { borderColor: bp.darkGray1, borderWidth: sizes.cellBorder, borderRadius: sizes.cellBorder * 2 },
        emphasis: { itemStyle: { borderColor: bp.lightGray5, borderWidth: 1 } },
      },
    ],
  };
}

/**
 * `heatmap`: values on two category axes (hours × days, areas × hours …) coloured cool to hot, with
 * the scale below. Options: see `HeatmapOptions`. A click calls `onOpen("x,y")` (the cell's labels).
 */
export function Heatmap({ data, options, status, error, onRetry, onOpen, wall }: WidgetProps<'heatmap'>) {
  const scale = useWallScale(wall);
  const option = useMemo(() => (data ? heatmapOption(data, options, scale) : null), [data, options, scale]);
  const empty = !data || data.cells.length === 0 || data.x.length === 0 || data.y.length === 0;
  const label = data ? t.chartSummary(t.chartLabel.heatmap, [`${data.y.length} × ${data.x.length}`]) : '';
  const open =
    onOpen && data
      ? (item: { value: unknown }) => {
          const [x, y] = item.value as [number, number, number];
          onOpen(`${data.x[x] ?? x},${data.y[y] ?? y}`);
        }
      : undefined;
  return (
    <WidgetState status={status} empty={empty} error={error} onRetry={onRetry} wall={wall} className="ops-chart">
      {option ? <EChart option={option} label={label} onItemClick={open} /> : null}
    </WidgetState>
  );
}

export default Heatmap;
