import { describe, expect, it } from 'vitest';
import { HEAT_DEFAULTS, heatColour, heatPointsOption, heatRaster } from './heatLayer';

const at = (raster: NonNullable<ReturnType<typeof heatRaster>>, longitude: number, latitude: number) => {
  const column = Math.floor(((longitude - raster.west) / (raster.east - raster.west)) * raster.width);
  const row = Math.floor(((raster.north - latitude) / (raster.north - raster.south)) * raster.height);
  const index = (row * raster.width + column) * 4;
  return [...raster.pixels.slice(index, index + 4)];
};

describe('heat layer', () => {
  const settings = { ...HEAT_DEFAULTS, radius: 400, resolution: 256, maxValue: 0 };

  it('draws the busiest point in the hottest colour, a quieter one cooler, and nothing far from both', () => {
    const raster = heatRaster(
      [
        { longitude: 120.2, latitude: 30.25, value: 40 },
        { longitude: 120.22, latitude: 30.24, value: 10 },
      ],
      settings,
    )!;
    expect(raster.max).toBe(40);
    // The rectangle holds both points and their reach (400 m ≈ 0.0036° of latitude).
    expect(raster.west).toBeLessThan(120.2 - 0.004);
    expect(raster.north).toBeCloseTo(30.25 + 400 / 111_320, 6);
    expect(Math.max(raster.width, raster.height)).toBe(256);
    const hot = at(raster, 120.2, 30.25);
    const cool = at(raster, 120.22, 30.24);
    expect(hot[0]).toBeGreaterThan(240);
    expect(hot[3]).toBeGreaterThan(240);
    expect(cool[3]).toBeGreaterThan(0);
    expect(cool[0]!).toBeLessThan(hot[0]!);
    // The corner opposite both points is clear.
    expect(at(raster, raster.east - 1e-5, raster.north - 1e-5)).toEqual([0, 0, 0, 0]);
  });

  it('reads a fixed maximum, so the same crowd draws the same colour whatever the others do', () => {
    const alone = heatRaster([{ longitude: 120.2, latitude: 30.25, value: 10 }], { ...settings, maxValue: 40 })!;
    expect(at(alone, 120.2, 30.25)[0]).toBeLessThan(240);
    expect(heatRaster([{ longitude: 120.2, latitude: 30.25, value: 10 }], settings)!.max).toBe(10);
  });

  it('has nothing to draw without a point that has a value', () => {
    expect(heatRaster([], settings)).toBeNull();
    expect(heatRaster([{ longitude: 120.2, latitude: 30.25, value: 0 }], settings)).toBeNull();
  });

  it('mixes the gradient between its stops', () => {
    expect(heatColour(0, HEAT_DEFAULTS.gradient)[3]).toBe(0);
    expect(heatColour(1, HEAT_DEFAULTS.gradient)).toEqual([255, 40, 0, 255]);
    const [, green] = heatColour(0.65, HEAT_DEFAULTS.gradient);
    expect(green).toBeGreaterThan(230);
  });

  it('refuses bad points with a Chinese error naming the one', () => {
    expect(() => heatPointsOption('120,30')).toThrow('热力点（points）必须是列表');
    expect(() =>
      heatPointsOption([
        { longitude: 120, latitude: 30, value: 1 },
        { longitude: 200, latitude: 30, value: 1 },
      ]),
    ).toThrow('第 2 个热力点的经度');
    expect(() => heatPointsOption([{ longitude: 120, latitude: 30, value: -1 }])).toThrow('数值（value）');
    expect(heatPointsOption([{ longitude: 120, latitude: 30, value: 2, extra: 'x' }])).toEqual([
      { longitude: 120, latitude: 30, value: 2 },
    ]);
  });
});
