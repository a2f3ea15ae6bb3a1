import type { FastifyError, FastifyInstance } from 'fastify';
import { intercomRoutes as declared, QUICK_GROUP_UIDS_MESSAGE } from '../../contracts/api/intercomRoutes';
import { MAX_ID } from '../../contracts/api/schemas';
import type { IntercomReply } from '../../contracts/videoRooms';
import { NO_PERMISSION } from '../access/UserAccess';
import { AppError, badRequest, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { IntercomService } from './IntercomService';

/** Spec section 8: 1000 = refused, the message shown to the operator. */
export const INTERCOM_REFUSED = 1000;

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
    if (!/^\d{1,10}$/.test(part) || id < 1 || id > MAX_ID) throw badRequest(QUICK_GROUP_UIDS_MESSAGE);
    return id;
  });
}

/**
 * Quick intercom groups, in the intercom host's reply shape (spec section 7: `{ status, message, data }`,
 * 1000 refused), and the calls around them in the envelope (/intercom/…).
 */
export async function intercomRoutes(api: FastifyInstance, intercom: IntercomService): Promise<void> {
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

    route(host, declared.quickList, async (request) => {
      const { tenantId, userId } = sessionOf(request);
      return replyOk(await intercom.list(tenantId, userId));
    });

    route(host, declared.quickDelete, async (request) => {
      const { tenantId, userId } = sessionOf(request);
      await intercom.delete(tenantId, userId, request.query.gid);
      return replyOk(null, '群组已删除');
    });

    route(host, declared.quickCreate, async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const { uids, name } = request.body;
      return replyOk(await intercom.create(tenantId, userId, { uids: uidList(uids), name }), '群组已创建');
    });
  });

  route(api, declared.operators, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await intercom.operators(tenantId, userId));
  });

  route(api, declared.hangup, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    await intercom.hangup(tenantId, userId, request.body.gid);
    return ok(undefined, {}, '已挂断');
  });

  route(api, declared.join, async (request) => {
    const { tenantId, userId } = sessionOf(request);
    return ok(await intercom.join(tenantId, userId, request.body.gid));
  });
}
