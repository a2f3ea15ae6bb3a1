import { describe, expect, it } from 'vitest';
import { itemOfEffect, patrolEffects, STATE_COLORS } from './patrolEffects';
import { sampleRoute } from './storyData';

describe('patrolEffects', () => {
  it('draws a route as a trail through its checkpoints and each checkpoint in its state’s colour', () => {
    const specs = patrolEffects([sampleRoute], null);
    expect(specs.map((spec) => spec.id)).toEqual([
      'patrols:route-7',
      'patrols:checkin-41',
      'patrols:checkpoint-7-102',
      'patrols:checkin-42',
      'patrols:checkpoint-7-104',
    ]);
    expect(specs[0]).toMatchObject({ effect: 'lineTrail', options: { width: 5 } });
    expect(specs[0]!.options.positions).toEqual(sampleRoute.checkpoints.flatMap((point) => [point.longitude, point.latitude, 5]));
    expect(specs.slice(1).map((spec) => spec.options.color)).toEqual([
      STATE_COLORS.done,
      STATE_COLORS.missed,
      STATE_COLORS.done,
      STATE_COLORS.due,
    ]);
    // The focused route is wider and green.
    expect(patrolEffects([sampleRoute], 7)[0]!.options).toMatchObject({ width: 10, color: '#0cfd11' });
  });

  it('turns a click on an effect into what it opens', () => {
    expect(itemOfEffect('patrols:route-7')).toEqual({ routeId: 7 });
    expect(itemOfEffect('patrols:checkpoint-7-102')).toEqual({ routeId: 7 });
    expect(itemOfEffect('patrols:checkin-41')).toEqual({ checkInId: 41 });
    expect(itemOfEffect('emergency:event-12:fire')).toBeNull();
  });
});
