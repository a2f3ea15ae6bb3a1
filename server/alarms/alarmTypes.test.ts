import { describe, expect, it } from 'vitest';
import { loadPlugins } from '../pluginManifests';
import { emergencyAlarms, loadAlarmTypes } from './alarmTypes';

describe('which alarm types concern an emergency, from the alarm manifests', () => {
  const emergencies = emergencyAlarms(loadAlarmTypes(loadPlugins('plugins').plugins));

  it('opens events for the types whose manifest says opensEvent, of the kind it names', () => {
    expect(Object.fromEntries(emergencies.opening)).toEqual({
      CROWD_STAMPEDE: 'STAMPEDE',
      FIRE: 'FIRE',
      FIRE_FIGHTING: 'FIRE',
      FLOOD_PREVENTION: 'FLOOD',
      HYDRANT_PRESSURE: 'HYDRANT',
    });
  });

  it('lists the signs of a fire, opening an event or not', () => {
    expect(emergencies.codesOf('FIRE').sort()).toEqual(['ELECTRICAL_FIRE', 'FIRE', 'FIRE_FIGHTING', 'SMOKE']);
  });

  it('follows a manifest: a type without `emergency` opens nothing', () => {
    const types = loadAlarmTypes(loadPlugins('plugins').plugins);
    const fire = types.get('FIRE')!;
    types.set('FIRE', { ...fire, emergency: undefined });
    expect(emergencyAlarms(types).opening.has('FIRE')).toBe(false);
  });
});
