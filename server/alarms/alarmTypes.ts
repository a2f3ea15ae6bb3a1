import type { AlarmContribution } from '../../schemas/contributions/alarm.schema.gen';
import { readPluginManifests } from '../pluginManifests';

export type AlarmType = AlarmContribution;

/** Alarm types from plugins/alarm/*, by code. */
export function loadAlarmTypes(pluginsDir = 'plugins'): Map<string, AlarmType> {
  return new Map(readPluginManifests(pluginsDir, 'alarm').map((plugin) => [(plugin.manifest.contributes as unknown as AlarmType).code, plugin.manifest.contributes as unknown as AlarmType]));
}
