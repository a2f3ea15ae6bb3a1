import { describe, expect, it } from 'vitest';
import { seededRandom } from '../simulation/seededRandom';
import { drawRecord, type RecognitionRow } from './recognitionModel';

const camera = { deviceId: 1, longitude: 120.2, latitude: 30.2 };
const vehiclesOf = (tenantId: number, seed: number, count: number): RecognitionRow[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => drawRecord(tenantId, camera, index * 1000, random)).filter(
    (row) => row.kind === 'vehicle',
  );
};
const timesSeen = (rows: readonly RecognitionRow[]) => {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.plate!, (seen.get(row.plate!) ?? 0) + 1);
  return [...seen.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
};

describe('the recognition model’s vehicles', () => {
  it('are mostly the tenant’s regulars: plates repeat, the frequent ones far more, a frequent plate one vehicle', () => {
    const rows = vehiclesOf(1, 7, 40_000);
    const seen = timesSeen(rows);
    // ~18k vehicle records: 80 % from 5,000 regulars, so well under half as many plates as records.
    expect(seen.length).toBeLessThan(rows.length * 0.45);
    // The most frequent regular: about 1.4 % of the regulars' passes (u² over 5,000).
    expect(seen[0]![1]).toBeGreaterThan(rows.length * 0.8 * 0.008);
    expect(seen[9]![1]).toBeGreaterThan(seen[999]![1] * 3);
    // A frequent plate is one vehicle (an occasional visitor may draw the same plate: not a regular's type and colour).
    for (const [plate, count] of seen.slice(0, 10)) {
      const passes = rows.filter((row) => row.plate === plate);
      const same = passes.filter((row) => row.vehicle_type === passes[0]!.vehicle_type && row.vehicle_color === passes[0]!.vehicle_color);
      expect(same.length).toBeGreaterThan(count * 0.95);
    }
    // The home province (浙) most of all, as chinesePlate draws them.
    expect(rows.filter((row) => row.plate!.startsWith('浙')).length).toBeGreaterThan(rows.length * 0.6);
  });

  it('draw the same regulars for a tenant whatever came before, other ones for another tenant', () => {
    const top = (seed: number, tenantId = 1) =>
      timesSeen(vehiclesOf(tenantId, seed, 20_000))
        .slice(0, 10)
        .map(([plate]) => plate);
    expect(vehiclesOf(1, 7, 20_000)).toEqual(vehiclesOf(1, 7, 20_000));
    // Two different streams (the simulator's, the history's) see the same regulars, the most frequent first.
    const [one, two] = [top(11), top(12)];
    expect(one[0]).toBe(two[0]);
    expect(one.filter((plate) => two.includes(plate)).length).toBeGreaterThanOrEqual(6);
    expect(top(11, 2).filter((plate) => one.includes(plate))).toEqual([]);
  });
});
