import { BUILTIN_WIDGET_TYPES, type BuiltinWidgetId, type WidgetData } from '../../contracts/panels';
import { AlarmList } from './AlarmList/AlarmList';
import { Clock } from './Clock/Clock';
import { DeviceStatus } from './DeviceStatus/DeviceStatus';
import { ModuleChildren } from './ModuleChildren/ModuleChildren';
import { ModuleTiles } from './ModuleTiles/ModuleTiles';
import { Ranking } from './Ranking/Ranking';
import { StatCard } from './StatCard/StatCard';
import { StatGroup } from './StatGroup/StatGroup';
import { Table } from './Table/Table';
import { Timeline } from './Timeline/Timeline';
import { lazyWidget } from './lazyWidget';
import { widgetType, type WidgetType } from './WidgetType';
import type { WidgetProps } from './widgetProps';
import type { FunctionComponent } from 'react';

// Charts: each its own lazy chunk over one shared ECharts chunk.
export const LineChart = lazyWidget<WidgetData['lineChart']>(() => import('./LineChart/LineChart'), 'LineChart');
export const BarChart = lazyWidget<WidgetData['barChart']>(() => import('./BarChart/BarChart'), 'BarChart');
export const PieChart = lazyWidget<WidgetData['pieChart']>(() => import('./PieChart/PieChart'), 'PieChart');
export const Gauge = lazyWidget<WidgetData['gauge']>(() => import('./Gauge/Gauge'), 'Gauge');
export const Heatmap = lazyWidget<WidgetData['heatmap']>(() => import('./Heatmap/Heatmap'), 'Heatmap');

/** The component of each built-in widget type (its declaration, with the options schema, is in contracts/builtinWidgetTypes.ts). */
const components: { [Id in BuiltinWidgetId]: FunctionComponent<WidgetProps<Id>> } = {
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
  moduleTiles: ModuleTiles,
  moduleChildren: ModuleChildren,
};

/**
 * The one registration list of the built-in widget types: made with `widgetType` as a plugin makes
 * its own, and collected with the contributed ones by the same function (core/panels/widgetTypes.ts).
 */
export const BUILTIN_WIDGETS: readonly WidgetType[] = BUILTIN_WIDGET_TYPES.map(builtin);

function builtin<Id extends BuiltinWidgetId>(declaration: { id: Id; title: string; optionsSchema: object }): WidgetType {
  return widgetType<WidgetData[Id]>(declaration, components[declaration.id]);
}
