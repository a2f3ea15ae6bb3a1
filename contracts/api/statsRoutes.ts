/** The statistics panels' queries (contracts/panels.ts shapes): devices, alarms and commands of the caller's tenant. */
import type { CategoryData, DeviceStatusData, SeriesData, StatGroupData, StatValue } from '../panels';
import { dataReply, defineRoute, type DataEnvelope, type ReplyType } from './defineRoute';
import { access } from './routeAccess';
import { boundedInteger, fields, oneOf, withDefault } from './schemas';

/** The periods statistics are asked for (`range`, server/stats/periods.ts says what each covers). */
export const STATS_RANGES = ['today', '24h', '7d', '30d'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

const RANGE_MESSAGE = '统计范围不正确，只能是 today、24h、7d 或 30d';
/** `range`, optional with a default. */
export const statsRange = (fallback: StatsRange) => withDefault(oneOf('统计范围', STATS_RANGES, RANGE_MESSAGE), fallback);
/** `limit` of a ranking: 1 to 50, default 10. */
export const rankingLimit = () => withDefault(boundedInteger('条数必须是 1 到 50 的整数', 1, 50), 10);

// 综合态势 sees them all, each module its own; 数据分析 reads the alarm analytics.
const devicesAccess = access.menu('platform:comprehensive', 'platform:device');
const alarmsAccess = access.menu('platform:comprehensive', 'platform:alarmManage', 'platform:dataAnalysis');

const ranged = (fallback: StatsRange) => fields({ range: statsRange(fallback) });
const alarmQuery = <Data>(path: string, fallback: StatsRange, reply: ReplyType<DataEnvelope<Data>>) =>
  defineRoute({ method: 'GET', path, query: ranged(fallback), reply, access: alarmsAccess });

export const statsRoutes = {
  deviceSummary: defineRoute({ method: 'GET', path: '/stats/devices/summary', reply: dataReply<StatGroupData>(), access: devicesAccess }),
  devicesByKind: defineRoute({ method: 'GET', path: '/stats/devices/byKind', reply: dataReply<DeviceStatusData>(), access: devicesAccess }),
  alarmCount: alarmQuery('/stats/alarms/count', 'today', dataReply<StatValue>()),
  alarmsByStatus: alarmQuery('/stats/alarms/byStatus', 'today', dataReply<CategoryData>()),
  alarmsByGrade: alarmQuery('/stats/alarms/byGrade', 'today', dataReply<CategoryData>()),
  alarmsByType: alarmQuery('/stats/alarms/byType', 'today', dataReply<CategoryData>()),
  alarmTrend: alarmQuery('/stats/alarms/trend', '24h', dataReply<SeriesData>()),
  topAlarmDevices: defineRoute({
    method: 'GET',
    path: '/stats/alarms/topDevices',
    query: fields({ range: statsRange('today'), limit: rankingLimit() }),
    reply: dataReply<CategoryData>(),
    access: alarmsAccess,
  }),
  handlingTimes: alarmQuery('/stats/alarms/handlingTimes', 'today', dataReply<StatGroupData>()),
  alarmsByOperator: alarmQuery('/stats/alarms/byOperator', 'today', dataReply<CategoryData>()),
  commandTrend: defineRoute({
    method: 'GET',
    path: '/stats/commands/trend',
    query: ranged('24h'),
    reply: dataReply<SeriesData>(),
    access: devicesAccess,
  }),
};
