import type { SituationEvent } from '@ops/contracts';
import type { ReplayClock } from './replayClock';

/** A fixed day for stories and tests: 2026-11-27 16:00 Shanghai back to the day before. */
export const STORY_NOW = Date.UTC(2026, 10, 27, 8, 0, 0);
const HOUR = 3_600_000;
export const storyClock: ReplayClock = {
  from: STORY_NOW - 24 * HOUR,
  to: STORY_NOW,
  cursor: STORY_NOW - 5 * HOUR,
  playing: false,
  speed: 10,
};

/** A day's marks: alarms now and then, devices dropping out and back. */
export const storyEvents: SituationEvent[] = Array.from({ length: 60 }, (_, index): SituationEvent => {
  const at = STORY_NOW - 24 * HOUR + Math.round(((index * 7919) % 1440) * 60_000);
  const kinds = ['alarmRaised', 'deviceOffline', 'deviceOnline', 'alarmClosed'] as const;
  const kind = kinds[index % 4]!;
  return kind.startsWith('alarm')
    ? { at, kind, label: `烟雾告警：${index} 号楼烟感报警`, alarmId: index + 1 }
    : { at, kind, label: `江南大道摄像机-${String(index).padStart(3, '0')}`, deviceId: index + 100 };
}).sort((a, b) => a.at - b.at);
