import { describe, expect, it } from 'vitest';
import type { Viewer } from 'cesium';
import { pluginEffectRenderer, type Cesium, type MapEffectContext } from '@ops/sdk';
import { lineTrailRenderer } from './renderLineTrail';
import { createLineTrail, trailPhase, TRAIL_DEFAULTS } from './lineTrail';

describe('line trail', () => {
  it('keeps the spec constants and cycles every 7000 ms', () => {
    expect(TRAIL_DEFAULTS).toEqual({ width: 25, color: '#0cfd11', cycleMs: 7000 });
    expect(trailPhase(0)).toBe(0);
    expect(trailPhase(3500)).toBe(0.5);
    expect(trailPhase(7000)).toBe(0);
  });

  it('accepts triples and refuses bad lists with a clear message', () => {
    expect(createLineTrail(3, [120.1, 30.2, 10, 120.2, 30.3, 10]).positions).toHaveLength(6);
    expect(() => createLineTrail(1, [120.1, 30.2, 10])).toThrow('至少需要两个点');
    expect(() => createLineTrail(1, [120.1, 30.2, 10, 120.2, 30.3])).toThrow('至少需要两个点');
    expect(() => createLineTrail(1, [120.1, 30.2, 10, 220, 30.3, 10])).toThrow('第 2 个点的经度不正确');
    expect(() => createLineTrail(1, [120.1, Number.NaN, 10, 120, 30.3, 10])).toThrow('第 1 个点不是数字');
  });
});

// Cesium is a tripwire here: reaching it means every image the renderer needs was found first.
const CESIUM_REACHED = 'Cesium reached';
const tripwire = new Proxy({} as Cesium, {
  get: () => {
    throw new Error(CESIUM_REACHED);
  },
});
const contextWith = (assets: Record<string, string> | undefined, options: Record<string, unknown>): MapEffectContext => ({
  Cesium: tripwire,
  viewer: { clock: {} } as Viewer,
  id: 'test',
  options,
  emit: () => undefined,
  remember: () => undefined,
  ...(assets ? { assets } : {}),
});

describe('line trail image', () => {
  it('draws with trail.png, listed in its plugin.json, from the URLs the core gives', () => {
    expect(() =>
      lineTrailRenderer.create(contextWith({ 'trail.png': '/test/trail.png' }, { positions: [120.2, 30.2, 10, 120.3, 30.3, 10] })),
    ).toThrow(CESIUM_REACHED);
    // Paired with the real manifest and folder, as the globe pairs it.
    expect(() =>
      pluginEffectRenderer(lineTrailRenderer).create(contextWith(undefined, { positions: [120.2, 30.2, 10, 120.3, 30.3, 10] })),
    ).toThrow(CESIUM_REACHED);
  });

  it('names the plugin and the image when the core has no URL for it, before drawing anything', () => {
    expect(() => lineTrailRenderer.create(contextWith({}, { positions: [120.2, 30.2, 10, 120.3, 30.3, 10] }))).toThrow(
      '地图效果插件 map-effect:line-trail 声明的图片 trail.png 不在插件目录中',
    );
    expect(() => lineTrailRenderer.create(contextWith(undefined, { positions: [120.2, 30.2, 10, 120.3, 30.3, 10] }))).toThrow('没有地址');
  });
});
