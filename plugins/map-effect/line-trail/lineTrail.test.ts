import { describe, expect, it } from 'vitest';
import { createLineTrail, trailPhase, TRAIL_DEFAULTS } from './lineTrail';

describe('line trail', () => {
  it('keeps the spec constants and cycles every 7000 ms', () => {
    expect(TRAIL_DEFAULTS).toEqual({ width: 25, color: '#0cfd11', cycleMs: 7000 });
    expect(trailPhase(0)).toBe(0);
    expect(trailPhase(3500)).toBe(0.5);
    expect(trailPhase(7000)).toBe(0);
  });

  it('accepts triples and refuses bad lists with a clear message', () => {
    expect(createLineTrail(3, [120.1, 30.2, 10, 120.2, 30.3, 10]).positions).toHaveLength(6);
    expect(() => createLineTrail(1, [120.1, 30.2, 10])).toThrow('至少需要两个点');
    expect(() => createLineTrail(1, [120.1, 30.2, 10, 120.2, 30.3])).toThrow('至少需要两个点');
    expect(() => createLineTrail(1, [120.1, 30.2, 10, 220, 30.3, 10])).toThrow('第 2 个点的经度不正确');
    expect(() => createLineTrail(1, [120.1, Number.NaN, 10, 120, 30.3, 10])).toThrow('第 1 个点不是数字');
  });
});
