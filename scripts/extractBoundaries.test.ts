import { describe, expect, it } from 'vitest';
import { buildArcs, gridRing, simplify } from './extractBoundaries';

type Point = [number, number];

describe('packing district boundaries', () => {
  it('keeps a border two districts share once, walked forwards by one and backwards by the other', () => {
    const left: Point[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    const right: Point[] = [
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 1],
    ];
    const { arcs, rings } = buildArcs([{ rings: [left] }, { rings: [right] }]);
    const shared = arcs.findIndex((arc) => arc.length === 2 && arc.every(([x]) => x === 1));
    expect(shared).toBeGreaterThanOrEqual(0);
    expect(rings[0]![0]).toContain(shared);
    expect(rings[1]![0]).toContain(~shared);
    // Every other arc is used once: 3 arcs for 2 squares, not 8 edges.
    expect(arcs).toHaveLength(3);
  });

  it('finds a ring enclosed by another district again, as one closed arc', () => {
    const outer: Point[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    const hole: Point[] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
    ];
    const enclave: Point[] = [
      [2, 2],
      [1, 2],
      [1, 1],
      [2, 1],
    ];
    const { arcs, rings } = buildArcs([{ rings: [outer, hole] }, { rings: [enclave] }]);
    expect(arcs).toHaveLength(2);
    const arcOf = (reference: number) => (reference < 0 ? ~reference : reference);
    expect(arcOf(rings[0]![1]![0]!)).toBe(arcOf(rings[1]![0]![0]!));
  });

  it('snaps to the dataset grid, dropping repeated points and there-and-back spikes', () => {
    const step = 1 / 1024;
    const ring: [number, number][] = [
      [0, 0],
      [0, 0],
      [step, 0],
      [2 * step, 0],
      [step, 0],
      [step, step],
      [0, step],
      [0, 0],
    ];
    expect(gridRing(ring)).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ]);
  });

  it('simplifies a line within the tolerance, keeping both ends', () => {
    const wiggly: Point[] = Array.from({ length: 21 }, (_, index) => [index * 0.001, index % 2 ? 0.0001 : 0]);
    const simplified = simplify(wiggly, 0.0005);
    expect(simplified).toEqual([wiggly[0], wiggly[20]]);
    expect(simplify(wiggly, 0.00005)).toHaveLength(21);
  });
});
