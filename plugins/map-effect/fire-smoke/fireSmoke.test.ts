import { describe, expect, it } from 'vitest';
import type { Viewer } from 'cesium';
import { pluginEffectRenderer, type Cesium, type MapEffectContext } from '@ops/sdk';
import { fireSmokeRenderer } from './renderFireSmoke';
import { emitterSettings, particleForces, SMOKE } from './fireSmoke';

describe('fire and smoke emitter', () => {
  it("emits smoke as plugin.json says (the spec's lifetime 16, the rest tuned: the spec's numbers drew one ball), fire particles of the spec's 10 m", () => {
    expect(emitterSettings('smoke')).toEqual({
      emissionRate: 14,
      minimumParticleLife: 5,
      maximumParticleLife: 10,
      minimumSpeed: 8,
      maximumSpeed: 14,
      endScale: 6,
      lifetime: 16,
      particleSize: 22,
    });
    expect(emitterSettings('smoke', { emissionRate: 5, endScale: 10 })).toMatchObject({ emissionRate: 5, endScale: 10 });
    expect(emitterSettings('fire').particleSize).toBe(10);
  });

  it('makes flames of many short-lived particles that rush up and shrink into tongues', () => {
    const flame = emitterSettings('fire');
    expect(flame.emissionRate).toBeGreaterThan(emitterSettings('smoke').emissionRate * 3);
    expect(flame.maximumParticleLife).toBeLessThan(2);
    expect(flame.endScale).toBeLessThan(flame.startScale);
  });

  it('refuses contradictory settings', () => {
    expect(() => emitterSettings('smoke', { minimumSpeed: 20 })).toThrow('最小速度');
    expect(() => emitterSettings('smoke', { emissionRate: 0 })).toThrow('发射率');
  });
});

describe('what moves the particles', () => {
  it('lifts hot smoke, less as it cools, while the wind pushes it and drag slows it', () => {
    const young = particleForces('smoke', 0, 0.1);
    const old = particleForces('smoke', 0.8, 0.1);
    expect(young.up).toBeGreaterThan(old.up);
    expect(old.up).toBeGreaterThan(0);
    expect(young.downwind).toBeGreaterThan(0);
    expect(young.keep).toBeLessThan(1);
    expect(particleForces('smoke', 1, 0.1).up).toBe(0);
  });

  it('lets flames rise straight, without wind or drag', () => {
    expect(particleForces('fire', 0.2, 0.1)).toMatchObject({ downwind: 0, keep: 1 });
    expect(particleForces('fire', 0.2, 0.1).up).toBeGreaterThan(0);
  });

  it('leaves smoke above the flames and ages a plume taller than it is wide at its base', () => {
    // A particle that leaves at the slowest speed and lives the longest still climbs well above the flames.
    const settings = emitterSettings('smoke');
    let [height, speed] = [SMOKE.baseHeight, settings.minimumSpeed];
    const dt = 0.05;
    for (let t = 0; t < settings.maximumParticleLife; t += dt) {
      const { up, keep } = particleForces('smoke', t / settings.maximumParticleLife, dt);
      speed = speed * keep + up;
      height += speed * dt;
    }
    expect(height).toBeGreaterThan(settings.particleSize * 3);
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
    expect(() =>
      fireSmokeRenderer.create(
        contextWith({ 'fire.png': '/test/fire.png', 'secondFire.png': '/test/secondFire.png' }, { position: '120.2,30.2,0' }),
      ),
    ).toThrow(CESIUM_REACHED);
    // Paired with the real manifest and folder, as the globe pairs it.
    expect(() => pluginEffectRenderer(fireSmokeRenderer).create(contextWith(undefined, { position: '120.2,30.2,0' }))).toThrow(
      CESIUM_REACHED,
    );
  });

  it('names the plugin and the image when the core has no URL for it, before drawing anything', () => {
    expect(() => fireSmokeRenderer.create(contextWith({ 'fire.png': '/test/fire.png' }, { position: '120.2,30.2,0' }))).toThrow(
      '地图效果插件 map-effect:fire-smoke 声明的图片 secondFire.png 不在插件目录中',
    );
    expect(() => fireSmokeRenderer.create(contextWith(undefined, { position: '120.2,30.2,0' }))).toThrow('没有地址');
  });
});
