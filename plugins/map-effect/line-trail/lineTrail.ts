import manifest from './plugin.json';

/** Spec section 9, as plugin.json declares it: trail line width 25, colour #0cfd11, cycle 7000 ms. */
export const TRAIL_DEFAULTS = manifest.contributes.defaults;

export interface LineTrail {
  /** Numeric tag naming the line. */
  tag: number;
  /** Flat list of longitude, latitude, height triples. */
  positions: number[];
}

/** Checks the triples; a bad list is a clear error. */
export function createLineTrail(tag: number, positions: readonly number[]): LineTrail {
  if (!Number.isFinite(tag)) throw new Error('流动线的标签必须是数字');
  if (positions.length < 6 || positions.length % 3 !== 0) throw new Error('流动线至少需要两个点，每个点为“经度, 纬度, 高度”三个数');
  positions.forEach((value, index) => {
    if (!Number.isFinite(value)) throw new Error(`流动线第 ${Math.floor(index / 3) + 1} 个点不是数字`);
    if (index % 3 === 0 && (value < -180 || value > 180)) throw new Error(`流动线第 ${index / 3 + 1} 个点的经度不正确`);
    if (index % 3 === 1 && (value < -90 || value > 90)) throw new Error(`流动线第 ${(index - 1) / 3 + 1} 个点的纬度不正确`);
  });
  return { tag, positions: [...positions] };
}

/** Where the flowing highlight is along the line, 0..1, repeating every cycle. */
export const trailPhase = (timeMs: number, cycleMs: number = TRAIL_DEFAULTS.cycleMs) => (timeMs % cycleMs) / cycleMs;
