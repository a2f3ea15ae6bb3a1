import type { FastifyError, FastifyInstance } from 'fastify';
import {
  WORK_ORDER_CATEGORIES,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATUSES,
  type AlarmWorkOrderBody,
  type CreateWorkOrderBody,
  type WorkOrderQuery,
} from '../../contracts/workOrders';
import { access } from '../access/RouteAccess';
import { AppError, ok } from '../envelope';
import { MAX_PHOTO_BYTES } from './photos';
import type { WorkOrders } from './WorkOrders';

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
const flag = (label: string) => ({
  type: 'string',
  enum: ['0', '1'],
  errorMessage: { type: `${label}只能是 0 或 1`, enum: `${label}只能是 0 或 1` },
});
const photoIds = {
  type: 'array',
  maxItems: 9,
  items: { type: 'integer', minimum: 1, maximum: MAX_ID },
  errorMessage: '照片编号必须是正整数的列表（最多 9 张）',
};
const body = (properties: Record<string, object>, required: Record<string, string>) => ({
  body: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});
const query = (properties: Record<string, object>, required: Record<string, string> = {}) => ({
  querystring: { type: 'object', properties, required: Object.keys(required), errorMessage: { type: '请求参数格式不正确', required } },
});

const listQuery = query({
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
  status: oneOf('工单状态', WORK_ORDER_STATUSES),
  priority: oneOf('优先级', WORK_ORDER_PRIORITIES),
  category: oneOf('工单类别', WORK_ORDER_CATEGORIES),
  source: oneOf('工单来源', WORK_ORDER_SOURCES),
  assigneeUserId: id('处理人编号'),
  assigneeTeamId: id('班组编号'),
  alarmId: id('告警编号'),
  deviceId: id('设备编号'),
  keyword: text('搜索关键字', 50),
  beginTime: time('开始时间'),
  endTime: time('结束时间'),
  dueBegin: time('截止开始时间'),
  dueEnd: time('截止结束时间'),
  overdue: flag('是否超时'),
  escalated: flag('是否已升级'),
});

const createFields = {
  title: text('工单标题', 100, true),
  description: text('工单描述', 1000),
  category: oneOf('工单类别', WORK_ORDER_CATEGORIES),
  priority: oneOf('优先级', WORK_ORDER_PRIORITIES),
  dueAt: time('截止时间'),
};
const note = text('备注', 500);
const orderId = id('工单编号');

/** The content types a photo may be uploaded as: the image itself (its bytes decide its type). */
const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'];

/** The uploaded bytes, out of sight of the input check (normalizeInput walks a body's values; a Buffer's bytes would count). */
class PhotoBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** Work orders (工单管理, platform:operation:workOrder) and the alarm's side of them (告警管理 too). */
export async function workOrderRoutes(api: FastifyInstance, orders: WorkOrders): Promise<void> {
  const config = { access: access.menu('platform:operation:workOrder') };
  // The alarm pages raise work orders and show them; 工单管理 may do the same.
  const fromAlarm = { access: access.menu('platform:alarmManage', 'platform:operation:workOrder') };

  api.get('/workOrder/list', { config, schema: listQuery }, async (request) => {
    const { pageNum, pageSize, ...filters } = request.query as WorkOrderQuery & { pageNum: number; pageSize: number };
    const result = await orders.queries.list({ tenantId: request.session!.tenantId, pageNum, pageSize, ...filters });
    return { code: 200, msg: '查询成功', ...result };
  });

  api.get('/workOrder/detail/:orderId', { config, schema: { params: { type: 'object', properties: { orderId } } } }, async (request) =>
    ok(await orders.queries.detail(request.session!.tenantId, (request.params as { orderId: number }).orderId)),
  );

  api.get('/workOrder/assignees', { config }, async (request) => ok(await orders.queries.assignees(request.session!.tenantId)));

  api.get(
    '/workOrder/stats',
    {
      config,
      schema: query({
        days: {
          type: 'integer',
          minimum: 1,
          maximum: 90,
          default: 7,
          errorMessage: { type: '天数必须是 1 到 90 的整数', minimum: '天数必须是 1 到 90 的整数', maximum: '天数必须是 1 到 90 的整数' },
        },
      }),
    },
    async (request) => ok(await orders.statistics.stats(request.session!.tenantId, (request.query as { days: number }).days)),
  );

  api.post(
    '/workOrder/create',
    { config, schema: body({ ...createFields, alarmId: id('告警编号'), deviceId: id('设备编号') }, { title: '请填写工单标题' }) },
    async (request) => {
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.create(tenantId, userId, request.body as CreateWorkOrderBody), {}, '工单已创建');
    },
  );

  api.post(
    '/workOrder/assign',
    { config, schema: body({ orderId, userId: id('处理人编号'), teamId: id('班组编号'), note }, { orderId: '请指定工单' }) },
    async (request) => {
      const input = request.body as { orderId: number; userId?: number; teamId?: number; note?: string };
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.assign(tenantId, userId, { ...input, note: (input.note ?? '').trim() }), {}, '工单已派发');
    },
  );

  api.post('/workOrder/accept', { config, schema: body({ orderId, note }, { orderId: '请指定工单' }) }, async (request) => {
    const input = request.body as { orderId: number; note?: string };
    const { tenantId, userId } = request.session!;
    return ok(await orders.actions.accept(tenantId, userId, input.orderId, (input.note ?? '').trim()), {}, '已接单');
  });

  api.post(
    '/workOrder/progress',
    { config, schema: body({ orderId, note: text('进展说明', 500, true), photoIds }, { orderId: '请指定工单', note: '请填写进展说明' }) },
    async (request) => {
      const input = request.body as { orderId: number; note: string; photoIds?: number[] };
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.progress(tenantId, userId, input.orderId, input.note.trim(), input.photoIds ?? []), {}, '进展已记录');
    },
  );

  api.post(
    '/workOrder/close',
    {
      config,
      schema: body({ orderId, result: text('处理结果', 1000, true), photoIds }, { orderId: '请指定工单', result: '请填写处理结果' }),
    },
    async (request) => {
      const input = request.body as { orderId: number; result: string; photoIds?: number[] };
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.close(tenantId, userId, input.orderId, input.result.trim(), input.photoIds ?? []), {}, '工单已办结');
    },
  );

  api.post(
    '/workOrder/reopen',
    { config, schema: body({ orderId, note: text('重新打开的原因', 500, true) }, { orderId: '请指定工单', note: '请填写重新打开的原因' }) },
    async (request) => {
      const input = request.body as { orderId: number; note: string };
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.reopen(tenantId, userId, input.orderId, input.note.trim()), {}, '工单已重新打开');
    },
  );

  api.post(
    '/workOrder/cancel',
    { config, schema: body({ orderId, note: text('取消原因', 500, true) }, { orderId: '请指定工单', note: '请填写取消原因' }) },
    async (request) => {
      const input = request.body as { orderId: number; note: string };
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.cancel(tenantId, userId, input.orderId, input.note.trim()), {}, '工单已取消');
    },
  );

  // The image itself as the body (5 MB at most, on this route only; the server's limit is 64 KB).
  await api.register(async (upload) => {
    upload.addContentTypeParser(PHOTO_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, payload, done) =>
      done(null, new PhotoBody(payload as Buffer)),
    );
    upload.setErrorHandler((error: FastifyError | AppError) => {
      const code = (error as FastifyError).code;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, '照片不能超过 5 MB');
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        throw new AppError(415, '请以 Content-Type: image/jpeg、image/png 或 image/webp 上传图片本身（不支持 multipart 表单）');
      if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_TYPE') throw new AppError(400, '请上传照片');
      throw error;
    });
    upload.post(
      '/workOrder/photo',
      { config, bodyLimit: MAX_PHOTO_BYTES, schema: query({ orderId }, { orderId: '请指定工单' }) },
      async (request) => {
        const bytes = request.body instanceof PhotoBody ? request.body.bytes : undefined;
        if (!bytes?.length) throw new AppError(400, '请以 Content-Type: image/jpeg、image/png 或 image/webp 上传照片');
        const { tenantId, userId } = request.session!;
        const declared = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        return ok(
          await orders.photos.storePhoto(tenantId, userId, (request.query as { orderId: number }).orderId, bytes, declared),
          {},
          '照片已上传',
        );
      },
    );
  });

  api.get('/workOrder/photo/file', { config, schema: query({ id: id('照片编号') }, { id: '请指定照片编号' }) }, async (request, reply) => {
    const photo = await orders.photos.photoFile(request.session!.tenantId, (request.query as { id: number }).id);
    return reply
      .type(photo.mime)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes);
  });

  api.get(
    '/alarm/workOrders',
    { config: fromAlarm, schema: query({ alarmId: id('告警编号') }, { alarmId: '请指定告警' }) },
    async (request) => ok(await orders.queries.forAlarm(request.session!.tenantId, (request.query as { alarmId: number }).alarmId)),
  );

  api.post(
    '/alarm/workOrder',
    {
      config: fromAlarm,
      schema: body(
        {
          alarmId: id('告警编号'),
          title: text('工单标题', 100),
          description: createFields.description,
          category: createFields.category,
          priority: createFields.priority,
          dueAt: createFields.dueAt,
        },
        { alarmId: '请指定告警' },
      ),
    },
    async (request) => {
      const { tenantId, userId } = request.session!;
      return ok(await orders.actions.createFromAlarm(tenantId, userId, request.body as AlarmWorkOrderBody), {}, '工单已创建');
    },
  );
}
