import { describe, expect, it } from 'vitest';
import type { CategoryData, GaugeData, HeatmapData, SeriesData } from '../../../contracts/panels';
import { barChartOption } from '../BarChart/BarChart';
import { gaugeOption } from '../Gauge/Gauge';
import { heatmapOption } from '../Heatmap/Heatmap';
import { lineChartOption } from '../LineChart/LineChart';
import { pieChartOption } from '../PieChart/PieChart';
import { WALL_SIZES } from '../wallScale';
import { chartSizes, chartTextSizes } from './chartOptions';

const DESKTOP = 1;
const WALL_1080 = WALL_SIZES['1080'].scale;
const WALL_4K = WALL_SIZES['4k'].scale;

const at = Date.UTC(2026, 10, 21, 16, 0, 0);
const series: SeriesData = {
  axis: 'time',
  unit: '起',
  series: [
    {
      name: '今日',
      points: [
        [at, 3],
        [at + 3_600_000, 5],
      ],
    },
    {
      name: '昨日',
      points: [
        [at, 2],
        [at + 3_600_000, 4],
      ],
    },
  ],
};
const items: CategoryData = {
  unit: '起',
  items: [
    { name: '烟感', value: 3 },
    { name: '水位', value: 5 },
  ],
};
const gauge: GaugeData = { value: 87, max: 100, unit: '%' };
const heat: HeatmapData = {
  x: ['0时', '1时'],
  y: ['周一'],
  cells: [
    [0, 0, 1],
    [1, 0, 4],
  ],
};

/** Every `fontSize` in an option, wherever it is (axis labels, names, legends, tooltips, data labels, rich text). */
function fontSizes(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((item) => fontSizes(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'fontSize' && typeof inner === 'number') found.push(inner);
      else fontSizes(inner, found);
    }
  }
  return found;
}

const builders = {
  line: (scale: number) => lineChartOption(series, {}, scale),
  'bar (named values)': (scale: number) => barChartOption(items, {}, scale),
  'bar (series)': (scale: number) => barChartOption(series, {}, scale),
  pie: (scale: number) => pieChartOption(items, {}, scale),
  gauge: (scale: number) => gaugeOption(gauge, { name: '在线率' }, scale),
  heatmap: (scale: number) => heatmapOption(heat, {}, scale),
};

describe('chart sizes on a wall screen', () => {
  it('a 4K wall draws every size twice as large as a 1080p wall, and well above the desktop', () => {
    const desktop = chartSizes(DESKTOP);
    const hd = chartSizes(WALL_1080);
    const uhd = chartSizes(WALL_4K);
    expect(desktop.wall).toBe(false);
    expect(uhd.wall).toBe(true);
    for (const key of ['label', 'legend', 'tooltip', 'lineWidth', 'symbol', 'bar', 'figure'] as const) {
      expect(uhd[key], key).toBeGreaterThanOrEqual(2 * hd[key]);
      expect(uhd[key], key).toBeGreaterThanOrEqual(2 * desktop[key]);
    }
  });

  it.each(Object.entries(builders))(
    '%s: at scale 2.5 every text is at least twice its size at scale 1 and at a 1080p wall',
    (_name, build) => {
      const desktop = fontSizes(build(DESKTOP));
      const hd = fontSizes(build(WALL_1080));
      const uhd = fontSizes(build(WALL_4K));
      expect(uhd.length).toBeGreaterThan(0);
      expect(uhd).toHaveLength(desktop.length);
      uhd.forEach((size, index) => {
        expect(size).toBeGreaterThanOrEqual(2 * desktop[index]!);
        expect(size).toBeGreaterThanOrEqual(2 * hd[index]!);
      });
    },
  );

  it('axis labels and legends, as the chart element exposes them, double from a 1080p wall to 4K', () => {
    for (const option of [
      lineChartOption(series, {}, DESKTOP),
      lineChartOption(series, {}, WALL_1080),
      lineChartOption(series, {}, WALL_4K),
    ]) {
      expect(chartTextSizes(option).axisLabel).toBeGreaterThan(0);
      expect(chartTextSizes(option).legend).toBeGreaterThan(0);
    }
    const at1 = chartTextSizes(lineChartOption(series, {}, DESKTOP));
    const at4k = chartTextSizes(lineChartOption(series, {}, WALL_4K));
    expect(at4k.axisLabel).toBeGreaterThanOrEqual(2 * at1.axisLabel!);
    expect(at4k.legend).toBeGreaterThanOrEqual(2 * at1.legend!);
    const bar = chartTextSizes(barChartOption(items, { horizontal: true }, WALL_4K));
    expect(bar.axisLabel).toBe(chartSizes(WALL_4K).label);
  });

  it('line widths and symbols of a line chart grow with the wall', () => {
    const line = (scale: number) =>
      (lineChartOption(series, {}, scale) as { series: { lineStyle: { width: number }; symbolSize: number }[] }).series[0]!;
    expect(line(WALL_4K).lineStyle.width).toBeGreaterThanOrEqual(2 * line(WALL_1080).lineStyle.width);
    expect(line(WALL_4K).symbolSize).toBeGreaterThanOrEqual(2 * line(WALL_1080).symbolSize);
  });

  it('keeps the desktop sizes at scale 1', () => {
    expect(chartSizes()).toEqual(chartSizes(1));
    expect(chartSizes(1)).toMatchObject({ label: 12, legend: 12, tooltip: 13, lineWidth: 2, symbol: 5 });
  });
});
