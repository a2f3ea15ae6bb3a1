import type { ParticleSystem } from 'cesium';
import { effectRenderer, numberOption, positionOption, type MapEffectInstance } from '@ops/sdk';
import manifest from './plugin.json';
import { EMITTER_DEFAULTS, emitterSettings, type ParticleKind } from './fireSmoke';

type EmitterOverrides = Partial<Record<keyof typeof EMITTER_DEFAULTS, number>>;

const LABELS: Record<keyof typeof EMITTER_DEFAULTS, string> = {
  emissionRate: '发射率',
  minimumParticleLife: '粒子最短寿命',
  maximumParticleLife: '粒子最长寿命',
  minimumSpeed: '粒子最小速度',
  maximumSpeed: '粒子最大速度',
  endScale: '结束缩放',
  lifetime: '系统寿命',
};

function overridesOf(options: Record<string, unknown>): EmitterOverrides {
  const overrides: EmitterOverrides = {};
  for (const key of Object.keys(EMITTER_DEFAULTS) as (keyof typeof EMITTER_DEFAULTS)[]) {
    if (options[key] !== undefined) overrides[key] = numberOption(options, key, EMITTER_DEFAULTS[key], LABELS[key], { min: 0 });
  }
  return overrides;
}

/** A fire with smoke rising above it: two particle systems at one place, fire small and bright, smoke large and grey. */
export const fireSmokeRenderer = effectRenderer(manifest, ({ Cesium, viewer, options, assetUrl }): MapEffectInstance => {
  const fireUrl = assetUrl('fire.png');
  const secondFireUrl = assetUrl('secondFire.png');
  // Particles age by the scene clock; it must run for them to move (it never forces a render by itself).
  viewer.clock.shouldAnimate = true;
  const start = (current: Record<string, unknown>): ParticleSystem[] => {
    const position = positionOption(current.position);
    const overrides = overridesOf(current);
    // Both checked before anything is drawn, so bad settings leave the globe as it was.
    emitterSettings('smoke', overrides);
    const modelMatrix = Cesium.Transforms.eastNorthUpToFixedFrame(Cesium.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height));
    const system = (kind: ParticleKind): ParticleSystem => {
      const settings = emitterSettings(kind, overrides);
      const smoke = kind === 'smoke';
      return viewer.scene.primitives.add(
        new Cesium.ParticleSystem({
          image: smoke ? secondFireUrl : fireUrl,
          modelMatrix,
          emitter: new Cesium.ConeEmitter(Cesium.Math.toRadians(smoke ? 30 : 20)),
          emissionRate: settings.emissionRate,
          minimumParticleLife: settings.minimumParticleLife,
          maximumParticleLife: settings.maximumParticleLife,
          minimumSpeed: settings.minimumSpeed,
          maximumSpeed: settings.maximumSpeed,
          // Sizes and speeds are metres on the ground, so a fire keeps its size on the map as the operator zooms.
          imageSize: new Cesium.Cartesian2(settings.particleSize, settings.particleSize),
          sizeInMeters: true,
          startScale: 1,
          endScale: settings.endScale,
          lifetime: settings.lifetime,
          startColor: smoke ? Cesium.Color.fromCssColorString('#6b6b6b').withAlpha(0.55) : Cesium.Color.WHITE.withAlpha(0.95),
          endColor: smoke ? Cesium.Color.fromCssColorString('#2b2b2b').withAlpha(0) : Cesium.Color.fromCssColorString('#ff3a00').withAlpha(0),
        }),
      );
    };
    // Smoke first so the fire draws over its base.
    return [system('smoke'), system('fire')];
  };
  let current = options;
  let systems = start(current);
  const stop = () => {
    for (const entry of systems) viewer.scene.primitives.remove(entry);
  };
  return {
    tick() {
      return true;
    },
    update(next) {
      const merged = { ...current, ...next };
      positionOption(merged.position);
      emitterSettings('smoke', overridesOf(merged));
      stop();
      systems = start(merged);
      current = merged;
    },
    remove: stop,
  };
});
