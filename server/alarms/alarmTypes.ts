import type { AlarmContribution } from '../../schemas/contributions/alarm.schema.gen';
import type { LoadedManifest } from '../../contracts/manifests/validateManifests';
import { alarmEmergencies, type AlarmEmergencies } from '../../contracts/emergency';
import { loadPlugins, pluginsOfKind } from '../pluginManifests';

export type AlarmType = AlarmContribution;

/** Alarm types from plugins/alarm/*, by code. */
export function loadAlarmTypes(plugins: readonly LoadedManifest[] = loadPlugins('plugins').plugins): Map<string, AlarmType> {
  return new Map(pluginsOfKind(plugins, 'alarm').map((plugin) => [plugin.manifest.contributes.code, plugin.manifest.contributes]));
}

/** Which alarm types open emergency events and which concern each kind, from their manifests. */
export function emergencyAlarms(alarmTypes: ReadonlyMap<string, AlarmType>): AlarmEmergencies {
  return alarmEmergencies(alarmTypes.values());
}
