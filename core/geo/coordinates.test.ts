import { describe, expect, it } from 'vitest';
import {
  bd09ToGcj02,
  bd09ToWgs84,
  gcj02ToBd09,
  gcj02ToWgs84,
  gcj02ToWgs84Exact,
  insideChina,
  wgs84ToBd09,
  wgs84ToGcj02,
  type LngLat,
} from './coordinates';

const close = (actual: LngLat, expected: LngLat, digits = 6) => {
  expect(actual[0]).toBeCloseTo(expected[0], digits);
  expect(actual[1]).toBeCloseTo(expected[1], digits);
};

// Reference values of the widely used coordtransform library for the point (116.404, 39.915), Beijing.
describe('coordinate converter', () => {
  it('converts WGS-84 to GCJ-02 and back', () => {
    close(wgs84ToGcj02([116.404, 39.915]), [116.41024449916938, 39.91640428150164]);
    close(gcj02ToWgs84([116.404, 39.915]), [116.39775550083061, 39.91359571849836]);
  });

  it('converts GCJ-02 to BD-09 and back', () => {
    close(gcj02ToBd09([116.404, 39.915]), [116.41036949371029, 39.92133699351021]);
    close(bd09ToGcj02([116.404, 39.915]), [116.39762729119315, 39.90865623236042], 5);
  });

  it('round-trips within a few metres around the demo areas (the inverse is the usual one-step one)', () => {
    for (const point of [
      [120.2112, 30.2084],
      [120.1445, 30.2445],
    ] as LngLat[]) {
      close(gcj02ToWgs84(wgs84ToGcj02(point)), point, 4);
      close(bd09ToWgs84(wgs84ToBd09(point)), point, 4);
    }
  });

  it('has an exact inverse too, to a tenth of a millimetre, for tile corners converted back and forth', () => {
    for (const point of [
      [120.2112, 30.2084],
      [120.1445, 30.2445],
      [116.404, 39.915],
      [87.6, 43.8],
    ] as LngLat[]) {
      close(wgs84ToGcj02(gcj02ToWgs84Exact(point)), point, 9);
      close(gcj02ToWgs84Exact(wgs84ToGcj02(point)), point, 9);
    }
    expect(gcj02ToWgs84Exact([2.35, 48.85])).toEqual([2.35, 48.85]);
  });

  it('leaves points outside China unchanged (spec box 72.004–137.8347, 0.8293–55.8271)', () => {
    for (const point of [
      [2.3522, 48.8566],
      [72.0, 30],
      [138, 30],
      [120, 0.8],
      [120, 55.9],
    ] as LngLat[]) {
      expect(insideChina(point)).toBe(false);
      expect(wgs84ToGcj02(point)).toEqual(point);
      expect(gcj02ToBd09(point)).toEqual(point);
      expect(bd09ToWgs84(point)).toEqual(point);
    }
    expect(insideChina([72.004, 0.8293])).toBe(true);
    expect(insideChina([137.8347, 55.8271])).toBe(true);
  });
});
