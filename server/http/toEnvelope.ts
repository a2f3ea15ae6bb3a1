import type { FastifyError } from 'fastify';
import { AppError, type Envelope } from '../envelope';

/** Maps any error to the envelope; only AppError and input errors reach the client with their text. */
export function toEnvelope(error: FastifyError | AppError | Error, requestId: string): Envelope {
  if (error instanceof AppError) return { code: error.code, msg: error.message };
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return { code: 400, msg: error.message };
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { code: 413, msg: '请求体过大' };
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { code: 415, msg: '不支持的请求体类型' };
  if (fastifyError.code?.startsWith('FST_ERR_CTP_') || fastifyError.statusCode === 400) return { code: 400, msg: '请求体格式不正确' };
  // The request id ties the operator's report to the logged error; the error itself stays in the log.
  return { code: 500, msg: `服务器内部错误（请求编号 ${requestId}）` };
}
