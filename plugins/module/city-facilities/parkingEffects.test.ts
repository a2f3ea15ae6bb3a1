import { describe, expect, it } from 'vitest';
import { parkingTotals } from './ParkingPanels';
import { lotOfEffect, occupancyColor, parkingEffects } from './parkingEffects';
import { sampleLots } from './storyData';

describe('parking lots on the map', () => {
  it('colours each lot by its occupancy band and enlarges the selected one; a click on its circle names the lot', () => {
    const specs = parkingEffects(sampleLots, 302);
    expect(specs.map((spec) => [spec.id, spec.options.color])).toEqual([
      ['city-facilities:lot-301', '#ff4d4f'],
      ['city-facilities:lot-302', '#ffa940'],
      ['city-facilities:lot-303', '#52c41a'],
    ]);
    expect(Number(specs[1]!.options.maxRadius)).toBe(90 * 1.6);
    expect(lotOfEffect('city-facilities:lot-302')).toBe(302);
    expect(lotOfEffect('field-cases:case-3')).toBeUndefined();
    expect([0.59, 0.6, 0.85].map(occupancyColor)).toEqual(['#52c41a', '#ffa940', '#ff4d4f']);
  });

  it('totals the lots the server sent', () => {
    expect(parkingTotals(sampleLots)).toEqual({ lots: 3, spaces: 690, parked: 532, occupancy: 77.1 });
    expect(parkingTotals([])).toEqual({ lots: 0, spaces: 0, parked: 0, occupancy: 0 });
  });
});
