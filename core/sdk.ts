/**
 * The public SDK of the core: the only module plugins import from the core (as `@ops/sdk`; ESLint
 * refuses anything else under core/). Everything here is a named export; add to it deliberately.
 * Kernel only: services, tokens, contribution points, hooks and widgets. The data types and constants
 * both sides share (rows, bodies, labels, state machines, manifest types) are `@ops/contracts`.
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
// Calls through the API contract: `useService(Api).call(routes.workOrders.list, { query })` (`routes` from @ops/contracts).
export { Api, type ApiCaller } from './http/ApiCaller';
export { ApiFiles } from './http/ApiFiles';
export { ApiError } from './http/ApiError';
export { Notifier, type NoticeLevel } from './ui/Notifier';
export { EventBus, busTopic, type BusTopic } from './push/EventBus';
export { PluginRegistry } from './plugins/PluginRegistry';
export { RuntimeConfig } from './config/RuntimeConfig';

// Push channel: subscribing to a typed topic (the topics, `definePushTopic` and the `pushSchema`
// builders are data: `@ops/contracts`), the topic every routed push message is published on, and its type.
export { usePush } from './push/usePush';
export { subscribePush, type PushListener } from './push/subscribePush';
export { PUSH_TOPIC_ALL, routedPushTopic, type RoutedPush } from './push/RoutedPush';
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
// A page's effects kept equal to its data (added, changed, removed; all removed when the page closes).
export { useMapEffects, diffEffects, effectKey, type EffectSpec } from './map/useMapEffects';
// A map page's layer: holds the globe for the page's camera, turns a click on its effects into the page's query.
export { pageGlobeLayer, flyOver, GLOBE_ATTACH_WAIT_MS, type PageGlobeLayer } from './map/pageGlobeLayer';
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
// Tools over every map page (态势回放) and the globe's bus topics: the open device, a replay holding the globe.
export { MapOverlay, mapDeviceOpenedTopic, mapReplayTopic, type MapOverlayProps, type MapReplayState } from './map/MapOverlay';

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

// Dictionaries (`GET /system/dict/data/type/{type}`): every select and label of a coded value a dictionary covers.
export { useDictionary, loadDictionary, type Dictionary, type DictionaryIntent } from './dictionaries/useDictionary';

// ── Widgets and formats (core/widgets, core/format) ────────────────────────────────────────────────
// The widget library panels show (`BUILTIN_WIDGETS`; a plugin adds a widget type with `defineWidget`
// and `widgetType`, declared in its plugin.json `contributes.widgets`), the shared loading/empty/error
// frame, the ECharts host and the Chinese date range field. Charts, `EChart` and `DateRangeField` load
// their code on first render, so importing them here costs a plugin nothing.
export { defineWidget } from './widgets/defineWidget';
export {
  BUILTIN_WIDGETS,
  WidgetType,
  widgetType,
  lazyWidget,
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
  type WidgetComponent,
  type WidgetComponentProps,
  type WidgetTypeDeclarationLike,
  type VideoTileCamera,
  type VideoTileProps,
  type WidgetProps,
  type WidgetStatus,
  type WidgetStateProps,
  type BuiltinWidgetId,
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
// A page's own data loads (loading, error, ready; the last answer kept on reload): what its panels show.
export { useLoadable, type Loadable } from './widgets/useLoadable';
