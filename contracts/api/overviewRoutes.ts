/**
 * Overview figures: Home's situation and latest alarms, the key figures of each module root and the
 * figures Home's tiles show (their plugins name the query in `routes[].tile`). Shapes are the panel
 * data of contracts/panels.ts, so any widget of the family draws them. Every figure is tenant-scoped.
 */
import type { AlarmRow } from '../alarms';
import type { CategoryData, DeviceStatusData, StatGroupData } from '../panels';
import { dataReply, defineRoute, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { boundedInteger, fields, patterned, withDefault } from './schemas';

/** Alarm type codes, comma-separated (the alarm plugins' `code`): at most 50. */
export const ALARM_TYPE_LIST_PATTERN = '^[A-Z][A-Z0-9_]{0,39}(,[A-Z][A-Z0-9_]{0,39}){0,49}$';
/** Device kinds (the device plugins' `page`), comma-separated: at most 50. */
export const DEVICE_KIND_LIST_PATTERN = '^[a-z][A-Za-z0-9]{0,31}(,[a-z][A-Za-z0-9]{0,31}){0,49}$';

const alarmTypes = patterned('告警类型列表不正确，应为逗号分隔的告警类型代码（如 FIRE,SMOKE）', ALARM_TYPE_LIST_PATTERN);
const deviceKinds = patterned('设备类型列表不正确，应为逗号分隔的设备类型（如 camera,lamp）', DEVICE_KIND_LIST_PATTERN);

// Alarms reach every signed-in operator of the tenant as toasts, so Home may show them to anyone with a menu;
// the module figures need the module (or one of its child pages).
const alarmModules = access.menu(
  'platform:alarmManage',
  'platform:comprehensive',
  'platform:dataAnalysis',
  'platform:cityManagement',
  'platform:lawEnforcement',
  'platform:lowAltitude',
  'platform:team',
  'platform:monitoringCenter',
  'platform:securityEmergency',
);

export const overviewRoutes = {
  /** Home: 设备在线率, 今日告警 (with yesterday), 待处理告警, 处置中事件, 未办结工单. */
  situation: defineRoute({ method: 'GET', path: '/overview/situation', reply: dataReply<StatGroupData>(), access: access.anyMenu }),
  /** Home: the newest alarms, newest first. */
  latestAlarms: defineRoute({
    method: 'GET',
    path: '/overview/alarms/latest',
    query: fields({ limit: withDefault(boundedInteger('条数必须是 1 到 20 的整数', 1, 20), 8) }),
    reply: tableReply<AlarmRow>(),
    access: access.anyMenu,
  }),
  /** 今日告警 (with yesterday), 待处理, 处理中, 今日已处理: of the listed alarm types, or of every type. */
  alarmSummary: defineRoute({
    method: 'GET',
    path: '/overview/alarms/summary',
    query: fields({ types: alarmTypes }),
    reply: dataReply<StatGroupData>(),
    access: alarmModules,
  }),
  /** Today's alarms per type (of the listed types, or every type that had one), most first. */
  alarmsByType: defineRoute({
    method: 'GET',
    path: '/overview/alarms/byType',
    query: fields({ types: alarmTypes }),
    reply: dataReply<CategoryData>(),
    access: alarmModules,
  }),
  /** 设备总数, 在线, 离线, 在线率 of the listed kinds (default every kind) the caller may read. */
  devices: defineRoute({
    method: 'GET',
    path: '/overview/devices',
    query: fields({ kinds: deviceKinds }),
    reply: dataReply<StatGroupData>(),
    access: access.readDevices,
  }),
  /** On- and offline devices per kind, of the listed kinds (default every kind) the caller may read. */
  devicesByKind: defineRoute({
    method: 'GET',
    path: '/overview/devices/byKind',
    query: fields({ kinds: deviceKinds }),
    reply: dataReply<DeviceStatusData>(),
    access: access.readDevices,
  }),
  /** 监控中心: 在线摄像头, 离线摄像头, 摄像头在线率, 进行中会商, 近 24 小时诊断异常. */
  monitoring: defineRoute({
    method: 'GET',
    path: '/overview/monitoring',
    reply: dataReply<StatGroupData>(),
    access: access.menu('platform:monitoringCenter'),
  }),
  /** 运维管理: 未办结工单, 超时工单, 今日办结工单, 待处理故障, 近 24 小时诊断异常. */
  operation: defineRoute({
    method: 'GET',
    path: '/overview/operation',
    reply: dataReply<StatGroupData>(),
    access: access.menu('platform:operation'),
  }),
  /** 安全应急: 处置中事件, 今日新增事件, 待接收任务, 执行中任务, 救援队伍. */
  emergency: defineRoute({
    method: 'GET',
    path: '/overview/emergency',
    reply: dataReply<StatGroupData>(),
    access: access.menu('platform:securityEmergency'),
  }),
  /** 数据分析: 今日告警, 今日入园游客, 车位占用率, 近 30 日工单办结率. */
  analysis: defineRoute({
    method: 'GET',
    path: '/overview/analysis',
    reply: dataReply<StatGroupData>(),
    access: access.menu('platform:dataAnalysis'),
  }),
  /** 队伍: 队伍数, 在办工单, 在办应急任务. */
  teams: defineRoute({
    method: 'GET',
    path: '/overview/teams',
    reply: dataReply<StatGroupData>(),
    access: access.menu('platform:team', 'platform:securityEmergency', 'platform:operation'),
  }),
  /** Open work orders and emergency tasks per team, busiest first (key = team id). */
  teamLoad: defineRoute({
    method: 'GET',
    path: '/overview/teams/load',
    reply: dataReply<CategoryData>(),
    access: access.menu('platform:team', 'platform:securityEmergency', 'platform:operation'),
  }),
};
