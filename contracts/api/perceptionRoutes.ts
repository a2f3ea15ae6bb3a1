/**
 * The 数据分析 pages over the AI cameras' recognition records (车辆管控, 人脸管控, 目标检测, 前端感知):
 * SQL aggregates over the caller's tenant's records and alarms within the page's time range
 * (`beginTime`–`endTime`, epoch ms, both ends included, at most PERCEPTION_MAX_DAYS days: the record
 * indexes lead with tenant + time and a range bounds every query). Coded keys (kinds, vehicle types,
 * power types, colours, age bands, genders, attributes, target types) are sent as codes, in `key` and
 * `name` alike: the panels label them from the server's dictionaries (a panel's `dictionaries` option).
 */
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../panels';
import { RECOGNITION_MAX_RANGE_DAYS } from '../recognition';
import { dataReply, defineRoute, type DataEnvelope, type ReplyType } from './defineRoute';
import { access, type RouteAccess } from './routeAccess';
import { fields, oneOf, time } from './schemas';

/** The longest range a perception page is asked for: the record search's limit. */
export const PERCEPTION_MAX_DAYS = RECOGNITION_MAX_RANGE_DAYS;

/** What 车辆管控 counts vehicle records by (each a coded column). */
export const VEHICLE_DIMENSIONS = ['vehicleType', 'powerType', 'plateColor', 'vehicleColor'] as const;
export type VehicleDimension = (typeof VEHICLE_DIMENSIONS)[number];
/** What the alarm figures (车辆告警, 布防告警) and detections count by: the alarm or target type, or the camera. */
export const ALARM_DIMENSIONS = ['type', 'camera'] as const;
export type PerceptionAlarmDimension = (typeof ALARM_DIMENSIONS)[number];
export const TARGET_DIMENSIONS = ['type', 'camera'] as const;
export type TargetDimension = (typeof TARGET_DIMENSIONS)[number];

const range = {
  beginTime: time('开始时间（beginTime）'),
  endTime: time('结束时间（endTime）'),
};
const rangeRequired = { beginTime: '请指定开始时间（beginTime）', endTime: '请指定结束时间（endTime）' } as const;
const rangedBy = <const Values extends readonly string[]>(label: string, values: Values) =>
  fields({ ...range, by: oneOf(label, values) }, { ...rangeRequired, by: `请指定${label}（by）` });

const vehicles = access.menu('platform:dataAnalysis:carControl');
const faces = access.menu('platform:dataAnalysis:facialControl');
const targets = access.menu('platform:dataAnalysis:targetDetection');
const frontView = access.menu('platform:dataAnalysis:frontView');

const get = <Data>(path: string, reply: ReplyType<DataEnvelope<Data>>, accessOf: RouteAccess) =>
  defineRoute({ method: 'GET', path, query: fields(range, rangeRequired), reply, access: accessOf });
const getBy = <Data, const Values extends readonly string[]>(
  path: string,
  label: string,
  values: Values,
  reply: ReplyType<DataEnvelope<Data>>,
  accessOf: RouteAccess,
) => defineRoute({ method: 'GET', path, query: rangedBy(label, values), reply, access: accessOf });

export const perceptionRoutes = {
  /** 过车总数, 车牌数 (distinct), 新能源车, 非机动车, 车辆告警. */
  vehicleSummary: get('/analysis/vehicles/summary', dataReply<StatGroupData>(), vehicles),
  /** Vehicle and non-motor records per hour or day of the range (series named by kind code). */
  vehicleFlow: get('/analysis/vehicles/flow', dataReply<SeriesData>(), vehicles),
  /** Vehicle records by hour of day (Asia/Shanghai), 0–23. */
  vehicleByHour: get('/analysis/vehicles/byHour', dataReply<SeriesData>(), vehicles),
  /** Vehicle records by vehicle type, power type (RYC/XNYS/XNYD), plate colour or vehicle colour (keys are codes). */
  vehiclesBy: getBy('/analysis/vehicles/by', '统计维度', VEHICLE_DIMENSIONS, dataReply<CategoryData>(), vehicles),
  /** The ten plates seen most often. */
  vehiclePlates: get('/analysis/vehicles/plates', dataReply<CategoryData>(), vehicles),
  /** Alarms of the vehicle alarm types (those whose manifest opens 车辆布控: violations, retrograde, watchlists) by type or camera. */
  vehicleAlarms: getBy('/analysis/vehicles/alarms', '统计维度', ALARM_DIMENSIONS, dataReply<CategoryData>(), vehicles),
  /** 人脸抓拍, 抓拍相机, 布防告警, 戴口罩 (%), 布防命中 (the face deployments' hits). */
  faceSummary: get('/analysis/faces/summary', dataReply<StatGroupData>(), faces),
  /** Face records per hour or day of the range. */
  faceFlow: get('/analysis/faces/flow', dataReply<SeriesData>(), faces),
  /** Face records by hour of day (Asia/Shanghai), 0–23. */
  faceByHour: get('/analysis/faces/byHour', dataReply<SeriesData>(), faces),
  /** Face records by camera, most first (at most 15). */
  facesByCamera: get('/analysis/faces/cameras', dataReply<CategoryData>(), faces),
  /** Alarms of the face alarm types (those whose manifest opens 人脸布控) by type or camera. */
  faceAlarms: getBy('/analysis/faces/alarms', '统计维度', ALARM_DIMENSIONS, dataReply<CategoryData>(), faces),
  /** 布防命中: the face deployments' hits (every match stored, alarmed or inside its interval) by deployment, most first (at most 15; key the deployment id). */
  faceWatchlistHits: get('/analysis/faces/watchlistHits', dataReply<CategoryData>(), faces),
  /** Faces by age band (x, codes) and gender (series, codes). */
  faceDemographics: get('/analysis/faces/demographics', dataReply<SeriesData>(), faces),
  /** Faces wearing each attribute (glasses, mask …; keys are codes). */
  faceAttributes: get('/analysis/faces/attributes', dataReply<CategoryData>(), faces),
  /** 检测总数, 涉及相机, 人数统计次数, 平均人数, 最大人数. */
  targetSummary: get('/analysis/targets/summary', dataReply<StatGroupData>(), targets),
  /** Detections by target type (codes) or camera, most first. */
  targetsBy: getBy('/analysis/targets/by', '统计维度', TARGET_DIMENSIONS, dataReply<CategoryData>(), targets),
  /** Detections per hour or day of the range, one series per target type (codes). */
  targetFlow: get('/analysis/targets/flow', dataReply<SeriesData>(), targets),
  /** Detections by hour of day (Asia/Shanghai), 0–23. */
  targetByHour: get('/analysis/targets/byHour', dataReply<SeriesData>(), targets),
  /** People counts per hour or day: the mean and the largest count reported. */
  peopleCounts: get('/analysis/targets/people', dataReply<SeriesData>(), targets),
  /** 识别相机, 当前在线, 在线率 (over the range), 识别记录, 无记录相机. */
  frontViewSummary: get('/analysis/frontView/summary', dataReply<StatGroupData>(), frontView),
  /** Records by kind (codes). */
  frontViewByKind: get('/analysis/frontView/kinds', dataReply<CategoryData>(), frontView),
  /** The recognition cameras' mean availability (%) per hour or day of the range. */
  frontViewUptime: get('/analysis/frontView/uptime', dataReply<SeriesData>(), frontView),
  /** One row per recognition camera: online now, records in the range, the last one; cameras without records first. */
  frontViewCameras: get('/analysis/frontView/cameras', dataReply<TableData>(), frontView),
};
