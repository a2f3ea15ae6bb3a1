import type { FastifyInstance } from 'fastify';
import type { AlarmType } from '../alarms/alarmTypes';
import { TENANT_AREAS } from '../seed/seedData';
import type { ServerDeps } from '../ServerDeps';
import { analysisRoutes } from './analysisRoutes';
import { OrderAnalysisService } from './OrderAnalysisService';
import { ParkingAnalysisService } from './ParkingAnalysisService';
import { registerPerception } from './registerPerception';
import { SecurityAnalysisService } from './SecurityAnalysisService';
import type { TenantPlaces } from './sqlFigures';
import { TouristAnalysisService } from './TouristAnalysisService';
import { touristRoutes } from './touristRoutes';

/**
 * 数据分析's 工单分析, 停车分析, 治安分析 and 游客分析 (and, registerPerception, the pages over recognition records): SQL aggregates over the rows the other features store. Areas
 * are the tenants' named places (the streets and sights their fleets are placed around, TENANT_AREAS);
 * a position counts for the nearest.
 */
export async function registerAnalysis(
  api: FastifyInstance,
  { db, now, catalog }: ServerDeps,
  { alarmTypes, places = TENANT_AREAS }: { alarmTypes: ReadonlyMap<string, AlarmType>; places?: TenantPlaces },
): Promise<void> {
  const typeNames = new Map([...alarmTypes].map(([code, type]) => [code, type.name]));
  await analysisRoutes(
    api,
    {
      orders: new OrderAnalysisService(db, places),
      parking: new ParkingAnalysisService(db),
      security: new SecurityAnalysisService(db, typeNames, places),
    },
    now,
  );
  await registerPerception(api, { db, now, catalog }, alarmTypes);
  await touristRoutes(api, new TouristAnalysisService(db), now);
}
