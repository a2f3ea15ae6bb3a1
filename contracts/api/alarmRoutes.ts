/** Alarms: the list of spec section 7 (/devi/aep/alarm/lists), the event center's calls and the emergency view. */
import { String as StringType } from 'typebox/type';
import { ALARM_GRADES, ALARM_STATUSES, type AlarmDetailData, type AlarmRow, type AlarmStats } from '../alarms';
import { dataReply, defineRoute, messageReply, tableReply } from './defineRoute';
import { access } from './routeAccess';
import { fields, id, oneOf, paging, pathParams, text, time, withDefault } from './schemas';

/** GET /alarm/emergency/{alarmId}: the alarm and the responders' devices within about 500 m. */
export interface AlarmEmergencyData {
  alarm: AlarmRow;
  nearbyDevices: {
    deviceId: number;
    deviceName: string;
    kind: string;
    online: boolean;
    longitude: number | null;
    latitude: number | null;
  }[];
}

// The event center's calls need 告警管理; the emergency view also opens from 安全应急.
const alarmManage = access.menu('platform:alarmManage');
const comment = withDefault(text('备注', 500), '');

export const alarmRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/devi/aep/alarm/lists',
    query: fields({
      // `id` is the device whose alarms are listed (spec section 7); absent lists every alarm.
      id: id('设备编号'),
      ...paging(),
      alarmType: StringType({
        maxLength: 40,
        pattern: '^[A-Z][A-Z0-9_]*$',
        errorMessage: { type: '告警类型不正确', pattern: '告警类型不正确', maxLength: '告警类型不正确' },
      }),
      grade: oneOf('告警等级', ALARM_GRADES, '告警等级不正确'),
      status: oneOf('告警状态', ALARM_STATUSES, '告警状态不正确'),
      beginTime: time('开始时间'),
      endTime: time('结束时间'),
    }),
    reply: tableReply<AlarmRow>(),
    access: alarmManage,
  }),
  stats: defineRoute({ method: 'GET', path: '/alarm/stats', reply: dataReply<AlarmStats>(), access: alarmManage }),
  assignees: defineRoute({
    method: 'GET',
    path: '/alarm/assignees',
    reply: dataReply<{ userId: number; nickName: string }[]>(),
    access: alarmManage,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/alarm/detail/:alarmId',
    params: pathParams({ alarmId: id('告警编号') }),
    reply: dataReply<AlarmDetailData>(),
    access: alarmManage,
  }),
  emergency: defineRoute({
    method: 'GET',
    path: '/alarm/emergency/:alarmId',
    params: pathParams({ alarmId: id('告警编号') }),
    reply: dataReply<AlarmEmergencyData>(),
    access: access.menu('platform:alarmManage', 'platform:securityEmergency'),
  }),
  transition: defineRoute({
    method: 'POST',
    path: '/alarm/transition',
    body: fields(
      { alarmId: id('告警编号'), status: oneOf('告警状态', ALARM_STATUSES, '告警状态不正确'), comment },
      { alarmId: '请指定告警', status: '请指定目标状态' },
    ),
    reply: dataReply<AlarmRow>(),
    access: alarmManage,
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/alarm/assign',
    body: fields({ alarmId: id('告警编号'), userId: id('处理人编号'), comment }, { alarmId: '请指定告警', userId: '请指定处理人' }),
    reply: dataReply<AlarmRow>(),
    access: alarmManage,
  }),
  comment: defineRoute({
    method: 'POST',
    path: '/alarm/comment',
    body: fields(
      {
        alarmId: id('告警编号'),
        comment: StringType({
          minLength: 1,
          maxLength: 500,
          errorMessage: { minLength: '请输入备注', maxLength: '备注不能超过 500 个字符', type: '请输入备注' },
        }),
      },
      { alarmId: '请指定告警', comment: '请输入备注' },
    ),
    reply: messageReply(),
    access: alarmManage,
  }),
};
