/**
 * 游客分析's figures: SQL aggregates over the caller's tenant's stored rows within the page's time range
 * (`beginTime`–`endTime`, epoch ms, both ends included, at most ANALYSIS_MAX_DAYS days, refused naming
 * the field like the other 数据分析 pages). What each figure is made of:
 * - visitors: the gates' hourly counts (gate_traffic in_count / out_count);
 * - dwell: estimated from those counts (visitor-hours inside ÷ entries, Little's law), and measured for
 *   visitors who came by car (their parking sessions' in and out);
 * - origins: the province character of the plates of the cars that parked;
 * - density: the AI cameras' people counts (recognition_records of kind peopleCount) at their positions.
 */
import type { CategoryData, SeriesData, StatGroupData, TableData } from '../panels';
import { dataReply, defineRoute } from './defineRoute';
import { access } from './routeAccess';
import { fields, time } from './schemas';

/** One camera's people counts over the range: where it stands and how many people it saw on average (a table row). */
export interface VisitorHeatPoint {
  [column: string]: string | number | null;
  /** The camera's device id. */
  key: string;
  name: string;
  longitude: number;
  latitude: number;
  /** Mean people in view per count (one decimal). */
  value: number;
  /** How many counts the mean is over. */
  samples: number;
}

/**
 * The heat layer's data: every camera that counted people in the range, the most crowded first. A table
 * (columns and rows), so the page's 导出 CSV writes it like any other table.
 */
export interface VisitorHeatData extends TableData {
  unit: string;
  rows: VisitorHeatPoint[];
}

const ranged = () =>
  fields(
    { beginTime: time('开始时间（beginTime）'), endTime: time('结束时间（endTime）') },
    { beginTime: '请指定开始时间（beginTime）', endTime: '请指定结束时间（endTime）' },
  );
const touristAccess = access.menu('platform:dataAnalysis:touristAnalysis');

export const touristRoutes = {
  /** 当前在园 (today's entries minus exits), 入园人次, 出园人次, 估算人均停留, 自驾平均停留, 客源省份. */
  summary: defineRoute({
    method: 'GET',
    path: '/analysis/tourists/summary',
    query: ranged(),
    reply: dataReply<StatGroupData>(),
    access: touristAccess,
  }),
  /** 入园 and 出园 per hour (ranges up to two days) or per Shanghai day, and 在园 at each bucket's end. */
  flow: defineRoute({
    method: 'GET',
    path: '/analysis/tourists/flow',
    query: ranged(),
    reply: dataReply<SeriesData>(),
    access: touristAccess,
  }),
  /** Cars parked in the range by the province of their plate, most first. */
  origins: defineRoute({
    method: 'GET',
    path: '/analysis/tourists/origins',
    query: ranged(),
    reply: dataReply<CategoryData>(),
    access: touristAccess,
  }),
  /** Stays of the cars that left in the range, by length (under 1 h, 1–2 h, 2–4 h, 4–8 h, 8 h and more). */
  dwell: defineRoute({
    method: 'GET',
    path: '/analysis/tourists/dwell',
    query: ranged(),
    reply: dataReply<CategoryData>(),
    access: touristAccess,
  }),
  /** Mean people in view per camera over the range, at the cameras' positions: the heat layer's data. */
  heat: defineRoute({
    method: 'GET',
    path: '/analysis/tourists/heat',
    query: ranged(),
    reply: dataReply<VisitorHeatData>(),
    access: touristAccess,
  }),
};
