/* Generated from schemas/contributions/device.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * A widget type: built in (core/widgets; declared in contracts/builtinWidgetTypes.ts) or declared by a plugin in contributes.widgets.
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "WidgetId".
 */
export type WidgetId = string;
/**
 * A panel page: a module (comprehensive) or module/child (alarmManage/alarmStatistics).
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "PageId".
 */
export type PageId = string;
/**
 * Read the query again this often.
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "RefreshSeconds".
 */
export type RefreshSeconds = number;
/**
 * Push event types or in-app topics (registry/pushEvents.json) that make the panel read its query again.
 *
 * @maxItems 10
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
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
 * Panels this device kind adds to panel pages (for example a summary on 综合态势).
 *
 * @maxItems 100
 */
export type PanelList = Panel[];
/**
 * @maxItems 100
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "PanelList".
 */
export type PanelList1 = Panel[];
/**
 * @minItems 1
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "WidgetTypeList".
 */
export type WidgetTypeList = [WidgetTypeDeclaration, ...WidgetTypeDeclaration[]];
/**
 * today: since today's midnight (Asia/Shanghai); 7d and 30d: today and the 6 or 29 days before; custom: whole days picked in a calendar.
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "TimeRangeChoice".
 */
export type TimeRangeChoice = 'today' | '7d' | '30d' | 'custom';

/**
 * A device kind: catalogue data (spec section 3), list paths, telemetry and accepted commands.
 */
export interface DeviceContribution {
  /**
   * DEVICE_* code, a numeric brand such as 1001, or null (trash box); at most 40 characters (the devices.device_type column).
   */
  brandCode: string | null;
  /**
   * Device child page name under module device, e.g. lamp; at most 32 characters (the devices.kind column).
   */
  page: string;
  /**
   * Icon file in the plugin folder.
   */
  icon: string;
  /**
   * Extra device type codes that map to this page.
   */
  deviceTypes?: string[];
  /**
   * Where the lists of this kind are (spec section 7), one of the device routes of contracts/api/deviceRoutes.ts; the web app calls these.
   */
  listPaths?: {
    /**
     * Devices of the kind, paged (e.g. /devi/aep/child, /monitor/child).
     */
    child?: '/devi/aep/child' | '/monitor/child';
    /**
     * Search by name or code (e.g. /devi/aep/search).
     */
    search?: '/devi/aep/search' | '/monitor/search';
    /**
     * Every device with its position, for maps (/devi/aep/all).
     */
    all?: '/devi/aep/all';
    /**
     * Devices of one group (/devi/aep/groupChild).
     */
    groupChild?: '/devi/aep/groupChild';
    /**
     * The kind's groups (/devi/web/lightgroup/list for lights, /led/grouplist for screens, /devi/aep/groups otherwise).
     */
    groupList?: '/devi/aep/groups' | '/devi/web/lightgroup/list' | '/led/grouplist';
  };
  telemetry?: {
    key: string;
    label: string;
    unit?: string;
    type: 'number' | 'string' | 'boolean' | 'enum';
    /**
     * Lowest plausible value (the simulator stays within).
     */
    min?: number;
    /**
     * Highest plausible value.
     */
    max?: number;
    /**
     * Values of an enum field.
     *
     * @minItems 1
     */
    options?: [string, ...string[]];
  }[];
  commands?: {
    command: number;
    label: string;
    commandType: string;
    /**
     * JSON Schema (type object) of the command's parameters; the server validates against it.
     */
    params?: {};
    /**
     * State the device takes when it applies the command: a value, or "$<param>" to copy a parameter.
     */
    effect?: {
      [k: string]: string | number | boolean;
    };
    /**
     * Confirmation question shown before sending, in Chinese.
     */
    confirm?: string;
  }[];
  /**
   * The device has live video: GET /stream/getStream answers its stream address, and the server's stream endpoint plays it (simulated devices: an ffmpeg test source with the device's name and a clock).
   */
  liveVideo?: boolean;
  /**
   * Controllable state and its initial value, e.g. {"power": "off"}.
   */
  state?: {
    [k: string]: string | number | boolean;
  };
  /**
   * Chinese labels of the state keys and values, e.g. {"power": "开关", "power.on": "开"}.
   */
  stateLabels?: {
    [k: string]: string;
  };
  /**
   * Alarms the reference server's simulator raises for devices of this kind (server only; the web app ignores it). Each names an alarm type code of plugins/alarm/* and the alarm text; a code whose alarm plugin is not loaded is skipped.
   */
  simulatedAlarms?: {
    /**
     * Alarm type code, e.g. SMOKE.
     */
    code: string;
    /**
     * What the device reports, e.g. 烟雾浓度超标; the alarm type's name when absent.
     */
    content?: string;
  }[];
  /**
   * What devices of this kind are to the field teams (server only): walkie — the walkie-talkie bound to a member, through which the operator calls them (呼叫: the command that leaves it talking); recorder — the law-enforcement recorder bound to a member; street — devices that stand on streets, between which simulated members walk.
   */
  fieldWork?: 'walkie' | 'recorder' | 'street';
  /**
   * Devices of this kind are responders' tools: the emergency view of an alarm (/alarm/emergency/:alarmId) lists those within about 500 m (server only).
   */
  responder?: boolean;
  /**
   * The command (one of commands[].command) that /voice/stopPlay sends to devices of this kind: the kind that declares it is the broadcast kind (server only).
   */
  stopCommand?: number;
  /**
   * Devices of this kind answer /guide/getSystemInfo (navigation screens) with these hardware facts beside their live state (server only).
   */
  systemInfo?: {
    /**
     * Model name, e.g. GS-55A 户外导览屏.
     */
    model: string;
    /**
     * Screen resolution, width x height, e.g. 1080x1920.
     */
    resolution: string;
    /**
     * Firmware version, e.g. 3.2.7.
     */
    firmware: string;
  };
  /**
   * At most one kind: the one /device/control/execute controls when a request names no deviceType (the light-control page's RuoYi calls send none), and whose first command's commandType a request without commandType gets (server only).
   */
  controlDefault?: boolean;
  panels?: PanelList;
}
/**
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
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
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
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
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
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
 * A widget type a plugin contributes; its code binds the component under the same id (defineWidget).
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
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
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "OptionsSchema".
 */
export interface OptionsSchema {
  type: 'object';
  [k: string]: unknown;
}
/**
 * A panel page's time range: shown in the page's header with the choices offered (今日, 近 7 日, 近 30 日, 自定义 days picked in a calendar) and sent with every panel query that asks for it (query.timeRange).
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
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
 * Default layout per page id the plugin owns: where each panel sits on the 24-column grid.
 *
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "PageLayouts".
 */
export interface PageLayouts {
  /**
   * @maxItems 100
   */
  [k: string]: LayoutItem[];
}
/**
 * This interface was referenced by `DeviceContribution`'s JSON-Schema
 * via the `definition` "LayoutItem".
 */
export interface LayoutItem {
  panel: string;
  x: number;
  y: number;
  w: number;
  h: number;
}
