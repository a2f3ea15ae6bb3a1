import type { FastifyInstance } from 'fastify';
import { devRoutes as declared } from '../../contracts/api/devRoutes';
import { AppError, badRequest, ok } from '../envelope';
import { LogSmsProvider } from '../auth/SmsProvider';
import { route } from '../http/registerRoute';
import type { ServerContext } from '../ServerContext';
import type { AlarmService } from '../alarms/AlarmService';
import type { FleetSimulator } from '../devices/FleetSimulator';

/** Registered only with SMS_DEV_ENDPOINT=1 (contracts/api/devRoutes.ts): for end-to-end tests and demos. */
export async function devRoutes(api: FastifyInstance, ctx: ServerContext, alarms: AlarmService, simulator: FleetSimulator): Promise<void> {
  // Raises an alarm as a device would (tests and demos); the same path the simulator and MQTT use.
  route(api, declared.raiseAlarm, async (request) => {
    const { tenantId = 1, alarmType, deviceId, grade, content } = request.body;
    if (!(await ctx.users.tenantExists(tenantId))) throw new AppError(404, '租户不存在');
    // No default type: the server knows no alarm type of its own, the alarm plugins declare them all.
    if (!alarmType) throw badRequest('请指定告警类型');
    const alarm = await alarms.raise({
      tenantId,
      alarmType,
      ...(deviceId ? { deviceId } : {}),
      ...(grade ? { grade } : {}),
      content: content ?? '测试告警',
      description: '由开发接口触发',
    });
    return ok(alarm);
  });

  // A simulated device goes on- or offline, as its reports would say (tests and demos).
  route(api, declared.deviceOnline, async (request) => {
    const { deviceId, online } = request.body;
    if (!(await simulator.setOnline(deviceId, online))) throw new AppError(404, `设备不存在：${deviceId}`);
    return ok({ deviceId, online });
  });

  route(api, declared.lastSms, async (request) => {
    const { phonenumber } = request.query;
    const code = ctx.smsProvider instanceof LogSmsProvider ? ctx.smsProvider.lastCode(phonenumber) : undefined;
    if (!code) throw new AppError(404, '暂无验证码');
    return ok({ phonenumber, smsCode: code });
  });
}
