/** 商业运营's panel queries (contracts/panels.ts shapes): visitors, tickets, takings, parking and merchants; 综合态势 and 数据分析 read them too. */
import type { CategoryData, GaugeData, SeriesData, StatGroupData, StatValue } from '../panels';
import { dataReply, defineRoute } from './defineRoute';
import { access } from './routeAccess';
import { fields, oneOf, withDefault } from './schemas';
import { rankingLimit, statsRange } from './statsRoutes';

const businessAccess = access.menu('platform:business', 'platform:comprehensive', 'platform:dataAnalysis');
const VISITOR_GROUPINGS = ['total', 'gate'] as const;

export const businessRoutes = {
  visitors: defineRoute({
    method: 'GET',
    path: '/stats/business/visitors',
    query: fields({
      range: statsRange('today'),
      by: withDefault(oneOf('分组方式', VISITOR_GROUPINGS, '分组方式只能是 total 或 gate'), 'total'),
    }),
    reply: dataReply<SeriesData>(),
    access: businessAccess,
  }),
  visitorsToday: defineRoute({
    method: 'GET',
    path: '/stats/business/visitorsToday',
    reply: dataReply<StatValue>(),
    access: businessAccess,
  }),
  tickets: defineRoute({
    method: 'GET',
    path: '/stats/business/tickets',
    query: fields({ range: statsRange('7d') }),
    reply: dataReply<SeriesData>(),
    access: businessAccess,
  }),
  revenue: defineRoute({
    method: 'GET',
    path: '/stats/business/revenue',
    query: fields({ range: statsRange('today') }),
    reply: dataReply<StatGroupData>(),
    access: businessAccess,
  }),
  parking: defineRoute({ method: 'GET', path: '/stats/business/parking', reply: dataReply<GaugeData>(), access: businessAccess }),
  parkingLots: defineRoute({
    method: 'GET',
    path: '/stats/business/parkingLots',
    reply: dataReply<CategoryData>(),
    access: businessAccess,
  }),
  merchants: defineRoute({
    method: 'GET',
    path: '/stats/business/merchants',
    query: fields({ range: statsRange('today'), limit: rankingLimit() }),
    reply: dataReply<CategoryData>(),
    access: businessAccess,
  }),
};
