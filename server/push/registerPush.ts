import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../ServerContext';
import { pushSockets } from './pushSockets';
import { PushTickets } from './PushTickets';

/** The push socket (/api/push/ws, opened with a single-use ticket) over the shared PushHub. */
export async function registerPush(api: FastifyInstance, { config, db, now, ctx, pushHub }: ServerDeps): Promise<void> {
  await pushSockets(api, ctx, pushHub, new PushTickets(db, now), config.allowedOrigins);
}
