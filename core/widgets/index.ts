/**
 * The core widget library: the built-in widget types panels name (`BUILTIN_WIDGETS`, beside those
 * plugins contribute to `WidgetType`), the frame they share for loading, empty and error states, the
 * ECharts host and the date range field. Chart widgets, `EChart` and `DateRangeField` load their code
 * on first render (ECharts and the date picker are downloaded only by pages that use them); the others
 * are small and load with this module.
 */
import { AlarmList } from './AlarmList/AlarmList';
import { Clock } from './Clock/Clock';
import { DeviceStatus } from './DeviceStatus/DeviceStatus';
import { Ranking } from './Ranking/Ranking';
import { StatCard } from './StatCard/StatCard';
import { StatGroup } from './StatGroup/StatGroup';
import { Table } from './Table/Table';
import { Timeline } from './Timeline/Timeline';
import { VideoTile } from './VideoTile/VideoTile';
import { lazyComponent } from './lazyWidget';
import { dateRangeFieldPlaceholder } from './DateRangeField/DateRangeFieldPlaceholder';
import type { DateRangeFieldProps } from './DateRangeField/DateRangeField';
import type { EChartProps } from './charts/EChart';

export { WidgetState, type WidgetStateProps } from './WidgetState/WidgetState';
export {
  booleanOption,
  enumOption,
  numberOption,
  stringOption,
  type BuiltinWidgetId,
  type WidgetComponentProps,
  type WidgetData,
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

export { BUILTIN_WIDGETS, LineChart, BarChart, PieChart, Gauge, Heatmap } from './builtinWidgets';
export { WidgetType, widgetType, type WidgetComponent, type WidgetTypeDeclarationLike } from './WidgetType';
export { lazyWidget } from './lazyWidget';
export {
  ModuleNavigation,
  useModuleNavigation,
  type ModuleNavigationValue,
  type NavigationChild,
  type NavigationModule,
} from './ModuleTiles/moduleNavigation';
export { ModuleTile, TileFigureView, type ModuleTileProps, type TileFigureViewProps } from './ModuleTiles/ModuleTile';

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
