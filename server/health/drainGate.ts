import type { FastifyInstance } from 'fastify';
import { healthRoutes } from '../../contracts/api/healthRoutes';
import type { ServerHealth } from './ServerHealth';

export const DRAINING_MESSAGE = '本实例正在停止，请重试';

/**
 * While draining, a GET or HEAD (API, static files, push socket upgrades) is answered 503 before
 * anything runs, with `Connection: close`: the load balancer repeats it on another instance (nginx:
 * `proxy_next_upstream http_503`) and counts the instance as failed, so it stops sending it traffic.
 * Other methods are served as usual (repeating them elsewhere is not safe, and this instance still works)
 * and told to close their connection. Probes pass. Every other arrival is noted, so the drain knows
 * when the load balancer has stopped sending.
 */
export function drainGate(app: FastifyInstance, health: ServerHealth, apiPrefix: string): void {
  const probes = new Set([`${apiPrefix}${healthRoutes.live.path}`, `${apiPrefix}${healthRoutes.ready.path}`]);
  app.addHook('onRequest', (request, reply, done) => {
    if (!health.draining || probes.has(request.routeOptions.url ?? '')) return done();
    health.lastArrivalWhileDraining = performance.now();
    reply.header('connection', 'close');
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    void reply.code(503).header('retry-after', '1').send({ code: 503, msg: DRAINING_MESSAGE });
  });
}
