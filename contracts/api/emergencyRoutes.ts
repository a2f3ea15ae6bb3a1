/**
 * 应急处置's routes (安防应急, platform:securityEmergency and its pages). Another tenant's event, task or
 * team answers 404 like a missing one; bad input 400 with a Chinese message naming the field.
 */
import { access } from './routeAccess';
import { dataReply, defineRoute, tableReply } from './defineRoute';
import { boundedInteger, fields, id, integerRange, oneOf, paging, pathParams, range, text, time, withDefault } from './schemas';
import {
  EMERGENCY_EVENT_STATUSES,
  EMERGENCY_KINDS,
  EMERGENCY_LEVELS,
  EMERGENCY_RADIUS_MAX,
  EMERGENCY_RADIUS_MIN,
  type EmergencyEventDetail,
  type EmergencyEventRow,
  type EmergencyFeedEntry,
  type EmergencyResources,
  type EmergencyStats,
  type EmergencyTaskRow,
  type EmergencyTeamLoad,
} from '../emergency';

const emergencyMenu = access.menu('platform:securityEmergency');

const longitude = range('经度', -180, 180);
const latitude = range('纬度', -90, 90);
const radius = integerRange('影响半径', EMERGENCY_RADIUS_MIN, EMERGENCY_RADIUS_MAX, ' 米');
const eventId = id('事件编号');
const taskId = id('任务编号');
const teamId = id('班组编号');
const kind = oneOf('事件类型', EMERGENCY_KINDS);
const note = text('备注', 500);
const needTask = { taskId: '请指定任务' } as const;
const eventReply = dataReply<EmergencyEventDetail>();
const taskReply = dataReply<EmergencyTaskRow>();

export const emergencyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/security/emergency/list',
    query: fields({ ...paging(), status: oneOf('事件状态', EMERGENCY_EVENT_STATUSES), kind, keyword: text('搜索关键字', 50) }),
    reply: tableReply<EmergencyEventRow>(),
    access: emergencyMenu,
  }),
  /** The event an alarm belongs to (404 if none). */
  byAlarm: defineRoute({
    method: 'GET',
    path: '/security/emergency/byAlarm',
    query: fields({ alarmId: id('告警编号') }, { alarmId: '请指定告警' }),
    reply: eventReply,
    access: emergencyMenu,
  }),
  teams: defineRoute({ method: 'GET', path: '/security/emergency/teams', reply: dataReply<EmergencyTeamLoad[]>(), access: emergencyMenu }),
  stats: defineRoute({ method: 'GET', path: '/security/emergency/stats', reply: dataReply<EmergencyStats>(), access: emergencyMenu }),
  /** Shelters, routes, hydrants and cameras; the cameras nearest the event first when one is named. */
  resources: defineRoute({
    method: 'GET',
    path: '/security/emergency/resources',
    query: fields({ eventId }),
    reply: dataReply<EmergencyResources>(),
    access: emergencyMenu,
  }),
  /** The newest event and task changes, newest first. */
  feed: defineRoute({
    method: 'GET',
    path: '/security/emergency/feed',
    query: fields({ limit: withDefault(boundedInteger('条数必须是 1 到 100 的整数', 1, 100), 30) }),
    reply: dataReply<EmergencyFeedEntry[]>(),
    access: emergencyMenu,
  }),
  /** Spec section 7: the event with its tasks. */
  detail: defineRoute({
    method: 'GET',
    path: '/security/emergency/:eventId',
    params: pathParams({ eventId }),
    reply: eventReply,
    access: emergencyMenu,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/security/emergency/create',
    body: fields(
      {
        kind,
        title: text('事件标题', 100, true),
        description: text('事件描述', 1000),
        level: oneOf('事件等级', EMERGENCY_LEVELS),
        longitude,
        latitude,
        radius,
      },
      { kind: '请选择事件类型', title: '请填写事件标题', longitude: '请填写经度', latitude: '请填写纬度' },
    ),
    bodyEncoding: 'json',
    reply: eventReply,
    access: emergencyMenu,
  }),
  /** Opens (or joins) the event of an alarm; the alarm's position unless one is given. */
  fromAlarm: defineRoute({
    method: 'POST',
    path: '/security/emergency/fromAlarm',
    body: fields(
      { alarmId: id('告警编号'), kind, title: text('事件标题', 100), description: text('事件描述', 1000), radius, longitude, latitude },
      { alarmId: '请指定告警' },
    ),
    bodyEncoding: 'json',
    reply: eventReply,
    access: emergencyMenu,
  }),
  close: defineRoute({
    method: 'POST',
    path: '/security/emergency/close',
    body: fields({ eventId, result: text('处置结果', 1000, true) }, { eventId: '请指定事件', result: '请填写处置结果' }),
    bodyEncoding: 'json',
    reply: eventReply,
    access: emergencyMenu,
  }),
  dispatch: defineRoute({
    method: 'POST',
    path: '/security/emergency/task/dispatch',
    body: fields(
      { eventId, title: text('任务名称', 100, true), description: text('任务说明', 1000), teamId, dueAt: time('截止时间') },
      { eventId: '请指定事件', title: '请填写任务名称', teamId: '请选择班组' },
    ),
    bodyEncoding: 'json',
    reply: taskReply,
    access: emergencyMenu,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/security/emergency/task/accept',
    body: fields({ taskId, note }, needTask),
    bodyEncoding: 'json',
    reply: taskReply,
    access: emergencyMenu,
  }),
  /** percent 0..99 (finishing sets 100). */
  progress: defineRoute({
    method: 'POST',
    path: '/security/emergency/task/progress',
    body: fields(
      { taskId, percent: integerRange('进度', 0, 99, '%'), note: text('进度说明', 500, true) },
      { ...needTask, percent: '请填写进度', note: '请填写进度说明' },
    ),
    bodyEncoding: 'json',
    reply: taskReply,
    access: emergencyMenu,
  }),
  finish: defineRoute({
    method: 'POST',
    path: '/security/emergency/task/finish',
    body: fields({ taskId, note }, needTask),
    bodyEncoding: 'json',
    reply: taskReply,
    access: emergencyMenu,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/security/emergency/task/cancel',
    body: fields({ taskId, note: text('取消原因', 500, true) }, { ...needTask, note: '请填写取消原因' }),
    bodyEncoding: 'json',
    reply: taskReply,
    access: emergencyMenu,
  }),
  /** To another team of the tenant (back to 待接收). */
  reassign: defineRoute({
    method: 'POST',
    path: '/security/emergency/task/reassign',
    body: fields({ taskId, teamId, note }, { ...needTask, teamId: '请选择班组' }),
    bodyEncoding: 'json',
    reply: taskReply,
    access: emergencyMenu,
  }),
};
