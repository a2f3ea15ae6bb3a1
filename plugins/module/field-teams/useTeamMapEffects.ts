import { useEffect, useRef } from 'react';
import { MapEffects, useService } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';
import { PEOPLE_EFFECT_ID, TRACK_EFFECT_ID, type MapSubject } from './fieldTeamsEffects';

/**
 * Keeps the page's two effects on the globe: the people (one movingSubjects effect, added once and then
 * updated in place, so a second's moves cost no re-creation) and the selected member's track (a line trail,
 * replaced when it changes, removed without one). Both go when the page closes.
 */
export function useTeamMapEffects(subjects: readonly MapSubject[], track: readonly number[] | null): void {
  const effects = useService(MapEffects);
  const peopleAdded = useRef(false);
  const trackKey = useRef('');
  useEffect(() => {
    try {
      if (peopleAdded.current) effects.update(PEOPLE_EFFECT_ID, { subjects });
      else {
        effects.add('movingSubjects', PEOPLE_EFFECT_ID, { subjects });
        peopleAdded.current = true;
      }
    } catch (error) {
      console.warn(`成员位置无法绘制：${errorMessage(error)}`);
    }
  }, [effects, subjects]);
  useEffect(() => {
    const key = track ? `${track.length}:${track.slice(-3).join(',')}:${track.slice(0, 3).join(',')}` : '';
    if (key === trackKey.current) return;
    if (trackKey.current) effects.remove(TRACK_EFFECT_ID);
    trackKey.current = '';
    if (!track) return;
    try {
      effects.add('lineTrail', TRACK_EFFECT_ID, { tag: 1, positions: track, width: 6, color: '#ffb366' });
      trackKey.current = key;
    } catch (error) {
      console.warn(`成员轨迹无法绘制：${errorMessage(error)}`);
    }
  }, [effects, track]);
  useEffect(
    () => () => {
      effects.remove(PEOPLE_EFFECT_ID);
      effects.remove(TRACK_EFFECT_ID);
      peopleAdded.current = false;
      trackKey.current = '';
    },
    [effects],
  );
}
