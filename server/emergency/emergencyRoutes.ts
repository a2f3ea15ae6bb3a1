import type { FastifyInstance } from 'fastify';
import {
  EMERGENCY_API,
  EMERGENCY_EVENT_STATUSES,
  EMERGENCY_KINDS,
  EMERGENCY_LEVELS,
  EMERGENCY_RADIUS_MAX,
  EMERGENCY_RADIUS_MIN,
  type AlarmEmergencyEventBody,
  type CloseEmergencyEventBody,
  type CreateEmergencyEventBody,
  type DispatchEmergencyTaskBody,
  type EmergencyEventQuery,
  type EmergencyTaskNoteBody,
  type EmergencyTaskProgressBody,
  type ReassignEmergencyTaskBody,
} from '../../contracts/emergency';
import { access } from '../access/RouteAccess';
import { ok } from '../envelope';
import type { Emergency } from './Emergency';

const MAX_ID = 2147483647;
const id = (label: string) => ({
  type: 'integer',
  minimum: 1,
  maximum: MAX_ID,
  errorMessage: { type: `${label}必须是正整数`, minimum: `${label}必须是正整数`, maximum: `${label}必须是正整数` },
});
const time = (label: string) => ({
  type: 'integer',
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  errorMessage: { type: `${label}必须是毫秒时间戳`, minimum: `${label}必须是毫秒时间戳`, maximum: `${label}必须是毫秒时间戳` },
});
const oneOf = (label: string, values: readonly string[]) => ({
  type: 'string',
  enum: [...values],
  errorMessage: { type: `${label}不正确`, enum: `${label}不正确（可选：${values.join('、')}）` },
});
const text = (label: string, maxLength: number, required = false) => ({
  type: 'string',
  ...(required ? { minLength: 1 } : {}),
  maxLength,
  errorMessage: {
    type: `${label}必须是文字`,
    ...(required ? { minLength: `请填写${label}` } : {}),
    maxLength: `${label}不能超过 ${maxLength} 个字符`,
  },
});
const range = (label: string, minimum: number, maximum: number, unit = '') => ({
  type: 'number',
  minimum,
  maximum,
  errorMessage: {
    type: `${label}必须是数字`,
    minimum: `${label}必须在 ${minimum} 到 ${maximum}${unit} 之间`,
    maximum: `${label}必须在 ${minimum} 到 ${maximum}${unit} 之间`,
  },
});
const integerRange = (label: string, minimum: number, maximum: number, unit = '') => ({
  ...range(label, minimum, maximum, unit),
  type: 'integer',
  errorMessage: { ...range(label, minimum, maximum, unit).errorMessage, type: `${label}必须是整数` },
});
const body = (properties: Record<string, object>, required: Record<string, string>) => ({
  body: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});
const query = (properties: Record<string, object>, required: Record<string, string> = {}) => ({
  querystring: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});

const longitude = range('经度', -180, 180);
const latitude = range('纬度', -90, 90);
const radius = integerRange('影响半径', EMERGENCY_RADIUS_MIN, EMERGENCY_RADIUS_MAX, ' 米');
const eventId = id('事件编号');
const taskId = id('任务编号');
const teamId = id('班组编号');
const note = text('备注', 500);
const needTask = { taskId: '请指定任务' };

/** Emergency dispatch (安防应急, platform:securityEmergency and its pages): contracts/emergency.ts EMERGENCY_API. */
export async function emergencyRoutes(api: FastifyInstance, emergency: Emergency): Promise<void> {
  const config = { access: access.menu('platform:securityEmergency') };

  api.get(
    EMERGENCY_API.list,
    {
      config,
      schema: query({
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
        status: oneOf('事件状态', EMERGENCY_EVENT_STATUSES),
        kind: oneOf('事件类型', EMERGENCY_KINDS),
        keyword: text('搜索关键字', 50),
      }),
    },
    async (request) => {
      const { pageNum, pageSize, ...filters } = request.query as EmergencyEventQuery & { pageNum: number; pageSize: number };
      return {
        code: 200,
        msg: '查询成功',
        ...(await emergency.queries.list({ tenantId: request.session!.tenantId, pageNum, pageSize, ...filters })),
      };
    },
  );

  api.get(EMERGENCY_API.byAlarm, { config, schema: query({ alarmId: id('告警编号') }, { alarmId: '请指定告警' }) }, async (request) =>
    ok(await emergency.queries.byAlarm(request.session!.tenantId, (request.query as { alarmId: number }).alarmId)),
  );

  api.get(EMERGENCY_API.teams, { config }, async (request) => ok(await emergency.queries.teams(request.session!.tenantId)));

  api.get(EMERGENCY_API.stats, { config }, async (request) => ok(await emergency.queries.stats(request.session!.tenantId)));

  api.get(EMERGENCY_API.resources, { config, schema: query({ eventId }) }, async (request) =>
    ok(await emergency.resources.resources(request.session!.tenantId, (request.query as { eventId?: number }).eventId)),
  );

  api.get(
    EMERGENCY_API.feed,
    {
      config,
      schema: query({
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 100,
          default: 30,
          errorMessage: {
            type: '条数必须是 1 到 100 的整数',
            minimum: '条数必须是 1 到 100 的整数',
            maximum: '条数必须是 1 到 100 的整数',
          },
        },
      }),
    },
    async (request) => ok(await emergency.queries.feed(request.session!.tenantId, (request.query as { limit: number }).limit)),
  );

  // Spec section 7: the event with its tasks.
  api.get('/security/emergency/:eventId', { config, schema: { params: { type: 'object', properties: { eventId } } } }, async (request) =>
    ok(await emergency.queries.detail(request.session!.tenantId, (request.params as { eventId: number }).eventId)),
  );

  api.post(
    EMERGENCY_API.create,
    {
      config,
      schema: body(
        {
          kind: oneOf('事件类型', EMERGENCY_KINDS),
          title: text('事件标题', 100, true),
          description: text('事件描述', 1000),
          level: oneOf('事件等级', EMERGENCY_LEVELS),
          longitude,
          latitude,
          radius,
        },
        { kind: '请选择事件类型', title: '请填写事件标题', longitude: '请填写经度', latitude: '请填写纬度' },
      ),
    },
    async (request) => {
      const { tenantId, userId } = request.session!;
      return ok(await emergency.events.create(tenantId, userId, request.body as CreateEmergencyEventBody), {}, '应急事件已启动');
    },
  );

  api.post(
    EMERGENCY_API.fromAlarm,
    {
      config,
      schema: body(
        {
          alarmId: id('告警编号'),
          kind: oneOf('事件类型', EMERGENCY_KINDS),
          title: text('事件标题', 100),
          description: text('事件描述', 1000),
          radius,
          longitude,
          latitude,
        },
        { alarmId: '请指定告警' },
      ),
    },
    async (request) => {
      const { tenantId, userId } = request.session!;
      return ok(await emergency.events.fromAlarm(tenantId, userId, request.body as AlarmEmergencyEventBody), {}, '应急事件已启动');
    },
  );

  api.post(
    EMERGENCY_API.close,
    { config, schema: body({ eventId, result: text('处置结果', 1000, true) }, { eventId: '请指定事件', result: '请填写处置结果' }) },
    async (request) => {
      const input = request.body as CloseEmergencyEventBody;
      const { tenantId, userId } = request.session!;
      return ok(await emergency.events.close(tenantId, userId, input.eventId, input.result), {}, '应急事件已结束');
    },
  );

  api.post(
    EMERGENCY_API.dispatch,
    {
      config,
      schema: body(
        { eventId, title: text('任务名称', 100, true), description: text('任务说明', 1000), teamId, dueAt: time('截止时间') },
        { eventId: '请指定事件', title: '请填写任务名称', teamId: '请选择班组' },
      ),
    },
    async (request) => {
      const { tenantId, userId } = request.session!;
      return ok(await emergency.tasks.dispatch(tenantId, userId, request.body as DispatchEmergencyTaskBody), {}, '任务已派发');
    },
  );

  api.post(EMERGENCY_API.accept, { config, schema: body({ taskId, note }, needTask) }, async (request) => {
    const input = request.body as EmergencyTaskNoteBody;
    const { tenantId, userId } = request.session!;
    return ok(await emergency.tasks.accept(tenantId, { userId }, input.taskId, (input.note ?? '').trim()), {}, '任务已接收');
  });

  api.post(
    EMERGENCY_API.progress,
    {
      config,
      schema: body(
        { taskId, percent: integerRange('进度', 0, 99, '%'), note: text('进度说明', 500, true) },
        { ...needTask, percent: '请填写进度', note: '请填写进度说明' },
      ),
    },
    async (request) => {
      const input = request.body as EmergencyTaskProgressBody;
      const { tenantId, userId } = request.session!;
      return ok(await emergency.tasks.progress(tenantId, { userId }, input.taskId, input.percent, input.note.trim()), {}, '进度已上报');
    },
  );

  api.post(EMERGENCY_API.finish, { config, schema: body({ taskId, note }, needTask) }, async (request) => {
    const input = request.body as EmergencyTaskNoteBody;
    const { tenantId, userId } = request.session!;
    return ok(await emergency.tasks.finish(tenantId, { userId }, input.taskId, (input.note ?? '').trim()), {}, '任务已完成');
  });

  api.post(
    EMERGENCY_API.cancel,
    { config, schema: body({ taskId, note: text('取消原因', 500, true) }, { ...needTask, note: '请填写取消原因' }) },
    async (request) => {
      const input = request.body as Required<EmergencyTaskNoteBody>;
      const { tenantId, userId } = request.session!;
      return ok(await emergency.tasks.cancel(tenantId, { userId }, input.taskId, input.note.trim()), {}, '任务已取消');
    },
  );

  api.post(
    EMERGENCY_API.reassign,
    { config, schema: body({ taskId, teamId, note }, { ...needTask, teamId: '请选择班组' }) },
    async (request) => {
      const input = request.body as ReassignEmergencyTaskBody;
      const { tenantId, userId } = request.session!;
      return ok(
        await emergency.tasks.reassign(tenantId, { userId }, input.taskId, input.teamId, (input.note ?? '').trim()),
        {},
        '任务已改派',
      );
    },
  );
}
