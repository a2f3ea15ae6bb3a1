import type { DataEnvelope, MessageEnvelope } from '../contracts/api/defineRoute';

/** RuoYi envelope helpers: HTTP 200 always, the application code in the body (DESIGN.md). */
export interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  [key: string]: unknown;
}

/** A success: `{ code: 200, msg, data }` (no `data` when there is none) and any extra top-level fields, typed as the contract's envelopes. */
export function ok(): MessageEnvelope;
export function ok<Extra extends object = object>(data: undefined, extra?: Extra, msg?: string): MessageEnvelope & Extra;
export function ok<Data, Extra extends object = object>(data: Data, extra?: Extra, msg?: string): DataEnvelope<Data> & Extra;
export function ok(data?: unknown, extra: object = {}, msg = '操作成功'): Envelope {
  return data === undefined ? { code: 200, msg, ...extra } : { code: 200, msg, data, ...extra };
}

/** An expected failure with a Chinese message for the client; never carries a stack to it. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = () => new AppError(401, '登录状态已过期，请重新登录');
/** A second login of the account ended this session (SINGLE_SESSION): said by its 401 and its product socket (-3). */
export const SESSION_REPLACED = '您的账号已在其他地方登录，当前会话已退出';
/** An administrator ended this session: said by its 401 and its product socket (-4). */
export const SESSION_ENDED_BY_ADMIN = '您的会话已被管理员强制退出，请重新登录';
export const forbidden = (msg: string) => new AppError(403, msg);
export const tooMany = (msg: string) => new AppError(429, msg);
