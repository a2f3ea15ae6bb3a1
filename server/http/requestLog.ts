import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The request log (LOG_ACCESS, LOG_SLOW_MS, LOG_ACCESS_SAMPLE). Fastify's own writes two lines per request
 * (incoming, completed): at a few thousand requests a second that is most of a request's cost and a flood
 * no operator reads. Here a request is one line at most, written when it ends, and only when it says
 * something: a server error always (level error), a slow request always (warn), a refused one (4xx, or the
 * envelope's code 4xx: bad input, no session, no permission) at debug, and every other request only with
 * LOG_ACCESS=all or one in LOG_ACCESS_SAMPLE with LOG_ACCESS=sampled (info).
 */

export type AccessLogMode = 'errors' | 'sampled' | 'all';

export interface RequestLogOptions {
  access: AccessLogMode;
  /** A request that took this long (ms) or longer is logged at warn; 0: never. */
  slowMs: number;
  /** With `sampled`: one ordinary request in this many is logged. */
  sampleEvery: number;
}

export const DEFAULT_REQUEST_LOG: RequestLogOptions = { access: 'errors', slowMs: 1000, sampleEvery: 100 };

/** LOG_ACCESS, LOG_SLOW_MS and LOG_ACCESS_SAMPLE; absent or empty: the defaults; anything else: an error naming the variable. */
export function parseRequestLog(env: NodeJS.ProcessEnv): RequestLogOptions {
  const access = env.LOG_ACCESS?.trim().toLowerCase() || DEFAULT_REQUEST_LOG.access;
  if (access !== 'errors' && access !== 'sampled' && access !== 'all')
    throw new Error(`LOG_ACCESS 只能是 errors、sampled 或 all，当前为 "${env.LOG_ACCESS}"`);
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const text = env[name]?.trim();
    if (!text) return fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max)
      throw new Error(`${name} 必须是 ${min} 到 ${max} 之间的整数，当前为 "${env[name]}"`);
    return value;
  };
  return {
    access,
    slowMs: whole('LOG_SLOW_MS', DEFAULT_REQUEST_LOG.slowMs, 0, 3_600_000),
    sampleEvery: whole('LOG_ACCESS_SAMPLE', DEFAULT_REQUEST_LOG.sampleEvery, 1, 1_000_000),
  };
}

/** What a request's line says, and at which level; undefined: no line. */
export function requestLine(
  options: RequestLogOptions,
  outcome: { status: number; code: number | undefined; ms: number; errored: boolean },
  sampled: () => boolean,
): { level: 'error' | 'warn' | 'debug' | 'info'; message: string } | undefined {
  const code = outcome.code ?? outcome.status;
  if (outcome.errored || outcome.status >= 500 || code >= 500) return { level: 'error', message: '请求失败' };
  if (options.slowMs > 0 && outcome.ms >= options.slowMs) return { level: 'warn', message: '请求较慢' };
  if (options.access === 'all' || (options.access === 'sampled' && sampled()))
    return { level: 'info', message: code >= 400 || outcome.status >= 400 ? '请求被拒绝' : '请求完成' };
  if (code >= 400 || outcome.status >= 400) return { level: 'debug', message: '请求被拒绝' };
  return undefined;
}

/** The envelope's code of replies other than 200, read from the JSON text as it is sent. */
const envelopeCodes = new WeakMap<FastifyReply, number>();
const ENVELOPE_START = '{"code":';

class RequestLogController extends LogController {
  private seen = 0;

  constructor(private readonly options: RequestLogOptions) {
    super();
  }

  override incomingRequest(): void {
    // One line per request at most, when it ends (requestCompleted).
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = requestLine(
      this.options,
      { status: reply.statusCode, code: envelopeCodes.get(reply), ms, errored: Boolean(error) },
      () => ++this.seen % this.options.sampleEvery === 0,
    );
    if (!line) return;
    const fields = {
      method: request.method,
      route: request.routeOptions.url ?? '',
      url: request.url.split('?', 1)[0],
      status: reply.statusCode,
      ...(envelopeCodes.has(reply) ? { code: envelopeCodes.get(reply) } : {}),
      ms: Math.round(ms * 10) / 10,
      ...(error ? { err: error } : {}),
    };
    reply.log[line.level](fields, line.message);
  }
}

/** Fastify's `logController` for these rules. */
export const requestLogController = (options: RequestLogOptions): LogController => new RequestLogController(options);

/** Notes the envelope's code of each reply that is not 200 (a string starting `{"code":`), for its line. */
export function noteEnvelopeCodes(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every reply.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (typeof payload === 'string' && payload.startsWith(ENVELOPE_START) && !payload.startsWith('200', ENVELOPE_START.length)) {
      const code = Number.parseInt(payload.slice(ENVELOPE_START.length, ENVELOPE_START.length + 4), 10);
      if (Number.isInteger(code)) envelopeCodes.set(reply, code);
    }
    done(null, payload);
  });
}
