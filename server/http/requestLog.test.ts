import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_LOG,
  noteEnvelopeCodes,
  parseRequestLog,
  requestLine,
  requestLogController,
  type RequestLogOptions,
} from './requestLog';

/** A Fastify app with the request log's rules, a logger at `level` into `lines`, and routes like the server's (envelopes on HTTP 200). */
async function app(options: RequestLogOptions, level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const server = Fastify({
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    logController: requestLogController(options),
  });
  noteEnvelopeCodes(server);
  // As createServer's handler: a failure is an envelope with code 500 on HTTP 200.
  server.setErrorHandler((_error, _request, reply) => reply.status(200).send({ code: 500, msg: '服务器内部错误' }));
  server.get('/plain', async () => ({ code: 200, msg: '操作成功' }));
  server.get('/refused', async () => ({ code: 401, msg: '请先登录' }));
  server.get('/broken', async () => {
    throw new Error('数据库不可用');
  });
  server.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 40));
    return { code: 200, msg: '操作成功' };
  });
  server.get('/http500', async (_request, reply) => reply.status(500).send('x'));
  await server.ready();
  const call = async (url: string) => (await server.inject({ method: 'GET', url: `${url}?token=secret` })).statusCode;
  return { server, lines, call, requests: () => lines.filter((line) => typeof line.route === 'string') };
}

describe('the request log', () => {
  it('at the default writes nothing for a plain request, and one line for a failed one with method, route, status, code, time and request id', async () => {
    const { server, lines, call, requests } = await app(DEFAULT_REQUEST_LOG);
    await call('/plain');
    await call('/refused');
    expect(requests()).toEqual([]);
    await call('/broken');
    await call('/http500');
    expect(requests()).toEqual([
      expect.objectContaining({
        level: 50,
        msg: '请求失败',
        method: 'GET',
        route: '/broken',
        url: '/broken',
        status: 200,
        code: 500,
        ms: expect.any(Number),
        reqId: expect.any(String),
      }),
      expect.objectContaining({ level: 50, msg: '请求失败', route: '/http500', status: 500 }),
    ]);
    // The query (tickets, tokens) never reaches the log, and Fastify's two lines per request are gone.
    expect(JSON.stringify(requests())).not.toContain('secret');
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
    await server.close();
  });

  it('logs a slow request at warn, a refused one at debug, and every request with LOG_ACCESS=all', async () => {
    const slow = await app({ ...DEFAULT_REQUEST_LOG, slowMs: 20 }, 'debug');
    await slow.call('/slow');
    await slow.call('/refused');
    await slow.call('/plain');
    expect(slow.requests()).toEqual([
      expect.objectContaining({ level: 40, msg: '请求较慢', route: '/slow', ms: expect.any(Number) }),
      expect.objectContaining({ level: 20, msg: '请求被拒绝', route: '/refused', code: 401 }),
    ]);
    expect(slow.requests()[0]!.ms).toBeGreaterThanOrEqual(20);
    await slow.server.close();

    const all = await app({ ...DEFAULT_REQUEST_LOG, access: 'all' });
    await all.call('/plain');
    await all.call('/refused');
    expect(all.requests()).toEqual([
      expect.objectContaining({ level: 30, msg: '请求完成', route: '/plain' }),
      expect.objectContaining({ level: 30, msg: '请求被拒绝', route: '/refused', code: 401 }),
    ]);
    await all.server.close();
  });

  it('samples one ordinary request in LOG_ACCESS_SAMPLE with LOG_ACCESS=sampled', () => {
    const options: RequestLogOptions = { access: 'sampled', slowMs: 1000, sampleEvery: 3 };
    let seen = 0;
    const lines = Array.from({ length: 9 }, () =>
      requestLine(options, { status: 200, code: undefined, ms: 1, errored: false }, () => ++seen % 3 === 0),
    );
    expect(lines.filter(Boolean)).toHaveLength(3);
    // Failures and slow requests are not left to the sample.
    expect(requestLine(options, { status: 200, code: 500, ms: 1, errored: false }, () => false)?.level).toBe('error');
    expect(requestLine(options, { status: 200, code: 200, ms: 1000, errored: false }, () => false)?.level).toBe('warn');
    expect(requestLine({ ...options, slowMs: 0 }, { status: 200, code: 200, ms: 99_999, errored: false }, () => false)).toBeUndefined();
  });

  it('reads LOG_ACCESS, LOG_SLOW_MS and LOG_ACCESS_SAMPLE, and names a bad one', () => {
    expect(parseRequestLog({})).toEqual(DEFAULT_REQUEST_LOG);
    expect(parseRequestLog({ LOG_ACCESS: 'Sampled', LOG_SLOW_MS: '250', LOG_ACCESS_SAMPLE: '10' })).toEqual({
      access: 'sampled',
      slowMs: 250,
      sampleEvery: 10,
    });
    expect(() => parseRequestLog({ LOG_ACCESS: 'verbose' })).toThrow('LOG_ACCESS 只能是 errors、sampled 或 all，当前为 "verbose"');
    expect(() => parseRequestLog({ LOG_SLOW_MS: '-5' })).toThrow('LOG_SLOW_MS 必须是 0 到 3600000 之间的整数');
    expect(() => parseRequestLog({ LOG_ACCESS_SAMPLE: '0' })).toThrow('LOG_ACCESS_SAMPLE 必须是 1 到 1000000 之间的整数');
  });
});
