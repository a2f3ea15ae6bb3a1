import { describe, expect, it } from 'vitest';
import { parsePosition, reportPosition } from './parsePosition';

describe('effect positions', () => {
  it('parses "lng,lat[,height]" with height 10 by default', () => {
    expect(parsePosition('120.21, 30.2')).toEqual({ longitude: 120.21, latitude: 30.2, height: 10 });
    expect(parsePosition('120.21,30.2,55')).toEqual({ longitude: 120.21, latitude: 30.2, height: 55 });
  });

  it.each([
    ['', '位置不能为空'],
    ['120.21', '位置格式不正确'],
    ['1,2,3,4', '位置格式不正确'],
    ['abc,30', '经度不正确'],
    ['190,30', '经度不正确'],
    ['120,-91', '纬度不正确'],
    ['120,30,high', '高度不正确'],
    ['120,,10', '纬度不正确'],
  ])('refuses %j with a clear error', (text, message) => {
    expect(() => parsePosition(text)).toThrow(message);
  });

  it('reports 8 decimals and clamps negative heights to 0', () => {
    expect(reportPosition({ longitude: 1.123456789, latitude: 2.987654321, height: -3 })).toEqual({
      longitude: 1.12345679,
      latitude: 2.98765432,
      height: 0,
    });
  });
});
