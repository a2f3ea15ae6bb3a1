import { useEffect, useRef } from 'react';
import { MapEffects, useService } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';

type Subject = Record<string, unknown> & { id: string };

/** One movingSubjects effect of the page: added once, moved in place by updates, removed when the page closes. */
export function useMovingSubjects(id: string, subjects: readonly Subject[]): void {
  const effects = useService(MapEffects);
  const added = useRef(false);
  const key = JSON.stringify(subjects);
  useEffect(() => {
    try {
      if (added.current) effects.update(id, { subjects });
      else {
        effects.add('movingSubjects', id, { subjects });
        added.current = true;
      }
    } catch (error) {
      console.warn(t.effectFailed(id, errorMessage(error)));
    }
    // key stands for the subjects' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [effects, id, key]);
  useEffect(
    () => () => {
      effects.remove(id);
      added.current = false;
    },
    [effects, id],
  );
}
