import { useEffect, useRef } from 'react';
import { MapEffects, useService } from '@ops/sdk';
import { errorMessage, type Situation } from '@ops/contracts';
import { REPLAY_SUBJECTS_ID, situationEffects } from './situationEffects';
import { replayStrings as t } from './replayStrings';

/**
 * Keeps the globe's replay effects equal to the situation shown: circles and points are added and removed
 * by id (an item that stays is left alone), the people and UAVs move in place in one movingSubjects effect;
 * all of them go when the replay closes (situation null) or the globe does.
 */
export function useReplayEffects(situation: Situation | null): void {
  const effects = useService(MapEffects);
  const drawn = useRef(new Set<string>());
  const subjectsDrawn = useRef(false);

  useEffect(() => {
    const { circles, subjects } = situation ? situationEffects(situation) : { circles: [], subjects: [] };
    const wanted = new Set(circles.map((circle) => circle.id));
    for (const id of [...drawn.current]) {
      if (wanted.has(id)) continue;
      effects.remove(id);
      drawn.current.delete(id);
    }
    for (const circle of circles) {
      if (drawn.current.has(circle.id)) continue;
      try {
        effects.add(circle.effect, circle.id, circle.options);
        drawn.current.add(circle.id);
      } catch (error) {
        console.warn(t.effectFailed(circle.id, errorMessage(error)));
      }
    }
    if (!situation) {
      if (subjectsDrawn.current) effects.remove(REPLAY_SUBJECTS_ID);
      subjectsDrawn.current = false;
      return;
    }
    try {
      if (subjectsDrawn.current) effects.update(REPLAY_SUBJECTS_ID, { subjects });
      else {
        effects.add('movingSubjects', REPLAY_SUBJECTS_ID, { subjects });
        subjectsDrawn.current = true;
      }
    } catch (error) {
      console.warn(t.effectFailed(REPLAY_SUBJECTS_ID, errorMessage(error)));
    }
  }, [effects, situation]);

  useEffect(() => {
    const current = drawn.current;
    return () => {
      for (const id of current) effects.remove(id);
      current.clear();
      if (subjectsDrawn.current) effects.remove(REPLAY_SUBJECTS_ID);
      subjectsDrawn.current = false;
    };
  }, [effects]);
}
