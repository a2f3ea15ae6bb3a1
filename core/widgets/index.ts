/**
 * The core widget library: the widgets panels show (by `WidgetName`), the frame they share for
 * loading, empty and error states, the ECharts host and the date range field. Chart widgets, `EChart`
 * and `DateRangeField` load their code on first render (ECharts and the date picker are downloaded
 * only by pages that use them); the others are small and load with this module.
 */
import type { ComponentType } from 'react';
import { AlarmList } from './AlarmList/AlarmList';
import { Clock } from './Clock/Clock';
import { DeviceStatus } from './DeviceStatus/DeviceStatus';
import { Ranking } from './Ranking/Ranking';
import { StatCard } from './StatCard/StatCard';
import { StatGroup } from './StatGroup/StatGroup';
import { Table } from './Table/Table';
import { Timeline } from './Timeline/Timeline';
import { VideoTile } from './VideoTile/VideoTile';
import { lazyComponent, lazyWidget } from './lazyWidget';
import { dateRangeFieldPlaceholder } from './DateRangeField/DateRangeFieldPlaceholder';
import type { DateRangeFieldProps } from './DateRangeField/DateRangeField';
import type { EChartProps } from './charts/EChart';
import type { WidgetName, WidgetProps } from './widgetProps';

export { WidgetState, type WidgetStateProps } from './WidgetState/WidgetState';
export {
  booleanOption,
  enumOption,
  numberOption,
  stringOption,
  type WidgetData,
  type WidgetName,
  type WidgetProps,
  type WidgetStatus,
} from './widgetProps';
export { AlarmList, Clock, DeviceStatus, Ranking, StatCard, StatGroup, Table, Timeline, VideoTile };
export type { VideoTileCamera, VideoTileProps } from './VideoTile/VideoTile';
export { gradeIntent } from './AlarmList/AlarmList';
export type { ClockProps } from './Clock/Clock';
export type { GoodDirection, StatOptions } from './StatCard/StatCard';
export type { LineChartOptions } from './LineChart/LineChart';
export type { BarChartOptions } from './BarChart/BarChart';
export type { PieChartOptions } from './PieChart/PieChart';
export type { GaugeOptions } from './Gauge/Gauge';
export type { HeatmapOptions } from './Heatmap/Heatmap';
export type { ChartItem, EChartProps } from './charts/EChart';
export type { DateRangeFieldProps, DateRangeValue } from './DateRangeField/DateRangeField';

// Charts: each its own lazy chunk over one shared ECharts chunk.
export const LineChart = lazyWidget<'lineChart'>(() => import('./LineChart/LineChart'), 'LineChart');
export const BarChart = lazyWidget<'barChart'>(() => import('./BarChart/BarChart'), 'BarChart');
export const PieChart = lazyWidget<'pieChart'>(() => import('./PieChart/PieChart'), 'PieChart');
export const Gauge = lazyWidget<'gauge'>(() => import('./Gauge/Gauge'), 'Gauge');
export const Heatmap = lazyWidget<'heatmap'>(() => import('./Heatmap/Heatmap'), 'Heatmap');

/** One ECharts chart for an option of your own (dark theme, Chinese, resizes with its container); lazy. */
export const EChart = lazyComponent<EChartProps>(
  () => import('./charts/EChart'),
  () => null,
  'EChart',
);

/** A range of whole days (Asia/Shanghai) in Blueprint's date picker in Chinese; lazy. */
export const DateRangeField = lazyComponent<DateRangeFieldProps>(
  () => import('./DateRangeField/DateRangeField'),
  dateRangeFieldPlaceholder,
  'DateRangeField',
);

/** Every widget a panel may name, by `WidgetName`. */
export type CoreWidgets = { [N in WidgetName]: ComponentType<WidgetProps<N>> };

export const coreWidgets: CoreWidgets = {
  statCard: StatCard,
  statGroup: StatGroup,
  ranking: Ranking,
  table: Table,
  alarmList: AlarmList,
  deviceStatus: DeviceStatus,
  timeline: Timeline,
  clock: Clock,
  lineChart: LineChart,
  barChart: BarChart,
  pieChart: PieChart,
  gauge: Gauge,
  heatmap: Heatmap,
};

/**
 * The widget a panel names, typed for a host that renders any panel (its data is the answer of the
 * panel's query, which the manifest pairs with the widget).
 */
export function widgetComponent(name: WidgetName): ComponentType<WidgetProps<WidgetName>> {
  return coreWidgets[name] as ComponentType<WidgetProps<WidgetName>>;
}
