import type { FastifyInstance } from 'fastify';
import { WATCHLIST_DEFAULT_INTERVAL_MINUTES } from '../../contracts/watchlists';
import type { AlarmService } from '../alarms/AlarmService';
import type { AlarmType } from '../alarms/alarmTypes';
import type { TenantPlaces } from '../analysis/sqlFigures';
import type { RecognitionService } from '../recognition/RecognitionService';
import type { RecognitionSimulator } from '../recognition/RecognitionSimulator';
import { TENANT_AREAS } from '../seed/seedData';
import type { ServerDeps } from '../ServerDeps';
import { CameraAreas } from './CameraAreas';
import { WatchlistMatcher } from './WatchlistMatcher';
import { watchlistPasses } from './watchlistPasses';
import { WatchlistPhotos } from './WatchlistPhotos';
import { watchlistDevRoute, watchlistRoutes } from './watchlistRoutes';
import { WatchlistService } from './WatchlistService';

/**
 * 人脸布防 and 车辆布防: deployments and their routes (areas are the tenants' named places, TENANT_AREAS,
 * as in 数据分析); the matcher listens to the recognition records as
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
    places = TENANT_AREAS,
  }: {
    alarms: AlarmService;
    alarmTypes: ReadonlyMap<string, AlarmType>;
    recognition: RecognitionService;
    recognitionSimulator: RecognitionSimulator;
    places?: TenantPlaces;
  },
): Promise<{ watchlists: WatchlistService; matcher: WatchlistMatcher }> {
  const interval = config.watchlists?.alarmIntervalMinutes ?? WATCHLIST_DEFAULT_INTERVAL_MINUTES;
  const cameraAreas = new CameraAreas(db, recognition, places);
  const watchlists = new WatchlistService(db, recognition, alarmTypes, now, interval, pushHub, cameraAreas);
  const photos = new WatchlistPhotos(db, config.dataDir, now);
  const matcher = new WatchlistMatcher(db, watchlists, alarms, pushHub, cameraAreas);
  recognition.onRecorded((tenantId, rows) => matcher.match(tenantId, rows).then(() => undefined), reportError('布防比对失败'));
  recognitionSimulator.addPassSource(watchlistPasses(watchlists, cameraAreas));
  await watchlistRoutes(api, { watchlists, photos, recognition, cameraAreas });
  if (config.smsDevEndpoint) await watchlistDevRoute(api, { ctx, watchlists, cameraAreas, simulator: recognitionSimulator, now });
  return { watchlists, matcher };
}
