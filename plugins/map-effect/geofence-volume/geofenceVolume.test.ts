import { describe, expect, it } from 'vitest';
import { createGeofenceVolume } from './geofenceVolume';

const SQUARE = [
  [120.2, 30.2],
  [120.21, 30.2],
  [120.21, 30.21],
];

describe('createGeofenceVolume', () => {
  it('takes a polygon between two heights', () => {
    expect(createGeofenceVolume(SQUARE, 0, 120)).toEqual({ polygon: SQUARE, floor: 0, ceiling: 120 });
    expect(createGeofenceVolume(SQUARE, undefined, '80')).toMatchObject({ floor: 0, ceiling: 80 });
  });

  it('refuses a bad fence in Chinese', () => {
    expect(() => createGeofenceVolume(SQUARE.slice(0, 2), 0, 100)).toThrow('电子围栏至少需要 3 个顶点');
    expect(() => createGeofenceVolume([...SQUARE.slice(0, 2), [200, 30]], 0, 100)).toThrow('第 3 个顶点不是有效的经纬度');
    expect(() => createGeofenceVolume(SQUARE, 100, 50)).toThrow('最高高度必须大于最低高度');
    expect(() => createGeofenceVolume(SQUARE, -1, 50)).toThrow('最低高度必须是不小于 0 的数字');
  });
});
