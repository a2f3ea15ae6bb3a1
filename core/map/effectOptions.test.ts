import { describe, expect, it } from 'vitest';
import * as CesiumModule from 'cesium';
import type { Cesium } from './loadCesium';
import { colorOption, numberOption, positionOption } from './effectOptions';

const Cesium = CesiumModule as unknown as Cesium;

describe('effect options', () => {
  it('reads a position from "lng,lat[,height]" or an object, with height 10 when left out', () => {
    expect(positionOption('120.2,30.1')).toEqual({ longitude: 120.2, latitude: 30.1, height: 10 });
    expect(positionOption({ longitude: 120.2, latitude: 30.1, height: 0 })).toEqual({ longitude: 120.2, latitude: 30.1, height: 0 });
    expect(() => positionOption({ longitude: 'east', latitude: 30 })).toThrow('经度不正确');
    expect(() => positionOption(undefined)).toThrow('位置不能为空');
  });

  it('takes numbers within limits and names the option in its error', () => {
    expect(numberOption({}, 'radius', 1500, '扫描圆半径')).toBe(1500);
    expect(numberOption({ radius: '200' }, 'radius', 1500, '扫描圆半径')).toBe(200);
    expect(() => numberOption({ radius: 'big' }, 'radius', 1500, '扫描圆半径')).toThrow('扫描圆半径必须是数字');
    expect(() => numberOption({ radius: 0 }, 'radius', 1500, '扫描圆半径', { above: 0 })).toThrow('扫描圆半径必须大于 0');
    expect(() => numberOption({ fov: 200 }, 'fov', 60, '视场角', { max: 179 })).toThrow('视场角不能大于 179');
    expect(() => numberOption({ radius: Number.NaN }, 'radius', 1, '半径')).toThrow('半径必须是数字');
  });

  it('takes CSS colours and refuses others', () => {
    expect(colorOption(Cesium, { color: '#0cfd11' }, 'color', '#ffffff').toCssHexString()).toBe('#0cfd11');
    expect(colorOption(Cesium, {}, 'color', '#00ffff').toCssHexString()).toBe('#00ffff');
    expect(() => colorOption(Cesium, { color: 'not-a-colour' }, 'color', '#fff')).toThrow('颜色不正确：“not-a-colour”');
    expect(() => colorOption(Cesium, { color: 5 }, 'color', '#fff')).toThrow('颜色不正确：“5”');
  });
});
