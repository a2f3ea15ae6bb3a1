import { describe, expect, it } from 'vitest';
import type { Viewer } from 'cesium';
import { pluginEffectRenderer, type Cesium, type MapEffectContext } from '@ops/sdk';
import { fireSmokeRenderer } from './renderFireSmoke';
import { emitterSettings } from './fireSmoke';

describe('fire and smoke emitter', () => {
  it('uses the spec settings, with particle size 25 for smoke and 10 for fire', () => {
    expect(emitterSettings('smoke')).toEqual({ emissionRate: 5, minimumParticleLife: 1, maximumParticleLife: 6, minimumSpeed: 1, maximumSpeed: 4, endScale: 10, lifetime: 16, particleSize: 25 });
    expect(emitterSettings('fire').particleSize).toBe(10);
  });

  it('refuses contradictory settings', () => {
    expect(() => emitterSettings('fire', { minimumSpeed: 5 })).toThrow('最小速度');
    expect(() => emitterSettings('fire', { emissionRate: 0 })).toThrow('发射率');
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

describe('fire and smoke images', () => {
  it('draws with fire.png and secondFire.png, listed in its plugin.json, from the URLs the core gives', () => {
    expect(() => fireSmokeRenderer.create(contextWith({ 'fire.png': '/test/fire.png', 'secondFire.png': '/test/secondFire.png' }, { position: '120.2,30.2,0' }))).toThrow(CESIUM_REACHED);
    // Paired with the real manifest and folder, as the globe pairs it.
    expect(() => pluginEffectRenderer(fireSmokeRenderer).create(contextWith(undefined, { position: '120.2,30.2,0' }))).toThrow(CESIUM_REACHED);
  });

  it('names the plugin and the image when the core has no URL for it, before drawing anything', () => {
    expect(() => fireSmokeRenderer.create(contextWith({ 'fire.png': '/test/fire.png' }, { position: '120.2,30.2,0' }))).toThrow('地图效果插件 map-effect:fire-smoke 声明的图片 secondFire.png 不在插件目录中');
    expect(() => fireSmokeRenderer.create(contextWith(undefined, { position: '120.2,30.2,0' }))).toThrow('没有地址');
  });
});
