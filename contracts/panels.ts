/**
 * Panels: what a panel's query answers (one data shape per widget family, so any server route can
 * feed any widget of its family), and the layouts operators arrange (stored per user, tenant and page,
 * repaired by the same function on both sides).
 */
import type { ModuleContribution } from '../schemas/contributions/module.schema.gen';
import type { LayoutItem, Panel, TimeRangeChoice } from '../schemas/contributions/panels.schema.gen';
import type { AlarmRow } from './alarms';
import type { BuiltinWidgetId } from './builtinWidgetTypes';

export type {
  LayoutItem,
  Panel,
  PanelQuery,
  PanelSize,
  PageLayouts,
  PageTimeRange,
  TimeRangeChoice,
  WidgetId,
} from '../schemas/contributions/panels.schema.gen';
export { BUILTIN_WIDGET_TYPES, isBuiltinWidget, type BuiltinWidgetId, type WidgetTypeDeclaration } from './builtinWidgetTypes';

/** The live figure a module root's plugin declares for the module's Home tile (`routes[].tile`). */
export type TileFigure = NonNullable<ModuleContribution['routes'][number]['tile']>;

/** The time-range choices a panel page offers unless its route names fewer (`timeRange.choices`), in this order. */
export const TIME_RANGE_CHOICES = ['today', '7d', '30d', 'custom'] as const satisfies readonly TimeRangeChoice[];

/** Columns of every panel grid. */
export const GRID_COLUMNS = 24;
/** Rows a layout may reach (a stored layout below it is cut off). */
export const GRID_MAX_ROWS = 200;

// ── What panel queries answer ─────────────────────────────────────────────────────────────────────

/** statCard: one figure, with the same figure for the previous period (yesterday) for the trend. */
export interface StatValue {
  value: number;
  unit?: string;
  /** The figure for the period before (same length), when there is one. */
  previous?: number;
}

/** statGroup: a few figures side by side. */
export interface StatGroupData {
  items: ({ name: string } & StatValue)[];
}

/** ranking, barChart, pieChart: named values (bar and pie in this order, ranking sorted by the server). */
export interface CategoryData {
  items: { name: string; value: number; key?: string }[];
  unit?: string;
}

/** lineChart, and barChart with several series: points per series on a time or category axis. */
export interface SeriesData {
  /** `time`: x values are epoch ms; `category`: x values are labels. */
  axis: 'time' | 'category';
  series: { name: string; points: [number | string, number][] }[];
  unit?: string;
}

/** gauge: a value within a range. */
export interface GaugeData {
  value: number;
  min?: number;
  max: number;
  unit?: string;
}

/** heatmap: values on two category axes (cells as [xIndex, yIndex, value]). */
export interface HeatmapData {
  x: string[];
  y: string[];
  cells: [number, number, number][];
}

/** table: a page of rows with the columns to show. */
export interface TableData {
  columns: { key: string; title: string; format?: 'dateTime' | 'number' | 'duration' | 'text' }[];
  rows: Record<string, string | number | null>[];
  total: number;
}

/** timeline: events, newest first. */
export interface TimelineData {
  items: { at: number; title: string; detail?: string; intent?: 'none' | 'primary' | 'success' | 'warning' | 'danger' }[];
}

/** deviceStatus: on- and offline devices per kind. */
export interface DeviceStatusData {
  kinds: { kind: string; name: string; online: number; offline: number }[];
}

/**
 * What each built-in widget's query answers (alarmList reads AlarmRow pages: `{ rows, total }`; clock,
 * moduleTiles and moduleChildren read nothing). A plugin's widget type documents its own.
 */
export interface WidgetData extends Record<BuiltinWidgetId, unknown> {
  statCard: StatValue;
  statGroup: StatGroupData;
  ranking: CategoryData;
  barChart: CategoryData | SeriesData;
  pieChart: CategoryData;
  lineChart: SeriesData;
  gauge: GaugeData;
  heatmap: HeatmapData;
  table: TableData;
  timeline: TimelineData;
  deviceStatus: DeviceStatusData;
  alarmList: { rows: AlarmRow[]; total: number };
  clock: null;
  moduleTiles: null;
  moduleChildren: null;
}

// ── Layouts ───────────────────────────────────────────────────────────────────────────────────────

/** `GET /panel/layout?page=…`: the operator's layout of the page, or null (the page's default applies). */
export interface StoredLayout {
  page: string;
  items: LayoutItem[];
  updatedAt: number;
}

/** `PUT /panel/layout`: the whole layout of one page. */
export interface SaveLayoutBody {
  page: string;
  items: LayoutItem[];
}

/** What `repairLayout` needs of a panel: its id and size limits. */
export type PanelLimits = Pick<Panel, 'id'> & { size: Pick<Panel['size'], 'minW' | 'minH'> };

/**
 * A layout made to fit the panels that exist now: unknown and repeated panels go, sizes are held to
 * the panel's minimum and the grid, and overlapping panels are moved down until nothing overlaps.
 * Returns the layout and what was changed (empty when it was fine), in Chinese for the log.
 */
export function repairLayout(
  items: readonly LayoutItem[],
  panels: readonly PanelLimits[],
  columns = GRID_COLUMNS,
): { items: LayoutItem[]; changes: string[] } {
  const limits = new Map(panels.map((panel) => [panel.id, panel.size]));
  const changes: string[] = [];
  const seen = new Set<string>();
  const kept: LayoutItem[] = [];
  for (const item of items) {
    const size = limits.get(item.panel);
    if (!size) {
      changes.push(`面板 ${item.panel} 已不存在，已移除`);
      continue;
    }
    if (seen.has(item.panel)) {
      changes.push(`面板 ${item.panel} 重复，已去掉多余的一个`);
      continue;
    }
    seen.add(item.panel);
    const minW = Math.min(columns, size.minW ?? 1);
    const minH = size.minH ?? 1;
    const w = clampInt(item.w, minW, columns);
    const h = clampInt(item.h, minH, 40);
    const x = clampInt(item.x, 0, columns - w);
    const y = clampInt(item.y, 0, GRID_MAX_ROWS - h);
    if (w !== item.w || h !== item.h || x !== item.x || y !== item.y) changes.push(`面板 ${item.panel} 的位置或大小超出网格，已调整`);
    kept.push({ panel: item.panel, x, y, w, h });
  }
  // Top to bottom, left to right: a panel that overlaps one placed before it moves down below it.
  const placed: LayoutItem[] = [];
  for (const item of [...kept].sort((a, b) => a.y - b.y || a.x - b.x)) {
    let y = item.y;
    for (
      let blocker = placed.find((other) => overlaps({ ...item, y }, other));
      blocker;
      blocker = placed.find((other) => overlaps({ ...item, y }, other))
    )
      y = blocker.y + blocker.h;
    if (y !== item.y) changes.push(`面板 ${item.panel} 与其他面板重叠，已下移`);
    placed.push({ ...item, y });
  }
  // In the order given, so a layout that needed nothing comes back as it was.
  const byPanel = new Map(placed.map((item) => [item.panel, item]));
  return { items: kept.map((item) => byPanel.get(item.panel)!), changes };
}

function overlaps(a: LayoutItem, b: LayoutItem): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function clampInt(value: number, min: number, max: number): number {
  const whole = Number.isFinite(value) ? Math.round(value) : min;
  return Math.min(max, Math.max(min, whole));
}
