import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../envelope';
import { LogSmsProvider } from '../auth/SmsProvider';
import { objectSchema, PHONE_PATTERN, stringField } from '../validation';
import type { ServerContext } from '../ServerContext';
import type { AlarmService } from '../alarms/AlarmService';

/** Registered only with SMS_DEV_ENDPOINT=1: the last SMS code per phone, for end-to-end tests. */
export async function devRoutes(api: FastifyInstance, ctx: ServerContext, alarms: AlarmService): Promise<void> {
  // Raises an alarm as a device would (tests and demos); the same path the simulator and MQTT use.
  api.post('/dev/alarm/raise', async (request) => {
    const body = (request.body ?? {}) as { tenantId?: string | number; alarmType?: string; deviceId?: string | number; content?: string; grade?: string };
    const alarm = await alarms.raise({
      tenantId: Number(body.tenantId ?? 1),
      alarmType: String(body.alarmType ?? 'SMOKE'),
      ...(body.deviceId ? { deviceId: Number(body.deviceId) } : {}),
      ...(body.grade ? { grade: String(body.grade) } : {}),
      content: String(body.content ?? '测试告警'),
      description: '由开发接口触发',
    });
    return ok(alarm);
  });

  api.get(
    '/dev/sms/last',
    { schema: { querystring: objectSchema({ phonenumber: stringField({ required: '请输入手机号码', pattern: '请输入有效的手机号码' }, { pattern: PHONE_PATTERN }) }, { phonenumber: '请输入手机号码' }) } },
    async (request) => {
      const { phonenumber } = request.query as { phonenumber: string };
      const code = ctx.smsProvider instanceof LogSmsProvider ? ctx.smsProvider.lastCode(phonenumber) : undefined;
      if (!code) throw new AppError(404, '暂无验证码');
      return ok({ phonenumber, smsCode: code });
    },
  );
}
