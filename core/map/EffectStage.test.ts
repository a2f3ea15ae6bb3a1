import { describe, expect, it } from 'vitest';
import { frameDistance } from './EffectStage';

describe('effect stage framing', () => {
  it('stands back so an effect of the given width fills a third of the stage (60° across)', () => {
    // 3 km wide (a 1500 m scan circle) over a third of the width: the view is 9 km wide.
    expect(frameDistance(3000) * 2 * Math.tan(Math.PI / 6)).toBeCloseTo(9000, 6);
    expect(frameDistance(300, 1 / 2)).toBeCloseTo(frameDistance(200), 6);
  });
});
