import type { FastifyInstance } from 'fastify';
import type { AlarmType } from '../alarms/alarmTypes';
import { AvailabilityService } from '../operations/AvailabilityService';
import type { ServerDeps } from '../ServerDeps';
import { FaceAnalysisService } from './FaceAnalysisService';
import { FrontViewAnalysisService } from './FrontViewAnalysisService';
import { perceptionRoutes } from './perceptionRoutes';
import { PlateFigures } from './PlateFigures';
import { RecognitionFigures } from './RecognitionFigures';
import { TargetAnalysisService } from './TargetAnalysisService';
import { VehicleAnalysisService } from './VehicleAnalysisService';
import { WatchlistHitFigures } from './WatchlistHitFigures';

/**
 * 数据分析's pages over the recognition records. Which alarm types are vehicle or face alarms is read
 * from their manifests (the page their toast opens: 车辆布控 or 人脸布控), never a list of codes; the
 * recognition cameras are the device kinds with live video, as for 数据检索.
 */
export async function registerPerception(
  api: FastifyInstance,
  { db, now, catalog }: Pick<ServerDeps, 'db' | 'now' | 'catalog'>,
  alarmTypes: ReadonlyMap<string, AlarmType>,
): Promise<void> {
  const typesOpening = (child: string) =>
    [...alarmTypes]
      .filter(([, type]) => type.targetPage?.module === 'monitoringCenter' && type.targetPage.child === child)
      .map(([code]) => code);
  const typeName = (code: string) => alarmTypes.get(code)?.name ?? code;
  const cameraKinds = catalog.kinds.filter((kind) => kind.liveVideo).map((kind) => kind.page);
  const figures = new RecognitionFigures(db);
  await perceptionRoutes(
    api,
    {
      vehicles: new VehicleAnalysisService(figures, new PlateFigures(db), typesOpening('carDefense'), typeName),
      faces: new FaceAnalysisService(figures, typesOpening('faceDefense'), typeName),
      targets: new TargetAnalysisService(figures),
      frontView: new FrontViewAnalysisService(db, figures, new AvailabilityService(db, catalog, now), cameraKinds),
      watchlistHits: new WatchlistHitFigures(db),
    },
    now,
  );
}
