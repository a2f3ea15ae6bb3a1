/* Generated from schemas/contributions/module.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * Read the query again this often.
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "RefreshSeconds".
 */
export type RefreshSeconds = number;
/**
 * Push event types or in-app topics (registry/pushEvents.json) that make the panel read its query again.
 *
 * @maxItems 10
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PushTopics".
 */
export type PushTopics =
  | []
  | [string]
  | [string, string]
  | [string, string, string]
  | [string, string, string, string]
  | [string, string, string, string, string]
  | [string, string, string, string, string, string]
  | [string, string, string, string, string, string, string]
  | [string, string, string, string, string, string, string, string]
  | [string, string, string, string, string, string, string, string, string]
  | [string, string, string, string, string, string, string, string, string, string];
/**
 * today: since today's midnight (Asia/Shanghai); 7d and 30d: today and the 6 or 29 days before; custom: whole days picked in a calendar.
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "TimeRangeChoice".
 */
export type TimeRangeChoice = 'today' | '7d' | '30d' | 'custom';
/**
 * A widget type: built in (core/widgets; declared in contracts/builtinWidgetTypes.ts) or declared by a plugin in contributes.widgets.
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "WidgetId".
 */
export type WidgetId = string;
/**
 * A panel page: a module (comprehensive) or module/child (alarmManage/alarmStatistics).
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PageId".
 */
export type PageId = string;
/**
 * @maxItems 100
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PanelList".
 */
export type PanelList = Panel[];
/**
 * @minItems 1
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "WidgetTypeList".
 */
export type WidgetTypeList = [WidgetTypeDeclaration, ...WidgetTypeDeclaration[]];

/**
 * Pages for module routes of registry/modules.json (the module root, one child page, or every child page with "*"): either the plugin's code supplies the page component (which receives moduleName and childName), or the route is a panel page (panelPage) the core composes from panels. Panels the plugin offers, and the default layouts of its panel pages. A module root's route may declare the live figure its Home tile shows (tile).
 */
export interface ModuleContribution {
  /**
   * The pages the module serves; empty for a module that only adds tools over every map page (a MapOverlay, e.g. situation-replay).
   *
   * Items: A page for a module route. Only a module root's route (no child) may declare tile.
   */
  routes: {
    module: string;
    /**
     * A child page name, or * for every child page; absent for the module root.
     */
    child?: string;
    /**
     * The route shows this panel page: its panels in the operator's layout (default: the layout in layouts). No page code needed.
     */
    panelPage?: string;
    /**
     * The live figure of the module's tile on Home (module root routes only): a GET query answering one figure (StatValue) or a statGroup (StatGroupData) whose item `item` (default: label) is shown, read again every refreshSeconds and shortly after a push it names.
     */
    tile?: {
      /**
       * Chinese name of the figure on the tile (在线摄像头, 未办结工单 …).
       */
      label: string;
      /**
       * The statGroup item to show, by name (default: label).
       */
      item?: string;
      query: PanelQuery;
      refreshSeconds?: RefreshSeconds;
      pushTopics?: PushTopics;
      /**
       * Which way of the figure is good: down colours a non-zero figure as a warning (open alarms, overdue orders).
       */
      goodDirection?: 'up' | 'down' | 'none';
    };
    timeRange?: PageTimeRange;
  }[];
  title?: string;
  panels?: PanelList;
  layouts?: PageLayouts;
}
/**
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PanelQuery".
 */
export interface PanelQuery {
  /**
   * API path (GET), without the API prefix.
   */
  path: string;
  params?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Send the time range chosen on the page (a panel page whose route declares timeRange) with the params, as beginTime and endTime (epoch ms, both ends included).
   */
  timeRange?: boolean;
}
/**
 * A panel page's time range: shown in the page's header with the choices offered (今日, 近 7 日, 近 30 日, 自定义 days picked in a calendar) and sent with every panel query that asks for it (query.timeRange).
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PageTimeRange".
 */
export interface PageTimeRange {
  /**
   * The range the page opens with.
   */
  default: 'today' | '7d' | '30d' | 'custom';
  /**
   * The choices offered, in this order (default: all four).
   *
   * @minItems 1
   */
  choices?: [TimeRangeChoice, ...TimeRangeChoice[]];
}
/**
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "Panel".
 */
export interface Panel {
  /**
   * Unique among every plugin's panels (a duplicate is a manifest error naming both plugins).
   */
  id: string;
  /**
   * Chinese title shown on the panel.
   */
  title: string;
  widget: WidgetId;
  /**
   * Panel pages that may show it (their panel list offers it).
   *
   * @minItems 1
   */
  pages: [PageId, ...PageId[]];
  query?: PanelQuery;
  refreshSeconds?: RefreshSeconds;
  pushTopics?: PushTopics;
  size: PanelSize;
  /**
   * Widget settings (unit, series names, colours …), checked against the options schema of the widget type.
   */
  options?: {
    [k: string]: unknown;
  };
}
/**
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PanelSize".
 */
export interface PanelSize {
  /**
   * Default width in grid columns (24 across).
   */
  w: number;
  /**
   * Default height in grid rows.
   */
  h: number;
  minW?: number;
  minH?: number;
}
/**
 * Default layout per page id the plugin owns: where each panel sits on the 24-column grid.
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "PageLayouts".
 */
export interface PageLayouts {
  /**
   * @maxItems 100
   */
  [k: string]: LayoutItem[];
}
/**
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "LayoutItem".
 */
export interface LayoutItem {
  panel: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
/**
 * A widget type a plugin contributes; its code binds the component under the same id (defineWidget).
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "WidgetTypeDeclaration".
 */
export interface WidgetTypeDeclaration {
  id: WidgetId;
  /**
   * Chinese name of the widget type.
   */
  title: string;
  optionsSchema: OptionsSchema;
}
/**
 * JSON Schema (draft-07) of a panel's options for the widget type: every panel using the type is checked against it.
 *
 * This interface was referenced by `ModuleContribution`'s JSON-Schema
 * via the `definition` "OptionsSchema".
 */
export interface OptionsSchema {
  type: 'object';
  [k: string]: unknown;
}
