import type { Situation } from '@ops/contracts';

/** One effect the replay wants on the globe (MapEffects.add's arguments). */
export interface ReplayEffect {
  id: string;
  effect: string;
  options: Record<string, unknown>;
}

/** A subject of the `movingSubjects` effect (plugins/map-effect/moving-subjects). */
export interface MovingSubject {
  id: string;
  kind: 'person' | 'uav';
  longitude: number;
  latitude: number;
  altitude?: number;
  heading?: number;
  label?: string;
  color?: string;
}

/** The one effect drawing the replay's people and UAVs; updated in place as the cursor moves. */
export const REPLAY_SUBJECTS_ID = 'replay-subjects';
/** Offline devices drawn at most (a whole fleet offline would flash thousands of points). */
export const MAX_OFFLINE_POINTS = 300;
/** Alarm circles drawn at most, the newest raised first (the server lists up to 500 open alarms). */
export const MAX_ALARM_CIRCLES = 100;
const ALARM_CIRCLE = { type: 'pushAlarm', maxRadius: 300, step: 15 };
const MARK_CIRCLE = { maxRadius: 200, step: 10, color: '#ffb020' };

/**
 * What the globe shows of a situation: each open alarm with a place as a pulsing circle (the newest MAX_ALARM_CIRCLES), each offline
 * device as a flashing point, each source's mark (a case) as a circle, and the people and UAVs as
 * subjects of one movingSubjects effect. Ids are stable per item, so moving the cursor only adds and
 * removes what changed.
 */
export function situationEffects(situation: Situation): { circles: ReplayEffect[]; subjects: MovingSubject[] } {
  const circles: ReplayEffect[] = [];
  const placed = situation.alarms.filter((alarm) => alarm.longitude !== null && alarm.latitude !== null).slice(0, MAX_ALARM_CIRCLES);
  for (const alarm of placed) {
    if (alarm.longitude === null || alarm.latitude === null) continue;
    circles.push({
      id: `replay-alarm-${alarm.alarmId}`,
      effect: 'pulsingCircle',
      options: { position: { longitude: alarm.longitude, latitude: alarm.latitude, height: 10 }, ...ALARM_CIRCLE },
    });
  }
  for (const device of situation.offlineDevices.slice(0, MAX_OFFLINE_POINTS))
    circles.push({
      id: `replay-offline-${device.deviceId}`,
      effect: 'flashingPoint',
      options: { position: { longitude: device.longitude, latitude: device.latitude, height: 10 } },
    });
  for (const mark of situation.marks)
    circles.push({
      id: `replay-${mark.source}-${mark.id}`,
      effect: 'pulsingCircle',
      options: { position: { longitude: mark.longitude, latitude: mark.latitude, height: 10 }, ...MARK_CIRCLE },
    });
  const subjects = situation.subjects.map((subject): MovingSubject => ({
    id: `${subject.kind}-${subject.id}`,
    kind: subject.kind,
    longitude: subject.longitude,
    latitude: subject.latitude,
    ...(subject.altitude === null ? {} : { altitude: subject.altitude }),
    ...(subject.heading === null ? {} : { heading: subject.heading }),
    label: subject.name,
  }));
  return { circles, subjects };
}
