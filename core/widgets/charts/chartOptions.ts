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
import { wallZoomOf } from '../wallScale';
import { bp, CHART_PALETTE } from './chartTheme';

/** Every size a chart draws with (px); ECharts draws on a canvas, so CSS sizes never reach it. */
export interface ChartSizes {
  /** Axis labels, axis names, data labels. */
  label: number;
  legend: number;
  tooltip: number;
  tooltipPadding: number;
  lineWidth: number;
  symbol: number;
  /** The widest a bar may be. */
  bar: number;
  /** The gauge's arc and its figure. */
  gaugeWidth: number;
  figure: number;
  figureUnit: number;
  /** The heatmap's colour scale (thickness and length) and its cells' borders. */
  scaleWidth: number;
  scaleLength: number;
  cellBorder: number;
  /** Between axis labels and their axis; between a legend's marker and its text (ECharts puts 5 px, we add the rest). */
  axisGap: number;
  markerGap: number;
  /** Larger type on a wall screen: axes get a tick more. */
  wall: boolean;
}

type Sizes = Omit<ChartSizes, 'wall'>;

const DESKTOP_SIZES: Sizes = {
  label: 12,
  legend: 12,
  tooltip: 13,
  tooltipPadding: 5,
  lineWidth: 2,
  symbol: 5,
  bar: 24,
  gaugeWidth: 12,
  figure: 28,
  figureUnit: 13,
  scaleWidth: 10,
  scaleLength: 140,
  cellBorder: 1,
  axisGap: 8,
  markerGap: 5,
};

/** The sizes on a 1080p wall screen, read across a control room; a 4K wall doubles them. */
const WALL_1080_SIZES: Sizes = {
  label: 18,
  legend: 18,
  tooltip: 18,
  tooltipPadding: 8,
  lineWidth: 3,
  symbol: 8,
  bar: 40,
  gaugeWidth: 22,
  figure: 52,
  figureUnit: 22,
  scaleWidth: 16,
  scaleLength: 260,
  cellBorder: 2,
  axisGap: 8,
  markerGap: 5,
};

/**
 * The one place a chart's sizes come from: the desktop's at scale 1, else a 1080p wall's times the
 * wall's zoom (`scale` is the wall's, from `useWallScale`: 1.25 at 1080p, 2.5 at 4K).
 */
export function chartSizes(scale = 1): ChartSizes {
  if (!(scale > 1)) return { ...DESKTOP_SIZES, wall: false };
  const zoom = wallZoomOf(scale);
  const sizes = { ...WALL_1080_SIZES };
  for (const key of Object.keys(sizes) as (keyof Sizes)[]) sizes[key] = Math.round(sizes[key] * zoom * 10) / 10;
  return { ...sizes, wall: true };
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
    padding: sizes.tooltipPadding,
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
    padding: sizes.tooltipPadding,
    textStyle: { fontSize: sizes.tooltip },
    formatter: (raw: unknown) => describe(raw as TooltipParam),
  };
}

/** ECharts keeps 5 px between a legend's marker and its text: text padding makes up the rest on a 4K wall. */
export function markerGap(sizes: ChartSizes): { padding?: number[] } {
  const extra = sizes.markerGap - 5;
  return extra > 0 ? { padding: [0, 0, 0, extra] } : {};
}

/** An axis's label style: its type size and its distance from the axis. */
export function axisLabel(sizes: ChartSizes, extra: Record<string, unknown> = {}) {
  return { fontSize: sizes.label, margin: sizes.axisGap, ...extra };
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
    textStyle: { fontSize: sizes.legend, color: bp.gray4, ...markerGap(sizes) },
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
    nameGap: Math.round(sizes.axisGap * 1.875),
    nameTextStyle: { fontSize: sizes.label, color: bp.gray3, align: 'left' as const },
    axisLabel: axisLabel(sizes, { formatter: (value: number) => formatNumber(value) }),
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
/** The first component of an option's (or ECharts' normalised option's) `key`, whether one object or a list. */
const firstOf = (option: unknown, key: string): Record<string, unknown> | undefined => {
  const value = isRecord(option) ? option[key] : undefined;
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isRecord(first) ? first : undefined;
};
const fontSizeIn = (style: unknown): number | undefined =>
  isRecord(style) && typeof style.fontSize === 'number' ? style.fontSize : undefined;

/**
 * The text sizes a chart was given (its first axis's labels, its legend), as the chart element exposes
 * them (`data-axis-label-size`, `data-legend-size`) for tests of the wall screen.
 */
export function chartTextSizes(option: unknown): { axisLabel?: number; legend?: number } {
  const axis = firstOf(option, 'xAxis') ?? firstOf(option, 'yAxis');
  return { axisLabel: fontSizeIn(axis?.axisLabel), legend: fontSizeIn(firstOf(option, 'legend')?.textStyle) };
}
