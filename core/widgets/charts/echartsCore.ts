/**
 * The one place ECharts is put together: only the chart types, components and the canvas renderer
 * the core widgets use (never the full bundle), the dashboard's dark theme, registered once. Imported
 * only by the lazy chart widgets, so pages without a chart download none of it.
 */
import { init, registerTheme, use as installParts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { BarChart, GaugeChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { OPS_DARK_THEME, opsDarkTheme } from './chartTheme';

installParts([
  LineChart,
  BarChart,
  PieChart,
  GaugeChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);
registerTheme(OPS_DARK_THEME, opsDarkTheme);

export type { EChartsCoreOption, EChartsType };

export type ChartRenderer = 'canvas' | 'svg';

/**
 * The renderer charts draw with: canvas in browsers. Under the test runner (jsdom has no canvas)
 * ECharts' SVG renderer draws the same chart into DOM nodes a test can read; the production build
 * drops this branch (and the SVG renderer) entirely.
 */
export const CHART_RENDERER: ChartRenderer = import.meta.env.MODE === 'test' ? 'svg' : 'canvas';

/** Resolves once the renderer is installed; null when it already is (always, outside tests). */
export const chartRendererReady: Promise<void> | null =
  import.meta.env.MODE === 'test' ? import('./svgRendererForTests').then((module) => module.installSvgRendererForTests()) : null;

/** A chart on `element` in the dark theme with Chinese built-in texts. */
export function createChart(element: HTMLElement): EChartsType {
  return init(element, OPS_DARK_THEME, { renderer: CHART_RENDERER, locale: 'ZH' });
}
