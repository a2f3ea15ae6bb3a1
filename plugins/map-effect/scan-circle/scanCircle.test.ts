import { describe, expect, it } from 'vitest';
import { advanceScan, initialScan, scanAngle } from './scanCircle';

describe('scan circle', () => {
  it('oscillates between 2000 and 22000 in steps of 1000', () => {
    let state = initialScan();
    const heights = [state.height];
    for (let tick = 0; tick < 42; tick++) heights.push((state = advanceScan(state)).height);
    expect(heights.slice(0, 3)).toEqual([2000, 3000, 4000]);
    expect(Math.max(...heights)).toBe(22000);
    expect(heights[20]).toBe(22000);
    expect(heights[21]).toBe(21000);
    expect(heights[40]).toBe(2000);
    expect(heights[41]).toBe(3000);
  });

  it('turns once per duration', () => {
    expect(scanAngle(0, 4000)).toBe(0);
    expect(scanAngle(2000, 4000)).toBeCloseTo(Math.PI);
    expect(scanAngle(4000, 4000)).toBe(0);
  });
});
