import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../ServerDeps';
import { videoRoomRoutes } from './videoRoomRoutes';
import { VideoRoomService } from './VideoRoomService';

/** Each tenant's video rooms on Janus; the intercom creates its audio rooms through them. */
export async function registerVideoRooms(api: FastifyInstance, { config, db, now }: ServerDeps): Promise<{ videoRooms: VideoRoomService }> {
  const videoRooms = new VideoRoomService(db, now, config.janus);
  await videoRoomRoutes(api, videoRooms);
  return { videoRooms };
}
