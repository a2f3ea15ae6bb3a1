import type { FastifyInstance } from 'fastify';
import { ALARM_GRADES, ALARM_STATUSES, type AlarmService } from './AlarmService';
import { ok } from '../envelope';
import type { ServerContext } from '../ServerContext';
import { access } from '../access/RouteAccess';

const id = (label: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: 2147483647,
  errorMessage: { type: `${label}必须是正整数`, minimum: `${label}必须是正整数`, maximum: `${label}必须是正整数` },
});
const page = {
  pageNum: {
    type: 'integer',
    minimum: 1,
    maximum: 1_000_000,
    default: 1,
    errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数', maximum: '页码过大' },
  },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: 200,
    default: 20,
    errorMessage: { type: '每页条数必须是正整数', minimum: '每页条数必须是正整数', maximum: '每页条数不能超过 200' },
  },
};
const time = (label: string) => ({
  type: 'integer',
  minimum: 0,
  errorMessage: { type: `${label}必须是毫秒时间戳`, minimum: `${label}必须是毫秒时间戳` },
});
const comment = {
  type: 'string',
  maxLength: 500,
  default: '',
  errorMessage: { type: '备注必须是文字', maxLength: '备注不能超过 500 个字符' },
};
const body = (properties: Record<string, object>, required: Record<string, string>) => ({
  body: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});

/** Alarm list (spec: /devi/aep/alarm/lists), event-center calls and the emergency view. */
export async function alarmRoutes(api: FastifyInstance, ctx: ServerContext, alarms: AlarmService): Promise<void> {
  // The event center's calls need 告警管理; the emergency view also opens from 安全应急.
  const auth = { access: access.menu('platform:alarmManage') };
  const emergency = { access: access.menu('platform:alarmManage', 'platform:securityEmergency') };
  api.get(
    '/devi/aep/alarm/lists',
    {
      config: auth,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            // `id` is the device whose alarms are listed (spec section 7); absent lists every alarm.
            id: id('设备编号'),
            ...page,
            alarmType: {
              type: 'string',
              maxLength: 40,
              pattern: '^[A-Z][A-Z0-9_]*$',
              errorMessage: { type: '告警类型不正确', pattern: '告警类型不正确', maxLength: '告警类型不正确' },
            },
            grade: { type: 'string', enum: [...ALARM_GRADES], errorMessage: { type: '告警等级不正确', enum: '告警等级不正确' } },
            status: { type: 'string', enum: [...ALARM_STATUSES], errorMessage: { type: '告警状态不正确', enum: '告警状态不正确' } },
            beginTime: time('开始时间'),
            endTime: time('结束时间'),
          },
        },
      },
    },
    async (request) => {
      const query = request.query as {
        id?: number;
        pageNum: number;
        pageSize: number;
        alarmType?: string;
        grade?: string;
        status?: string;
        beginTime?: number;
        endTime?: number;
      };
      const result = await alarms.list({
        tenantId: request.session!.tenantId,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
        ...(query.id ? { deviceId: query.id } : {}),
        ...(query.alarmType ? { alarmType: query.alarmType } : {}),
        ...(query.grade ? { grade: query.grade } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.beginTime !== undefined ? { beginTime: query.beginTime } : {}),
        ...(query.endTime !== undefined ? { endTime: query.endTime } : {}),
      });
      return { code: 200, msg: '查询成功', ...result };
    },
  );

  api.get('/alarm/stats', { config: auth }, async (request) => ok(await alarms.stats(request.session!.tenantId)));

  api.get('/alarm/assignees', { config: auth }, async (request) => {
    return ok(await ctx.users.members(request.session!.tenantId));
  });

  api.get(
    '/alarm/detail/:alarmId',
    { config: auth, schema: { params: { type: 'object', properties: { alarmId: id('告警编号') } } } },
    async (request) => ok(await alarms.detail(request.session!.tenantId, (request.params as { alarmId: number }).alarmId)),
  );

  api.get(
    '/alarm/emergency/:alarmId',
    { config: emergency, schema: { params: { type: 'object', properties: { alarmId: id('告警编号') } } } },
    async (request) => ok(await alarms.emergency(request.session!.tenantId, (request.params as { alarmId: number }).alarmId)),
  );

  api.post(
    '/alarm/transition',
    {
      config: auth,
      schema: body(
        {
          alarmId: id('告警编号'),
          status: { type: 'string', enum: [...ALARM_STATUSES], errorMessage: { enum: '告警状态不正确', type: '告警状态不正确' } },
          comment,
        },
        { alarmId: '请指定告警', status: '请指定目标状态' },
      ),
    },
    async (request) => {
      const input = request.body as { alarmId: number; status: string; comment: string };
      return ok(
        await alarms.transition(request.session!.tenantId, request.session!.userId, input.alarmId, input.status, input.comment.trim()),
        {},
        '状态已更新',
      );
    },
  );

  api.post(
    '/alarm/assign',
    {
      config: auth,
      schema: body({ alarmId: id('告警编号'), userId: id('处理人编号'), comment }, { alarmId: '请指定告警', userId: '请指定处理人' }),
    },
    async (request) => {
      const input = request.body as { alarmId: number; userId: number; comment: string };
      return ok(
        await alarms.assign(request.session!.tenantId, request.session!.userId, input.alarmId, input.userId, input.comment.trim()),
        {},
        '已指派',
      );
    },
  );

  api.post(
    '/alarm/comment',
    {
      config: auth,
      schema: body(
        {
          alarmId: id('告警编号'),
          comment: {
            type: 'string',
            minLength: 1,
            maxLength: 500,
            errorMessage: { minLength: '请输入备注', maxLength: '备注不能超过 500 个字符', type: '请输入备注' },
          },
        },
        { alarmId: '请指定告警', comment: '请输入备注' },
      ),
    },
    async (request) => {
      const input = request.body as { alarmId: number; comment: string };
      if (!input.comment.trim()) return { code: 400, msg: '请输入备注' };
      await alarms.comment(request.session!.tenantId, request.session!.userId, input.alarmId, input.comment.trim());
      return ok(undefined, {}, '备注已添加');
    },
  );
}
