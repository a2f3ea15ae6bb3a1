import type { PatrolRoute } from '@ops/contracts';

/** Effect ids this plugin draws start with it. */
export const EFFECT_PREFIX = 'patrols:';
const GROUND = 5;
export const STATE_COLORS = { done: '#2ee6a6', missed: '#ff3b30', due: '#ffb020' } as const;
const ROUTE_COLOR = '#3da5ff';
const FOCUSED_ROUTE_COLOR = '#0cfd11';

import type { EffectSpec } from '@ops/sdk';
export type { EffectSpec };

/** What a click on an effect opens: a route (its trail, a missed or due checkpoint) or a check-in. */
export function itemOfEffect(effectId: string): { routeId: number } | { checkInId: number } | null {
  const match = /^patrols:(route|checkpoint|checkin)-(\d+)(?:-(\d+))?$/.exec(effectId);
  if (!match) return null;
  if (match[1] === 'checkin') return { checkInId: Number(match[2]) };
  return { routeId: Number(match[2]) };
}

/**
 * The page's map: each route as a line trail through its checkpoints (the focused one brighter and
 * wider), each checkpoint as a flashing point in its state's colour — checked in green (a click opens
 * the check-in), missed red, due amber (a click opens the route).
 */
export function patrolEffects(routes: readonly PatrolRoute[], focusedRouteId: number | null): EffectSpec[] {
  const specs: EffectSpec[] = [];
  for (const route of routes) {
    const focused = route.routeId === focusedRouteId;
    if (route.checkpoints.length >= 2)
      specs.push({
        id: `${EFFECT_PREFIX}route-${route.routeId}`,
        effect: 'lineTrail',
        options: {
          tag: route.routeId,
          positions: route.checkpoints.flatMap((point) => [point.longitude, point.latitude, GROUND]),
          width: focused ? 10 : 5,
          color: focused ? FOCUSED_ROUTE_COLOR : ROUTE_COLOR,
        },
      });
    for (const point of route.checkpoints) {
      const id =
        point.state === 'done' && point.checkInId !== null
          ? `${EFFECT_PREFIX}checkin-${point.checkInId}`
          : `${EFFECT_PREFIX}checkpoint-${route.routeId}-${point.checkpointId}`;
      specs.push({
        id,
        effect: 'flashingPoint',
        options: { position: { longitude: point.longitude, latitude: point.latitude, height: GROUND }, color: STATE_COLORS[point.state] },
      });
    }
  }
  return specs;
}
