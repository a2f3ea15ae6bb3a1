import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/Database';
import type { ServerContext } from '../ServerContext';
import type { PushHub } from './PushHub';
import { pushSockets } from './pushSockets';
import { PushTickets } from './PushTickets';

/** The push socket (/api/push/ws, opened with a single-use ticket) over the shared PushHub. */
export async function registerPush(
  api: FastifyInstance,
  {
    config,
    db,
    now,
    ctx,
    pushHub,
  }: { config: Pick<ServerConfig, 'allowedOrigins'>; db: Db; now: () => number; ctx: ServerContext; pushHub: PushHub },
): Promise<void> {
  await pushSockets(api, ctx, pushHub, new PushTickets(db, now), config.allowedOrigins);
}
