import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/Database';
import type { FeatureLifecycle } from '../ServerDeps';
import type { ServerContext } from '../ServerContext';
import { IntervalJob } from '../cluster/IntervalJob';
import { prunePushLog, PUSH_PRUNE_EVERY_MS } from './PushLogPruner';
import type { PushHub } from './PushHub';
import { pushSockets } from './pushSockets';
import { PushTickets } from './PushTickets';

/**
 * The push socket (/api/push/ws, opened with a single-use ticket) over the shared PushHub, and the leader job
 * pruning the push log past the replay window.
 */
export async function registerPush(
  api: FastifyInstance,
  {
    config,
    db,
    now,
    ctx,
    pushHub,
  }: { config: Pick<ServerConfig, 'allowedOrigins'>; db: Db; now: () => number; ctx: ServerContext; pushHub: PushHub },
): Promise<FeatureLifecycle> {
  const sockets = await pushSockets(api, ctx, pushHub, new PushTickets(db, now), config.allowedOrigins);
  const prune = new IntervalJob(
    '推送日志清理',
    PUSH_PRUNE_EVERY_MS,
    () => prunePushLog(db, now()),
    (error) => api.log.error({ err: error }, '推送日志清理失败'),
  );
  return { jobs: [prune], drain: sockets.drain };
}
