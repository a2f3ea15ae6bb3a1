import type { FastifyInstance } from 'fastify';
import { AppError, badRequest, ok } from '../envelope';
import { LogSmsProvider } from '../auth/SmsProvider';
import { objectSchema, PHONE_PATTERN, stringField } from '../validation';
import type { ServerContext } from '../ServerContext';
import { access } from '../access/RouteAccess';

import type { AlarmService } from '../alarms/AlarmService';
import type { FleetSimulator } from '../devices/FleetSimulator';

const devOnly = { access: access.public('仅 SMS_DEV_ENDPOINT=1 时存在，供测试与演示') };

/** Registered only with SMS_DEV_ENDPOINT=1: the last SMS code per phone, for end-to-end tests. */
export async function devRoutes(api: FastifyInstance, ctx: ServerContext, alarms: AlarmService, simulator: FleetSimulator): Promise<void> {
  // Raises an alarm as a device would (tests and demos); the same path the simulator and MQTT use.
  const positive = (message: string) => ({
    type: 'integer',
    minimum: 1,
    maximum: 2147483647,
    errorMessage: { type: message, minimum: message, maximum: message },
  });
  api.post(
    '/dev/alarm/raise',
    {
      config: devOnly,
      schema: {
        body: {
          type: 'object',
          properties: {
            tenantId: positive('租户编号无效'),
            alarmType: {
              type: 'string',
              pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
              errorMessage: { type: '告警类型格式不正确', pattern: '告警类型格式不正确' },
            },
            deviceId: positive('设备编号必须是正整数'),
            grade: { type: 'string', maxLength: 64, errorMessage: { type: '告警等级不正确', maxLength: '告警等级不正确' } },
            content: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              errorMessage: { type: '告警内容不正确', minLength: '请输入告警内容', maxLength: '告警内容不能超过 200 字' },
            },
          },
          errorMessage: { type: '请求参数格式不正确' },
        },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as { tenantId?: number; alarmType?: string; deviceId?: number; content?: string; grade?: string };
      const tenantId = body.tenantId ?? 1;
      if (!(await ctx.users.tenantExists(tenantId))) throw new AppError(404, '租户不存在');
      // No default type: the server knows no alarm type of its own, the alarm plugins declare them all.
      if (!body.alarmType) throw badRequest('请指定告警类型');
      const alarm = await alarms.raise({
        tenantId,
        alarmType: body.alarmType,
        ...(body.deviceId ? { deviceId: body.deviceId } : {}),
        ...(body.grade ? { grade: body.grade } : {}),
        content: body.content ?? '测试告警',
        description: '由开发接口触发',
      });
      return ok(alarm);
    },
  );

  // A simulated device goes on- or offline, as its reports would say (tests and demos).
  api.post(
    '/dev/device/online',
    {
      config: devOnly,
      schema: {
        body: {
          type: 'object',
          properties: {
            deviceId: positive('设备编号必须是正整数'),
            online: { type: 'boolean', errorMessage: { type: '在线状态只能是 true 或 false' } },
          },
          required: ['deviceId', 'online'],
          errorMessage: { type: '请求参数格式不正确', required: { deviceId: '请指定设备', online: '请指定在线状态' } },
        },
      },
    },
    async (request) => {
      const { deviceId, online } = request.body as { deviceId: number; online: boolean };
      if (!(await simulator.setOnline(deviceId, online))) throw new AppError(404, `设备不存在：${deviceId}`);
      return ok({ deviceId, online });
    },
  );

  api.get(
    '/dev/sms/last',
    {
      config: devOnly,
      schema: {
        querystring: objectSchema(
          { phonenumber: stringField({ required: '请输入手机号码', pattern: '请输入有效的手机号码' }, { pattern: PHONE_PATTERN }) },
          { phonenumber: '请输入手机号码' },
        ),
      },
    },
    async (request) => {
      const { phonenumber } = request.query as { phonenumber: string };
      const code = ctx.smsProvider instanceof LogSmsProvider ? ctx.smsProvider.lastCode(phonenumber) : undefined;
      if (!code) throw new AppError(404, '暂无验证码');
      return ok({ phonenumber, smsCode: code });
    },
  );
}
