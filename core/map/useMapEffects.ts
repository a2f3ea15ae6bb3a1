import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../contracts/errorMessage';
import { useService } from '../di/useService';
import { MapEffects } from './MapEffects';
import { mapStrings as t } from './mapStrings';

/** One effect a page wants on the globe (MapEffects.add's arguments). */
export interface EffectSpec {
  id: string;
  effect: string;
  options: Record<string, unknown>;
}

/** What to change on the globe to go from the drawn effects (id → options key) to the wanted ones. */
export function diffEffects(drawn: ReadonlyMap<string, string>, wanted: readonly EffectSpec[]): { add: EffectSpec[]; remove: string[] } {
  const next = new Map(wanted.map((spec) => [spec.id, spec]));
  const remove = [...drawn.keys()].filter((id) => !next.has(id));
  const add = wanted.filter((spec) => drawn.get(spec.id) !== effectKey(spec));
  return { add, remove };
}

export const effectKey = (spec: EffectSpec) => `${spec.effect}|${JSON.stringify(spec.options)}`;

/**
 * A page's effects on the globe (the map pages of emergency, patrols, cases, parking, low altitude …): keeps them
 * equal to `wanted`: adds what is new or changed, removes what
 * is gone, and removes all of them when the page closes (other map pages must not inherit a fire).
 * Returns the ids drawn (the page shows them to tests as `data-map-effects`).
 */
export function useMapEffects(wanted: readonly EffectSpec[]): string[] {
  const effects = useService(MapEffects);
  const drawn = useRef(new Map<string, string>());
  const [ids, setIds] = useState<string[]>([]);
  const wantedKey = useMemo(() => wanted.map(effectKey).join('\n') + wanted.map((spec) => spec.id).join(','), [wanted]);
  useEffect(() => {
    const { add, remove } = diffEffects(drawn.current, wanted);
    for (const id of remove) {
      effects.remove(id);
      drawn.current.delete(id);
    }
    for (const spec of add) {
      try {
        effects.add(spec.effect, spec.id, spec.options);
        drawn.current.set(spec.id, effectKey(spec));
      } catch (error) {
        // A bad position is not drawn; the page's panels still list it.
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
