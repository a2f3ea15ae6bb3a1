import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DeviceService } from '../devices/DeviceService';
import type { FeatureLifecycle, ServerDeps } from '../ServerDeps';
import { streamPushRoutes, streamRoutes } from './streamRoutes';
import { StreamService } from './StreamService';

/** Live camera video: the stream endpoint and the simulated cameras' ffmpeg sources, recorded under DATA_DIR/recordings. */
export async function registerStreams(
  api: FastifyInstance,
  { config, ctx, log }: ServerDeps,
  devices: DeviceService,
): Promise<FeatureLifecycle & { streams: StreamService }> {
  // Watched cameras are recorded under DATA_DIR/recordings unless the configuration says otherwise.
  const options = {
    ...config.stream,
    record: config.stream?.record === null ? null : { root: join(config.dataDir, 'recordings'), ...config.stream?.record },
  };
  const streams = new StreamService(options, { info: (message) => log.info(message), warn: (message) => log.warn(message) });
  await streamRoutes(api, devices, streams);
  await streamPushRoutes(api, streams, ctx.users);
  return { streams, jobs: [], stop: () => streams.close() };
}
