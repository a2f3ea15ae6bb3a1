import { describe, expect, it } from 'vitest';
import { chinesePlate, PLATE_PROVINCES } from './chinesePlates';
import { seededRandom } from './seededRandom';

describe('chinesePlate', () => {
  it('draws the same plates from the same seed, each a province, a letter and five characters (six on green plates)', () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 200 },
        (
          (random) => () =>
            chinesePlate(random)
        )(seededRandom(seed)),
      );
    expect(draw(7)).toEqual(draw(7));
    for (const { plate, plateColor, powerType } of draw(7)) {
      expect(PLATE_PROVINCES).toContain(plate[0]);
      if (plateColor === 'GREEN') {
        expect(plate).toMatch(/^.[A-L][DF]\d{5}$/);
        expect(powerType).toBe(plate[2] === 'D' ? 'XNYS' : 'XNYD');
      } else {
        expect(plate).toMatch(/^.[A-L][A-HJ-NP-Z0-9]{4}\d$/);
        expect(powerType).toBe('RYC');
      }
    }
  });

  it('mostly gives home (浙) plates, some green ones, and yellow plates to heavy vehicles', () => {
    const random = seededRandom(11);
    const plates = Array.from({ length: 2000 }, () => chinesePlate(random));
    const share = (test: (plate: (typeof plates)[number]) => boolean) => plates.filter(test).length / plates.length;
    expect(share((p) => p.plate.startsWith('浙'))).toBeGreaterThan(0.6);
    expect(share((p) => p.plateColor === 'GREEN')).toBeGreaterThan(0.08);
    expect(share((p) => p.plateColor === 'GREEN')).toBeLessThan(0.2);
    expect(chinesePlate(random, true).plateColor).toBe('YELLOW');
  });
});
