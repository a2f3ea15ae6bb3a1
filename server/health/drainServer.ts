import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ClusterLeader } from '../cluster/ClusterLeader';
import type { ServerHealth } from './ServerHealth';

/** The load balancer is taken to have stopped sending once nothing but probes arrived for this long. */
export const DRAIN_QUIET_MS = 500;
/** … or after this long, whatever arrives (at most half the grace). */
export const DRAIN_LEAVE_MAX_MS = 5000;

export interface DrainTarget {
  app: FastifyInstance;
  services: { health: ServerHealth; leader: ClusterLeader };
}

/**
 * Graceful stop (SIGTERM): unready at once, push sockets closed with "reconnect at once" (1012) and new
 * ones refused, GETs answered 503 so the load balancer moves them (drainGate), the leader lock given
 * back so another instance takes the jobs over at once; then, once the load balancer has stopped
 * sending, the listener closes and requests in flight get until `graceMs` to finish before their
 * connections are cut. Resolves `clean` or `forced`.
 */
export async function drainServer(
  { app, services }: DrainTarget,
  options: { graceMs: number; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
): Promise<'clean' | 'forced'> {
  const startedAt = performance.now();
  const { health, leader } = services;
  health.startDraining();
  options.log.info(`收到停止信号：本实例已退出就绪状态，最多等待 ${options.graceMs} 毫秒处理中的请求`);
  await leader.stop();
  const leaveBy = startedAt + Math.min(DRAIN_LEAVE_MAX_MS, options.graceMs / 2);
  while (performance.now() < leaveBy && performance.now() - health.lastArrivalWhileDraining < DRAIN_QUIET_MS)
    await new Promise((resolve) => setTimeout(resolve, 50));

  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'forced'>((resolve) => {
    timer = setTimeout(() => resolve('forced'), Math.max(0, startedAt + options.graceMs - performance.now()));
  });
  const closing = app.close().then(() => 'clean' as const);
  const outcome = await Promise.race([closing, graceOver]);
  clearTimeout(timer);
  if (outcome === 'forced') {
    options.log.warn(`${options.graceMs} 毫秒内仍有请求未完成，强制断开其连接`);
    app.server.closeAllConnections();
    // The close hooks (database, broker) get a moment more; the process exits after this either way.
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, DRAIN_LEAVE_MAX_MS).unref())]);
  }
  return outcome;
}
