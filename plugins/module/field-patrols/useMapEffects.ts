import { useEffect, useMemo, useRef, useState } from 'react';
import { MapEffects, useService } from '@ops/sdk';
import { errorMessage } from '@ops/contracts';
import { fieldPatrolStrings as t } from './fieldPatrolStrings';
import type { EffectSpec } from './patrolEffects';

const keyOf = (spec: EffectSpec) => `${spec.effect}|${JSON.stringify(spec.options)}`;

/**
 * Keeps the page's effects on the globe equal to `wanted`: adds what is new or changed, removes what is
 * gone, and removes all of them when the page closes. Returns the ids drawn (`data-map-effects` for tests).
 */
export function useMapEffects(wanted: readonly EffectSpec[]): string[] {
  const effects = useService(MapEffects);
  const drawn = useRef(new Map<string, string>());
  const [ids, setIds] = useState<string[]>([]);
  const wantedKey = useMemo(() => wanted.map((spec) => `${spec.id}=${keyOf(spec)}`).join('\n'), [wanted]);
  useEffect(() => {
    const next = new Map(wanted.map((spec) => [spec.id, spec]));
    for (const id of [...drawn.current.keys()].filter((candidate) => !next.has(candidate))) {
      effects.remove(id);
      drawn.current.delete(id);
    }
    for (const spec of wanted) {
      const key = keyOf(spec);
      if (drawn.current.get(spec.id) === key) continue;
      try {
        effects.add(spec.effect, spec.id, spec.options);
        drawn.current.set(spec.id, key);
      } catch (error) {
        // A bad position is not drawn; the panels still list it.
        console.warn(t.effectFailed(spec.id, errorMessage(error)));
        drawn.current.delete(spec.id);
      }
    }
    setIds([...drawn.current.keys()]);
    // wantedKey stands for wanted's content: a new array with the same effects changes nothing.
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
