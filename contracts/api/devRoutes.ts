/**
 * Test and demo endpoints, registered only with SMS_DEV_ENDPOINT=1 (the end-to-end tests drive them):
 * raise an alarm as a device would, flip a simulated device on- or offline, read the last SMS code.
 */
import { String as StringType } from 'typebox/type';
import { access } from './routeAccess';
import { dataReply, defineRoute } from './defineRoute';
import { bool, fields, PHONE_PATTERN, patterned, plainId, stringField } from './schemas';
import type { AlarmRow } from '../alarms';

const devOnly = access.public('仅 SMS_DEV_ENDPOINT=1 时存在，供测试与演示');
const deviceId = plainId('设备编号必须是正整数');

export const devRoutes = {
  /** The same path the simulator and MQTT take; tenant 1 and 测试告警 unless given, the type always. */
  raiseAlarm: defineRoute({
    method: 'POST',
    path: '/dev/alarm/raise',
    body: fields({
      tenantId: plainId('租户编号无效'),
      alarmType: patterned('告警类型格式不正确', '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
      deviceId,
      grade: StringType({ maxLength: 64, errorMessage: { type: '告警等级不正确', maxLength: '告警等级不正确' } }),
      content: StringType({
        minLength: 1,
        maxLength: 200,
        errorMessage: { type: '告警内容不正确', minLength: '请输入告警内容', maxLength: '告警内容不能超过 200 字' },
      }),
    }),
    bodyEncoding: 'json',
    reply: dataReply<AlarmRow>(),
    access: devOnly,
  }),
  /** A simulated device goes on- or offline, as its reports would say. */
  deviceOnline: defineRoute({
    method: 'POST',
    path: '/dev/device/online',
    body: fields({ deviceId, online: bool('在线状态') }, { deviceId: '请指定设备', online: '请指定在线状态' }),
    bodyEncoding: 'json',
    reply: dataReply<{ deviceId: number; online: boolean }>(),
    access: devOnly,
  }),
  /** The last SMS code sent to a phone (the log SMS provider only). */
  lastSms: defineRoute({
    method: 'GET',
    path: '/dev/sms/last',
    query: fields(
      { phonenumber: stringField({ required: '请输入手机号码', pattern: '请输入有效的手机号码' }, { pattern: PHONE_PATTERN }) },
      { phonenumber: '请输入手机号码' },
    ),
    reply: dataReply<{ phonenumber: string; smsCode: string }>(),
    access: devOnly,
  }),
};
