/**
 * The public SDK of the core: the only module plugins import from the core (as `@ops/sdk`; ESLint
 * refuses anything else under core/). Everything here is a named export; add to it deliberately.
 */

// Typed DI: tokens and contribution points, the React hook, and typed plugin bindings.
export { createContributionPoint, createToken, describeToken, type ContributionPoint, type Token, type TokenType } from './di/Token';
export { useService } from './di/useService';
export { getContributions } from './di/contributions';
export { pluginModule, type PluginBindings } from './plugins/pluginModule';

// Defining a plugin: what its index.ts default-exports.
export { definePlugin, type ComponentRole, type LazyComponent, type PluginDefinition } from './plugins/definePlugin';
export { defineEffectPlugin, effectRenderer, type EffectManifest, type EffectRendererContext } from './map/defineEffectPlugin';

// Core services plugins may use, each a token with its interface of the same name.
export { HttpClient } from './http/HttpClient';
// Calls through the API contract: `useService(Api).call(routes.workOrders.list, { query })`, typed from the route's declaration.
export { Api, type ApiCaller } from './http/ApiCaller';
export { routes } from '../contracts/api/routes';
export type { BodyOf, DataOf, ParamsOf, QueryOf, ReplyOf, RouteInput } from '../contracts/api/defineRoute';
export { ApiFiles } from './http/ApiFiles';
export { ApiError } from './http/ApiError';
export { Notifier, type NoticeLevel } from './ui/Notifier';
export { EventBus } from './push/EventBus';
export { PluginRegistry } from './plugins/PluginRegistry';
export { RuntimeConfig } from './config/RuntimeConfig';

// Push channel: the topic every routed push message is published on, and its types.
export { PUSH_TOPIC_ALL, type PushMessage, type RoutedPush } from './push/PushClient';
export { PushHandler } from './push/PushHandler';

// Map effects: the contribution point, the effects API, frame clock and option readers.
export {
  MapEffectRenderer,
  MapEffects,
  effectFrameClock,
  EFFECT_FRAMES_PER_SECOND,
  type MapEffectContext,
  type MapEffectEvent,
  type MapEffectInstance,
} from './map/MapEffects';
export { colorOption, numberOption, positionOption } from './map/effectOptions';
export { checkPosition, parsePosition, reportPosition, DEFAULT_EFFECT_HEIGHT, type MapPosition } from './geo/parsePosition';
export { EffectStage, type EffectStageProps } from './map/EffectStage';
// A renderer paired with its plugin.json's images (`assetUrl`), as the globe gets it: for stories drawing one effect.
export { pluginEffectRenderer } from './map/effectRenderers';
export type { LookAt } from './map/createViewer';
export type { Cesium } from './map/loadCesium';
// Map layers and the device panel on the globe, contributed by plugins that start with the globe.
export { MapLayer, type MapGlobe, type MapLayerContext } from './map/MapLayer';
export { MapDeviceDetail, type MapDeviceDetailProps } from './map/MapDeviceDetail';

// Devices: the device API, the kinds of the device plugins, what the user may open and control,
// status pushes, and the device pages (a token: module:device-center provides them).
export { DeviceApi, createDeviceApi, outcomeIntent, type ControlOutcome, type ControlTarget, type DeviceFilter } from './devices/deviceApi';
export { deviceKindsOf, type DeviceKind, type DeviceCommand, type TelemetryField } from './devices/deviceKinds';
export { useDeviceControl, useDeviceModulePages, type DeviceModulePages } from './devices/deviceAccess';
export { onDeviceStatus, type DeviceStatusChange } from './devices/onDeviceStatus';
export { DevicePagesView, type DevicePagesProps } from './devices/DevicePagesView';

// The panel look every page shares (title bar, opaque glass body), for pages that arrange their own panels.
export { PanelBox, type PanelBoxProps } from './panels/PanelBox';
export { useLoaded, type Loaded } from './panels/useLoaded';

// Live video: camera streams (GET /stream/getStream, then the stream endpoint) and the spec's stream client.
export { CameraStreams, createCameraStreams, createSdpExchange, type CameraStreamState, type StreamAddress } from './media/CameraStreams';
export { Recordings, createRecordings, type RecordList, type RecordedSegment } from './media/Recordings';
export {
  StreamClient,
  StreamEndpointError,
  DEFAULT_CAPTURE,
  type StreamOptions,
  type StreamResult,
  type SdpExchange,
} from './media/StreamClient';

// Video rooms on Janus (janus-gateway), quick intercom groups, voice messages and the product socket.
export { VideoRooms } from './media/janus/VideoRooms';
export {
  VideoRoomSession,
  MUTE_WARNING_MS,
  type LocalMedia,
  type RemoteFeed,
  type VideoRoomEnd,
  type VideoRoomSnapshot,
  type VideoRoomStatus,
} from './media/janus/VideoRoomSession';
export { RESOLUTION_PRESETS, GATEWAY_PRESETS, ratioPreset, type PublishOptions, type ResolutionName } from './media/janus/janusOptions';
export { Intercom, IntercomGroupError, type TempGroup } from './media/voice/Intercom';
export { VoiceRecorder, MicrophoneError, type Recording } from './media/voice/VoiceRecorder';
export { useIncomingCall } from './session/ProductSocketConnection';
export { PRODUCT_SOCKET_TOPICS, type RepeatLogin } from './session/ProductSocket';
export type {
  IntercomOperator,
  QuickGroup,
  TempCallData,
  VideoRoomJoin,
  VideoRoomKind,
  VideoRoomStatus as VideoRoomAvailability,
  VideoRoomSummary,
  VoiceRecording,
} from '../contracts/videoRooms';

// Alarms: the grade labels every alarm screen shows.
export { alarmGradeLabels } from './alarms/alarmStrings';

// Shared contract types (contracts/ and the generated manifest types) plugins need.
export type { AlarmDetailData, AlarmHistoryEntry, AlarmQuery, AlarmRow, AlarmStats, AlarmStatus } from '../contracts/alarms';
export { ALARM_GRADES, ALARM_STATUSES } from '../contracts/alarms';
export type { DeviceGroup, DevicePoint, DeviceRow } from '../contracts/devices';
// Work orders (工单): the state machine, labels and SLA hours both sides use, and the API's types.
export {
  WORK_ORDER_STATUSES,
  WORK_ORDER_STATUS_LABELS,
  OPEN_WORK_ORDER_STATUSES,
  WORK_ORDER_ACTIONS,
  WORK_ORDER_ACTION_LABELS,
  WORK_ORDER_TRANSITIONS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_PRIORITY_LABELS,
  WORK_ORDER_SLA_HOURS,
  WORK_ORDER_CATEGORIES,
  WORK_ORDER_CATEGORY_LABELS,
  WORK_ORDER_PUSH_TOPIC,
} from '../contracts/workOrders';
export type {
  AlarmWorkOrderBody,
  CreateWorkOrderBody,
  WorkOrderAction,
  WorkOrderAssignees,
  WorkOrderCategory,
  WorkOrderChanged,
  WorkOrderDetail,
  WorkOrderEvent,
  WorkOrderLinkedFault,
  WorkOrderPhoto,
  WorkOrderPriority,
  WorkOrderQuery,
  WorkOrderRow,
  WorkOrderStats,
  WorkOrderStatus,
} from '../contracts/workOrders';
// Device operation (设备运维) and video diagnosis (视频诊断): fault state machine, labels, push topics and the API's types.
export {
  AVAILABILITY_RANGES,
  FAULT_STATUSES,
  FAULT_STATUS_LABELS,
  FAULT_CAUSES,
  FAULT_CAUSE_LABELS,
  FAULT_TRANSITIONS,
  INSPECTION_RESULTS,
  INSPECTION_RESULT_LABELS,
  DIAGNOSIS_REASON_LABELS,
  PICTURE_STATE_LABELS,
  OPERATION_FAULT_TOPIC,
  VIDEO_DIAGNOSIS_TOPIC,
} from '../contracts/operations';
export type {
  AvailabilityRange,
  AvailabilityReport,
  CameraDiagnosisHistory,
  CameraHealth,
  CameraHealthFilter,
  DiagnosisCheck,
  DiagnosisReason,
  DiagnosisRun,
  DiagnosisSummary,
  DiagnosisTrend,
  FaultCause,
  FaultQuery,
  FaultRow,
  FaultStatus,
  InspectionResult,
  InspectionRow,
  KindAvailability,
  MaintenancePlan,
  OperationKpi,
  PlanBody,
  PlanDeviceOption,
} from '../contracts/operations';
// Emergency dispatch (安防应急): event kinds, levels, task state machine, plans, API paths and push, and the API's types.
export {
  EMERGENCY_KINDS,
  EMERGENCY_KIND_LABELS,
  EMERGENCY_ALARM_KINDS,
  EMERGENCY_DEFAULT_RADIUS,
  EMERGENCY_LEVELS,
  EMERGENCY_LEVEL_LABELS,
  EMERGENCY_EVENT_STATUSES,
  EMERGENCY_EVENT_STATUS_LABELS,
  EMERGENCY_TASK_STATUSES,
  EMERGENCY_TASK_STATUS_LABELS,
  OPEN_EMERGENCY_TASK_STATUSES,
  EMERGENCY_TASK_ACTIONS,
  EMERGENCY_TASK_TRANSITIONS,
  EMERGENCY_ACTION_LABELS,
  EMERGENCY_PLANS,
  EMERGENCY_HYDRANT_LOW_MPA,
  EMERGENCY_WATER_LEVEL_HIGH_CM,
  EMERGENCY_TASK_DEFAULT_DUE_MINUTES,
  EMERGENCY_API,
  EMERGENCY_PUSH_EVENT,
  EMERGENCY_PUSH_TOPIC,
  SENSOR_METRICS,
  SENSOR_METRIC_LABELS,
  SENSOR_METRIC_UNITS,
} from '../contracts/emergency';
export type {
  AlarmEmergencyEventBody,
  CloseEmergencyEventBody,
  CreateEmergencyEventBody,
  DispatchEmergencyTaskBody,
  EmergencyAction,
  EmergencyCamera,
  EmergencyEventDetail,
  EmergencyEventQuery,
  EmergencyEventRow,
  EmergencyEventStatus,
  EmergencyFeedEntry,
  EmergencyHistoryEntry,
  EmergencyHydrant,
  EmergencyKind,
  EmergencyLevel,
  EmergencyPlanTask,
  EmergencyPushData,
  EmergencyResources,
  EmergencyRoute,
  EmergencyShelter,
  EmergencyStats,
  EmergencyTaskAction,
  EmergencyTaskNoteBody,
  EmergencyTaskProgressBody,
  EmergencyTaskRow,
  EmergencyTaskStatus,
  EmergencyTeamLoad,
  EmergencyWaterLevel,
  ReassignEmergencyTaskBody,
  SensorMetric,
  SensorReadings,
  SensorReadingsQuery,
  SensorSeries,
} from '../contracts/emergency';
export type { LoadedManifest } from '../contracts/manifests/validateManifests';
export type { PluginKind, PluginManifest } from '../schemas/plugin.schema.gen';
export type { AlarmContribution } from '../schemas/contributions/alarm.schema.gen';
export type { DeviceContribution } from '../schemas/contributions/device.schema.gen';
export type { MapEffectContribution } from '../schemas/contributions/map-effect.schema.gen';

// ── Widgets and formats (core/widgets, core/format) ────────────────────────────────────────────────
// The widget library panels show (`coreWidgets` by WidgetName, each taking `WidgetProps`), the shared
// loading/empty/error frame, the ECharts host and the Chinese date range field. Charts, `EChart` and
// `DateRangeField` load their code on first render, so importing them here costs a plugin nothing.
export {
  coreWidgets,
  widgetComponent,
  WidgetState,
  StatCard,
  StatGroup,
  Ranking,
  Table,
  AlarmList,
  DeviceStatus,
  Timeline,
  VideoTile,
  Clock,
  LineChart,
  BarChart,
  PieChart,
  Gauge,
  Heatmap,
  EChart,
  DateRangeField,
  gradeIntent,
  type CoreWidgets,
  type VideoTileCamera,
  type VideoTileProps,
  type WidgetProps,
  type WidgetStatus,
  type WidgetStateProps,
  type WidgetName,
  type WidgetData,
  type ChartItem,
  type EChartProps,
  type DateRangeFieldProps,
  type DateRangeValue,
  type StatOptions,
  type LineChartOptions,
  type BarChartOptions,
  type PieChartOptions,
  type GaugeOptions,
  type HeatmapOptions,
} from './widgets';
// Times in Asia/Shanghai as spec section 9 writes them, durations, and numbers with 万/亿.
export {
  formatDateTime,
  formatMonthDayTime,
  formatShortDate,
  formatDate,
  formatTime,
  formatWeekday,
  formatDuration,
  formatNumber,
  formatNumberParts,
  formatPercent,
  shanghaiDayStart,
  shanghaiDayEnd,
  shanghaiTime,
} from './format/timeFormat';
