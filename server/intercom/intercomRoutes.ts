import type { FastifyError, FastifyInstance } from 'fastify';
import type { IntercomReply } from '../../contracts/videoRooms';
import { access } from '../access/RouteAccess';
import { NO_PERMISSION } from '../access/UserAccess';
import { AppError, badRequest, ok } from '../envelope';
import type { IntercomService } from './IntercomService';

/** Spec section 8: 1000 = refused, the message shown to the operator. */
export const INTERCOM_REFUSED = 1000;

const gidField = { type: 'integer', minimum: 1, maximum: 2147483647, errorMessage: '群组编号必须是正整数' };
const gidQuery = {
  querystring: {
    type: 'object',
    properties: { gid: gidField },
    required: ['gid'],
    errorMessage: { type: '请求参数格式不正确', required: { gid: '请指定群组编号' } },
  },
};
const gidBody = {
  body: {
    type: 'object',
    properties: { gid: gidField },
    required: ['gid'],
    errorMessage: { type: '请求参数格式不正确', required: { gid: '请指定群组编号' } },
  },
};
const UIDS_MESSAGE = '成员必须是用户编号（正整数）的列表';
const createBody = {
  body: {
    type: 'object',
    properties: {
      // A list in JSON; a form body repeats the field or writes "2,3".
      uids: {
        type: ['array', 'string', 'integer'],
        maxItems: 100,
        maxLength: 1100,
        pattern: '^\\s*(\\d{1,10}(\\s*,\\s*\\d{1,10})*)?\\s*$',
        minimum: 1,
        maximum: 2147483647,
        items: { type: 'integer', minimum: 1, maximum: 2147483647 },
        errorMessage: UIDS_MESSAGE,
      },
      name: { type: 'string', maxLength: 16, errorMessage: '群组名称必须是“群组”加 0 到 10001 的数字，如 群组1024' },
    },
    required: ['uids', 'name'],
    errorMessage: { type: '请求参数格式不正确', required: { uids: '请选择群组成员', name: '请填写群组名称' } },
  },
};

function replyOk<T>(data: T, message = '操作成功'): IntercomReply<T> {
  return { status: 0, message, data, code: 200, msg: message };
}

const refusal = (code: number, message: string): IntercomReply<never> => ({ status: INTERCOM_REFUSED, message, code, msg: message });

/** "2,3", 2, [2, 3] or a form's repeated field → ids (the schema has checked each shape). */
function uidList(value: unknown): number[] {
  const parts = (Array.isArray(value) ? value : [value])
    .flatMap((item) => String(item).split(','))
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.map((part) => {
    const id = Number(part);
    if (!/^\d{1,10}$/.test(part) || id < 1 || id > 2147483647) throw badRequest(UIDS_MESSAGE);
    return id;
  });
}

/**
 * Quick intercom groups, in the intercom host's reply shape (spec section 7: `{ status, message, data }`,
 * 1000 refused), and the calls around them in the envelope (/intercom/…).
 */
export async function intercomRoutes(api: FastifyInstance, intercom: IntercomService): Promise<void> {
  const config = { access: access.anyMenu };

  await api.register(async (host) => {
    // Refusals (bad input included) in the intercom shape; the access check's 401 and 403 stay the
    // envelope's, so the app's session handling sees them, and internal errors go to the server's
    // handler (logged, with the request id).
    host.setErrorHandler((error: FastifyError | AppError, _request, reply) => {
      const accessRefusal = error instanceof AppError && (error.code === 401 || (error.code === 403 && error.message === NO_PERMISSION));
      // 503 (no audio rooms now) is a refusal the operator reads too: 创建临时群组失败，请稍后再试（…）.
      if (error instanceof AppError && !accessRefusal && (error.code < 500 || error.code === 503))
        return reply.status(200).send(refusal(error.code, error.message));
      const status = (error as FastifyError).statusCode;
      if (!(error instanceof AppError) && status !== undefined && status >= 400 && status < 500) {
        return reply.status(200).send(refusal(status === 413 ? 413 : 400, status === 413 ? '请求体过大' : '请求体格式不正确'));
      }
      throw error;
    });

    host.get('/gis/sapi/group/quick/list', { config }, async (request) => {
      const { tenantId, userId } = request.session!;
      return replyOk(await intercom.list(tenantId, userId));
    });

    host.get('/gis/sapi/group/quick/delete', { config, schema: gidQuery }, async (request) => {
      const { tenantId, userId } = request.session!;
      await intercom.delete(tenantId, userId, (request.query as { gid: number }).gid);
      return replyOk(null, '群组已删除');
    });

    host.post('/gis/sapi/group/quick/create', { config, schema: createBody }, async (request) => {
      const { tenantId, userId } = request.session!;
      const body = request.body as { uids: unknown; name: string };
      return replyOk(await intercom.create(tenantId, userId, { uids: uidList(body.uids), name: body.name }), '群组已创建');
    });
  });

  api.get('/intercom/operators', { config }, async (request) => {
    const { tenantId, userId } = request.session!;
    return ok(await intercom.operators(tenantId, userId));
  });

  api.post('/intercom/hangup', { config, schema: gidBody }, async (request) => {
    const { tenantId, userId } = request.session!;
    await intercom.hangup(tenantId, userId, (request.body as { gid: number }).gid);
    return ok(undefined, {}, '已挂断');
  });

  api.post('/intercom/join', { config, schema: gidBody }, async (request) => {
    const { tenantId, userId } = request.session!;
    return ok(await intercom.join(tenantId, userId, (request.body as { gid: number }).gid));
  });
}
