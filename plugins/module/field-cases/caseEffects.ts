import type { CaseRow } from '@ops/contracts';
import { caseEffectId } from './caseGlobeLayer';
import { STATUS_COLORS } from './caseGroups';

import type { EffectSpec } from '@ops/sdk';
export type { EffectSpec };

/** Circles are drawn a little above the ground so terrain-less globes show them. */
const GROUND = 2;

/**
 * The page's cases as pulsing circles coloured by status (open ones pulse wider, ended ones small);
 * the focused case's circle is larger so it stands out.
 */
export function caseEffects(cases: readonly CaseRow[], focusedId: number | null): EffectSpec[] {
  return cases.map((row) => {
    const open = row.status !== 'closed' && row.status !== 'rejected';
    const focused = row.caseId === focusedId;
    return {
      id: caseEffectId(row.caseId),
      effect: 'pulsingCircle',
      options: {
        position: { longitude: row.longitude, latitude: row.latitude, height: GROUND },
        color: STATUS_COLORS[row.status],
        maxRadius: focused ? 80 : open ? 40 : 20,
        step: focused ? 3 : 1.5,
      },
    };
  });
}
