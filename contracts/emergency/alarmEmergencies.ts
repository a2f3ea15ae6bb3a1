/**
 * Which alarm types concern which emergency, read from the alarm plugins' manifests (`emergency` in
 * schemas/contributions/alarm.schema.json), never from a list of codes: the server from the loaded
 * plugins (server/alarms/alarmTypes.ts), the web app from the PluginRegistry.
 */
import type { AlarmContribution } from '../../schemas/contributions/alarm.schema.gen';
import type { EmergencyKind } from './emergencyKinds';

/** The kinds an alarm manifest may name are emergency kinds (checked at compile time). */
const manifestKindsAreEmergencyKinds = (kind: NonNullable<AlarmContribution['emergency']>['kind']): EmergencyKind => kind;

export interface AlarmEmergencies {
  /** Alarm code → the kind of event raising it opens or joins (`opensEvent`). */
  opening: ReadonlyMap<string, EmergencyKind>;
  /** The alarm codes that are signs of a kind (its pages list and count them), in manifest order. */
  codesOf(kind: EmergencyKind): string[];
}

/** The emergency facts of the given alarm types (their manifests' `contributes`). */
export function alarmEmergencies(alarmTypes: Iterable<Pick<AlarmContribution, 'code' | 'emergency'>>): AlarmEmergencies {
  const types = [...alarmTypes];
  const opening = new Map<string, EmergencyKind>();
  for (const { code, emergency } of types) if (emergency?.opensEvent) opening.set(code, manifestKindsAreEmergencyKinds(emergency.kind));
  return {
    opening,
    codesOf: (kind) => types.filter((type) => type.emergency?.kind === kind).map((type) => type.code),
  };
}
