import { describe, expect, it } from 'vitest';
import { emitterSettings } from './fireSmoke';

describe('fire and smoke emitter', () => {
  it('uses the spec settings, with particle size 25 for smoke and 10 for fire', () => {
    expect(emitterSettings('smoke')).toEqual({ emissionRate: 5, minimumParticleLife: 1, maximumParticleLife: 6, minimumSpeed: 1, maximumSpeed: 4, endScale: 10, lifetime: 16, particleSize: 25 });
    expect(emitterSettings('fire').particleSize).toBe(10);
  });

  it('refuses contradictory settings', () => {
    expect(() => emitterSettings('fire', { minimumSpeed: 5 })).toThrow('最小速度');
    expect(() => emitterSettings('fire', { emissionRate: 0 })).toThrow('发射率');
  });
});
