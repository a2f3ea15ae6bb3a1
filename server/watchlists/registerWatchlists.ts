import type { FastifyInstance } from 'fastify';
import { WATCHLIST_DEFAULT_INTERVAL_MINUTES } from '../../contracts/watchlists';
import type { AlarmService } from '../alarms/AlarmService';
import type { AlarmType } from '../alarms/alarmTypes';
import type { RecognitionService } from '../recognition/RecognitionService';
import type { RecognitionSimulator } from '../recognition/RecognitionSimulator';
import type { ServerDeps } from '../ServerDeps';
import { WatchlistMatcher } from './WatchlistMatcher';
import { watchlistPasses } from './watchlistPasses';
import { WatchlistPhotos } from './WatchlistPhotos';
import { watchlistDevRoute, watchlistRoutes } from './watchlistRoutes';
import { WatchlistService } from './WatchlistService';

/**
 * 人脸布防 and 车辆布防: deployments and their routes; the matcher listens to the recognition records as
 * they are stored (RecognitionService.onRecorded) and the simulator now and then passes a deployed target.
 */
export async function registerWatchlists(
  api: FastifyInstance,
  { config, db, now, ctx, pushHub, reportError }: ServerDeps,
  {
    alarms,
    alarmTypes,
    recognition,
    recognitionSimulator,
  }: {
    alarms: AlarmService;
    alarmTypes: ReadonlyMap<string, AlarmType>;
    recognition: RecognitionService;
    recognitionSimulator: RecognitionSimulator;
  },
): Promise<{ watchlists: WatchlistService; matcher: WatchlistMatcher }> {
  const interval = config.watchlists?.alarmIntervalMinutes ?? WATCHLIST_DEFAULT_INTERVAL_MINUTES;
  const watchlists = new WatchlistService(db, recognition, alarmTypes, now, interval, pushHub);
  const photos = new WatchlistPhotos(db, config.dataDir, now);
  const matcher = new WatchlistMatcher(db, watchlists, alarms, pushHub);
  recognition.onRecorded((tenantId, rows) => matcher.match(tenantId, rows).then(() => undefined), reportError('布防比对失败'));
  recognitionSimulator.addPassSource(watchlistPasses(watchlists));
  await watchlistRoutes(api, { watchlists, photos, recognition });
  if (config.smsDevEndpoint) await watchlistDevRoute(api, { ctx, watchlists, simulator: recognitionSimulator, now });
  return { watchlists, matcher };
}
