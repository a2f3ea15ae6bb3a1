import type { FastifyInstance } from 'fastify';
import { PushTickets } from '../push/PushTickets';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import type { VideoRoomService } from '../videoRooms/VideoRoomService';
import { intercomRoutes } from './intercomRoutes';
import { IntercomService } from './IntercomService';
import type { ProductSockets } from './ProductSockets';
import { productSocketRoutes } from './productSocketRoutes';

/**
 * Quick intercom groups and the product socket (logout, repeat login and temporary calls, meant for one
 * user or session); a socket that opens is told of the calls still ringing for its user.
 */
export async function registerIntercom(
  api: FastifyInstance,
  { config, db, now, ctx, log }: ServerDeps,
  { productSockets, videoRooms }: { productSockets: ProductSockets; videoRooms: VideoRoomService },
): Promise<FeatureLifecycle> {
  const intercom = new IntercomService(db, ctx.users, videoRooms, productSockets, now, log);
  await productSocketRoutes(api, ctx, productSockets, new PushTickets(db, now), config.allowedOrigins, async (tenantId, userId) =>
    (await intercom.ringing(tenantId, userId)).map((data) => ({ response: 'tempcall', result: 2, data }) as const),
  );
  await intercomRoutes(api, intercom);
  return { jobs: [], drain: () => productSockets.drain() };
}
