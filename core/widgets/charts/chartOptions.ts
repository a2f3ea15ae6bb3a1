/**
 * Pieces of ECharts options every chart widget shares: type sizes (normal and wall screen), Chinese
 * tooltips with the dashboard's number and time formats, axes, legend and grid. Pure functions: no
 * ECharts import, so they are cheap to test.
 */
import {
  formatDateTime,
  formatHourMinute,
  formatMonthDayMinute,
  formatNumber,
  formatShortDate,
  SHANGHAI_OFFSET_MS,
} from '../../format/timeFormat';
import { bp, CHART_PALETTE } from './chartTheme';

export interface ChartSizes {
  label: number;
  legend: number;
  tooltip: number;
  lineWidth: number;
  symbol: number;
}

export function chartSizes(wall: boolean | undefined): ChartSizes {
  return wall
    ? { label: 18, legend: 18, tooltip: 18, lineWidth: 3, symbol: 8 }
    : { label: 12, legend: 12, tooltip: 13, lineWidth: 2, symbol: 5 };
}

/** A value as tooltips and labels show it: grouped, 万/亿 when large, with its unit. */
export function valueText(value: unknown, unit = ''): string {
  const number = typeof value === 'number' ? value : Array.isArray(value) ? (value[value.length - 1] as unknown) : Number(value);
  return typeof number === 'number' && Number.isFinite(number) ? `${formatNumber(number)}${unit}` : '—';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/**
 * Time axes show Asia/Shanghai wall-clock time whatever the browser's zone: x values go on the axis
 * shifted by +08:00 and the chart runs in UTC (`useUTC: true`), so ECharts puts its ticks on Shanghai
 * hours and midnights; labels and tooltips shift back before formatting.
 */
export const toAxisTime = (epoch: number) => epoch + SHANGHAI_OFFSET_MS;
export const fromAxisTime = (axisValue: number) => axisValue - SHANGHAI_OFFSET_MS;

/** How a time axis labels its ticks (axis values), by the span it covers: times within a day, day and time within a month, dates beyond. */
export function timeAxisFormatter(span: number): (value: number) => string {
  const day = 24 * 60 * 60 * 1000;
  if (span <= day) return (value) => formatHourMinute(fromAxisTime(value));
  if (span <= 31 * day) return (value) => formatMonthDayMinute(fromAxisTime(value));
  return (value) => formatShortDate(fromAxisTime(value));
}

interface TooltipParam {
  marker?: string;
  seriesName?: string;
  name?: string;
  value?: unknown;
  axisValue?: unknown;
  axisValueLabel?: string;
  percent?: number;
}

/** The tooltip of charts with axes: the time (`YYYY-MM-DD HH:mm:ss`) or category, then each series' value. */
export function axisTooltip(sizes: ChartSizes, unit: string, timeAxis: boolean) {
  return {
    trigger: 'axis' as const,
    confine: true,
    textStyle: { fontSize: sizes.tooltip },
    axisPointer: { type: timeAxis ? ('line' as const) : ('shadow' as const) },
    formatter: (raw: unknown) => {
      const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
      const first = params[0];
      if (!first) return '';
      const header = timeAxis ? formatDateTime(fromAxisTime(Number(first.axisValue))) : String(first.axisValueLabel ?? first.name ?? '');
      const rows = params.map(
        (param) =>
          `<div class="ops-chart-tip__row">${param.marker ?? ''}<span class="ops-chart-tip__name">${escapeHtml(param.seriesName ?? '')}</span><b class="ops-chart-tip__value">${escapeHtml(valueText(param.value, unit))}</b></div>`,
      );
      return `<div class="ops-chart-tip"><div class="ops-chart-tip__head">${escapeHtml(header)}</div>${rows.join('')}</div>`;
    },
  };
}

/** The tooltip of item charts (pie, heatmap cells, gauge). */
export function itemTooltip(sizes: ChartSizes, describe: (param: TooltipParam) => string) {
  return {
    trigger: 'item' as const,
    confine: true,
    textStyle: { fontSize: sizes.tooltip },
    formatter: (raw: unknown) => describe(raw as TooltipParam),
  };
}

export function legend(sizes: ChartSizes, show: boolean, extra: Record<string, unknown> = {}) {
  return {
    show,
    type: 'scroll' as const,
    top: 0,
    left: 'center',
    icon: 'roundRect',
    itemWidth: sizes.legend,
    itemHeight: Math.round(sizes.legend * 0.66),
    itemGap: Math.round(sizes.legend * 1.2),
    textStyle: { fontSize: sizes.legend, color: bp.gray4 },
    ...extra,
  };
}

/** The plot area: margins that leave room for the legend and the value axis' unit, labels kept inside the panel. */
export function grid(sizes: ChartSizes, withLegend: boolean, withAxisName = false) {
  return {
    left: 4,
    right: sizes.label,
    // The value axis's unit stands above the plot: under a legend it needs a line of its own.
    top: withLegend ? sizes.legend * 2.8 + (withAxisName ? sizes.label * 1.6 : 0) : withAxisName ? sizes.label * 2.4 : sizes.label,
    bottom: 4,
    outerBoundsMode: 'same' as const,
    outerBoundsContain: 'axisLabel' as const,
  };
}

/** A value axis whose labels use 万/亿. */
export function valueAxis(sizes: ChartSizes, unit: string, extra: Record<string, unknown> = {}, values: readonly number[] = []) {
  // Counts (alarms, commands, visitors) get whole-number ticks: a quiet day's axis reads 0–1, not 0.2 steps.
  const whole = values.length > 0 && values.every((value) => Number.isInteger(value));
  return {
    type: 'value' as const,
    ...(whole ? { minInterval: 1 } : {}),
    name: unit || undefined,
    nameTextStyle: { fontSize: sizes.label, color: bp.gray3, align: 'left' as const },
    axisLabel: { fontSize: sizes.label, formatter: (value: number) => formatNumber(value) },
    ...extra,
  };
}

/** Colours from the panel's options (`colors: ['#…']`), else the palette. */
export function paletteFrom(options: Record<string, unknown> | undefined): string[] {
  const colors = options?.colors;
  if (Array.isArray(colors) && colors.length > 0 && colors.every((color) => typeof color === 'string')) return colors as string[];
  return CHART_PALETTE;
}

/** A colour with an alpha, for area fills (accepts #rgb and #rrggbb). */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return color;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((offset) => parseInt(full.slice(offset, offset + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The first few items of a chart as words, for its accessible name. */
export function listSummary(items: { name: string; value: number }[], unit: string, max = 6): string {
  const shown = items.slice(0, max).map((item) => `${item.name} ${valueText(item.value, unit)}`);
  return items.length > max ? `${shown.join('，')} 等 ${items.length} 项` : shown.join('，');
}
