import { useEffect, useMemo, useRef, useState } from 'react';
import { MapEffects, useService } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';
import { lowAltitudeStrings as t } from './lowAltitudeStrings';
import type { EffectSpec } from './uavEffects';

const keyOf = (spec: EffectSpec) => `${spec.effect}|${JSON.stringify(spec.options)}`;

/**
 * Keeps the page's effects on the globe equal to `wanted` (adds what is new or changed, removes what is
 * gone, all of them when the page closes); returns the ids drawn (`data-map-effects` for tests).
 */
export function useMapEffects(wanted: readonly EffectSpec[]): string[] {
  const effects = useService(MapEffects);
  const drawn = useRef(new Map<string, string>());
  const [ids, setIds] = useState<string[]>([]);
  const wantedKey = useMemo(() => wanted.map((spec) => `${spec.id}=${keyOf(spec)}`).join('\n'), [wanted]);
  useEffect(() => {
    const next = new Map(wanted.map((spec) => [spec.id, spec]));
    for (const id of [...drawn.current.keys()])
      if (!next.has(id)) {
        effects.remove(id);
        drawn.current.delete(id);
      }
    for (const spec of wanted) {
      if (drawn.current.get(spec.id) === keyOf(spec)) continue;
      try {
        effects.add(spec.effect, spec.id, spec.options);
        drawn.current.set(spec.id, keyOf(spec));
      } catch (error) {
        console.warn(t.effectFailed(spec.id, errorMessage(error)));
        drawn.current.delete(spec.id);
      }
    }
    setIds([...drawn.current.keys()]);
    // wantedKey stands for wanted's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [effects, wantedKey]);
  useEffect(() => {
    const current = drawn.current;
    return () => {
      for (const id of current.keys()) effects.remove(id);
      current.clear();
    };
  }, [effects]);
  return ids;
}

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
