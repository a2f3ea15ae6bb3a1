import type { FastifyInstance } from 'fastify';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import type { ServerDeps } from '../ServerDeps';
import { alarmRoutes } from './alarmRoutes';
import { AlarmService } from './AlarmService';
import { loadAlarmTypes } from './alarmTypes';

/** Alarms (server/alarms/): the alarm types from the alarm plugins, AlarmService and its routes. */
export async function registerAlarms(
  api: FastifyInstance,
  { db, now, ctx, catalog, pushHub, log }: ServerDeps,
  plugins: readonly LoadedManifest[],
): Promise<{ alarms: AlarmService; alarmTypes: ReturnType<typeof loadAlarmTypes> }> {
  const alarmTypes = loadAlarmTypes(plugins);
  for (const kind of catalog.kinds) {
    for (const alarm of kind.simulatedAlarms ?? [])
      if (!alarmTypes.has(alarm.code)) log.warn(`${kind.pluginId} 的模拟告警 ${alarm.code} 没有对应的告警插件，模拟器不会产生该告警`);
  }
  const alarms = new AlarmService(db, alarmTypes, pushHub, now, catalog.responderKinds);
  await alarmRoutes(api, ctx, alarms);
  return { alarms, alarmTypes };
}
