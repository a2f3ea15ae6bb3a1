import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '../../contracts/api/healthRoutes';
import { route } from '../http/registerRoute';
import type { ServerHealth } from './ServerHealth';

/** How the readiness probe's reply reads (the status says it to machines, this to people). */
const READY_MESSAGES = { ready: '就绪', starting: '正在启动', draining: '正在停止', unavailable: '未就绪' } as const;

/**
 * GET /health/live and /health/ready under the API prefix: public, out of the access log (route-level
 * `logLevel: 'silent'`), the status 200 or 503 with the same `code` in the envelope.
 */
export async function registerHealth(api: FastifyInstance, health: ServerHealth): Promise<void> {
  route(
    api,
    healthRoutes.live,
    async () => ({ code: 200, msg: '存活', data: { status: 'live', uptimeSeconds: health.uptimeSeconds } }) as const,
    { logLevel: 'silent' },
  );
  route(
    api,
    healthRoutes.ready,
    async (_request, reply) => {
      const report = await health.readiness();
      const code = report.status === 'ready' ? (200 as const) : (503 as const);
      reply.status(code);
      return { code, msg: READY_MESSAGES[report.status], data: report };
    },
    { logLevel: 'silent' },
  );
}
