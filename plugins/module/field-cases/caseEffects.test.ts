import { describe, expect, it } from 'vitest';
import type { MapLayerContext } from '@ops/sdk';
import { caseEffects } from './caseEffects';
import { caseGlobeLayer } from './caseGlobeLayer';
import { STATUS_COLORS } from './caseGroups';
import { sampleCases } from './storyData';

describe('caseEffects', () => {
  it('draws each case as a pulsing circle at its place, coloured by status, the focused one larger', () => {
    const specs = caseEffects(sampleCases, 13);
    expect(specs.map((spec) => spec.id)).toEqual(['field-cases:case-12', 'field-cases:case-13', 'field-cases:case-9']);
    expect(specs.every((spec) => spec.effect === 'pulsingCircle')).toBe(true);
    expect(specs[0]!.options).toMatchObject({ color: STATUS_COLORS.assigned, position: { longitude: 120.2105, latitude: 30.2085 } });
    expect(specs[1]!.options.color).toBe(STATUS_COLORS.registered);
    expect(Number(specs[1]!.options.maxRadius)).toBeGreaterThan(Number(specs[0]!.options.maxRadius));
  });

  it("opens a clicked case's page on it and leaves other layers' effects alone", () => {
    const navigate = (path: string) => paths.push(path);
    const paths: string[] = [];
    const context = { navigate } as unknown as MapLayerContext;
    expect(caseGlobeLayer.onEffectClick!('field-cases:case-12', context)).toBe(true);
    expect(paths).toEqual([`${window.location.pathname}?caseId=12`]);
    expect(caseGlobeLayer.onEffectClick!('emergency:event-3:fire', context)).toBe(false);
  });
});
