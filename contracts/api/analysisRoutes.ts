/**
 * The 数据分析 pages' figures (工单分析, 停车分析, 治安分析): SQL aggregates over the caller's tenant's
 * stored rows within a time range the page picks (`beginTime`–`endTime`, epoch ms, both ends included;
 * at most ANALYSIS_MAX_DAYS days, the end not before the beginning: the server refuses either, naming
 * the field). Shapes are the panel data of contracts/panels.ts.
 */
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../panels';
import { dataReply, defineRoute, type DataEnvelope, type ReplyType } from './defineRoute';
import { access } from './routeAccess';
import { fields, oneOf, time } from './schemas';

/** The longest range an analysis is asked for. */
export const ANALYSIS_MAX_DAYS = 366;

/** What 工单分析 counts orders by. */
export const ORDER_DIMENSIONS = ['category', 'area', 'team', 'source'] as const;
export type OrderDimension = (typeof ORDER_DIMENSIONS)[number];
/** What 停车分析 compares lots by. */
export const PARKING_MEASURES = ['sessions', 'turnover', 'revenue', 'duration'] as const;
export type ParkingMeasure = (typeof PARKING_MEASURES)[number];
/** What 治安分析 counts alarms and emergency events by. */
export const SECURITY_DIMENSIONS = ['type', 'area', 'grade'] as const;
export type SecurityDimension = (typeof SECURITY_DIMENSIONS)[number];
/** What 治安分析 counts emergency events by. */
export const EVENT_DIMENSIONS = ['kind', 'area', 'level'] as const;
export type EventDimension = (typeof EVENT_DIMENSIONS)[number];

const range = {
  beginTime: time('开始时间（beginTime）'),
  endTime: time('结束时间（endTime）'),
};
const rangeRequired = { beginTime: '请指定开始时间（beginTime）', endTime: '请指定结束时间（endTime）' } as const;
const ranged = () => fields(range, rangeRequired);
const rangedBy = <const Values extends readonly string[]>(label: string, values: Values) =>
  fields({ ...range, by: oneOf(label, values) }, { ...rangeRequired, by: `请指定${label}（by）` });

const ordersAccess = access.menu('platform:dataAnalysis:orderAnalysis');
const parkingAccess = access.menu('platform:dataAnalysis:parking');
const securityAccess = access.menu('platform:dataAnalysis:security');

const get = <Data>(path: string, reply: ReplyType<DataEnvelope<Data>>, accessOf: typeof ordersAccess) =>
  defineRoute({ method: 'GET', path, query: ranged(), reply, access: accessOf });

export const analysisRoutes = {
  /** 工单总数, 已办结, 按时办结率, 超时未办结, and the median and 90th percentile of 接单 and 办结 times. */
  orderSummary: get('/analysis/orders/summary', dataReply<StatGroupData>(), ordersAccess),
  /** Orders created in the range by category, area (the nearest named place of their device or alarm), team or source. */
  ordersBy: defineRoute({
    method: 'GET',
    path: '/analysis/orders/by',
    query: rangedBy('统计维度', ORDER_DIMENSIONS),
    reply: dataReply<CategoryData>(),
    access: ordersAccess,
  }),
  /** Orders created, closed, and still open at the end of each hour or day of the range. */
  orderBacklog: get('/analysis/orders/backlog', dataReply<SeriesData>(), ordersAccess),
  /** 停车次数, 停车收入, 平均占用率, 周转率, 平均停车时长 over every lot. */
  parkingSummary: get('/analysis/parking/summary', dataReply<StatGroupData>(), parkingAccess),
  /** Each lot's mean occupancy (%) in each hour or day of the range (time-weighted). */
  parkingOccupancy: get('/analysis/parking/occupancy', dataReply<SeriesData>(), parkingAccess),
  /** Lots compared by one measure: sessions, turnover (sessions per space per day), revenue (元) or mean stay (分钟). */
  parkingBy: defineRoute({
    method: 'GET',
    path: '/analysis/parking/by',
    query: rangedBy('统计指标', PARKING_MEASURES),
    reply: dataReply<CategoryData>(),
    access: parkingAccess,
  }),
  /** One row per lot with every measure. */
  parkingLots: get('/analysis/parking/lots', dataReply<TableData>(), parkingAccess),
  /** 告警总数, 高等级告警, 应急事件, and the median and 90th percentile of 确认 and 处置 times. */
  securitySummary: get('/analysis/security/summary', dataReply<StatGroupData>(), securityAccess),
  /** Alarms raised in the range by type, area or grade. */
  securityAlarmsBy: defineRoute({
    method: 'GET',
    path: '/analysis/security/alarms',
    query: rangedBy('统计维度', SECURITY_DIMENSIONS),
    reply: dataReply<CategoryData>(),
    access: securityAccess,
  }),
  /** Alarms and emergency events by hour of day (Asia/Shanghai), 0–23. */
  securityByHour: get('/analysis/security/byHour', dataReply<SeriesData>(), securityAccess),
  /** Emergency events opened in the range by kind, area or level. */
  securityEventsBy: defineRoute({
    method: 'GET',
    path: '/analysis/security/events',
    query: rangedBy('统计维度', EVENT_DIMENSIONS),
    reply: dataReply<CategoryData>(),
    access: securityAccess,
  }),
};
