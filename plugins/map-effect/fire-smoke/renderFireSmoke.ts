import type { Billboard, BillboardCollection, Cartesian3, Particle, ParticleSystem } from 'cesium';
import { effectRenderer, numberOption, positionOption, type MapEffectInstance } from '@ops/sdk';
import manifest from './plugin.json';
import {
  BEACON_UP_FROM,
  EMITTER_DEFAULTS,
  emitterSettings,
  FLAME,
  particleForces,
  SMOKE,
  type EmitterOverrides,
  type ParticleKind,
} from './fireSmoke';

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

/**
 * A fire with smoke rising from it, in metres so it keeps its size on the map: flames (fire.png) rush
 * up from a patch of ground and shrink into tongues; dark smoke (secondFire.png) leaves above them,
 * rises as it is hot, spreads and fades while the wind bends the plume. Far away, where the particles
 * are a few pixels, a flickering glow keeps the fire readable.
 */
export const fireSmokeRenderer = effectRenderer(manifest, ({ Cesium: C, viewer, id, options, assetUrl }): MapEffectInstance => {
  const fireUrl = assetUrl('fire.png');
  const smokeUrl = assetUrl('secondFire.png');
  // Particles age by the scene clock; it must run for them to move (it never forces a render by itself).
  viewer.clock.shouldAnimate = true;
  const scratch = new C.Cartesian3();
  let beacons: BillboardCollection | undefined;
  let beacon: Billboard | undefined;

  const start = (current: Record<string, unknown>): ParticleSystem[] => {
    const position = positionOption(current.position);
    // Checked before anything is drawn, so bad settings leave the globe as it was.
    const smoke = emitterSettings('smoke', overridesOf(current));
    const flame = emitterSettings('fire');
    const base = C.Cartesian3.fromDegrees(position.longitude, position.latitude, position.height);
    const modelMatrix = C.Transforms.eastNorthUpToFixedFrame(base);
    const east = C.Matrix4.getColumn(modelMatrix, 0, new C.Cartesian4());
    const north = C.Matrix4.getColumn(modelMatrix, 1, new C.Cartesian4());
    const up = C.Matrix4.getColumn(modelMatrix, 2, new C.Cartesian4());
    const heading = C.Math.toRadians(SMOKE.windHeading);
    const toVector = (column: { x: number; y: number; z: number }): Cartesian3 => new C.Cartesian3(column.x, column.y, column.z);
    const upward = toVector(up);
    const downwind = C.Cartesian3.add(
      C.Cartesian3.multiplyByScalar(toVector(east), Math.sin(heading), new C.Cartesian3()),
      C.Cartesian3.multiplyByScalar(toVector(north), Math.cos(heading), new C.Cartesian3()),
      new C.Cartesian3(),
    );
    const forces = (kind: ParticleKind) => (particle: Particle, dt: number) => {
      const { up: rise, downwind: drift, keep } = particleForces(kind, particle.normalizedAge, dt);
      C.Cartesian3.multiplyByScalar(particle.velocity, keep, particle.velocity);
      C.Cartesian3.add(particle.velocity, C.Cartesian3.multiplyByScalar(upward, rise, scratch), particle.velocity);
      if (drift) C.Cartesian3.add(particle.velocity, C.Cartesian3.multiplyByScalar(downwind, drift, scratch), particle.velocity);
    };
    const system = (kind: ParticleKind): ParticleSystem => {
      const isSmoke = kind === 'smoke';
      const settings = isSmoke ? smoke : flame;
      return viewer.scene.primitives.add(
        new C.ParticleSystem({
          image: isSmoke ? smokeUrl : fireUrl,
          modelMatrix,
          // Smoke leaves from above the flames; both from a patch of ground, not a point.
          emitterModelMatrix: C.Matrix4.fromTranslation(new C.Cartesian3(0, 0, isSmoke ? SMOKE.baseHeight : 0)),
          emitter: new C.CircleEmitter(isSmoke ? SMOKE.spread : FLAME.spread),
          emissionRate: settings.emissionRate,
          minimumParticleLife: settings.minimumParticleLife,
          maximumParticleLife: settings.maximumParticleLife,
          minimumSpeed: settings.minimumSpeed,
          maximumSpeed: settings.maximumSpeed,
          // fire.png is a tongue half again as tall as it is wide.
          imageSize: new C.Cartesian2(settings.particleSize, settings.particleSize * (isSmoke ? 1 : 1.5)),
          sizeInMeters: true,
          startScale: isSmoke ? 1 : FLAME.startScale,
          endScale: settings.endScale,
          lifetime: isSmoke ? smoke.lifetime : Number.MAX_VALUE,
          startColor: C.Color.fromCssColorString(isSmoke ? SMOKE.startColor : FLAME.startColor),
          endColor: C.Color.fromCssColorString(isSmoke ? SMOKE.endColor : FLAME.endColor),
          updateCallback: forces(kind),
        }),
      );
    };
    const collection: BillboardCollection = viewer.scene.primitives.add(new C.BillboardCollection());
    beacons = collection;
    beacon = collection.add({
      id: `effect:${id}`,
      position: base,
      image: fireUrl,
      width: 24,
      height: 36,
      verticalOrigin: C.VerticalOrigin.BOTTOM,
      disableDepthTestDistance: Number.POSITIVE_INFINITY,
      // Unseen close up, where the flames themselves read; full from a few kilometres out.
      translucencyByDistance: new C.NearFarScalar(BEACON_UP_FROM, 0, BEACON_UP_FROM * 2.5, 1),
    });
    // Smoke first so the flames draw over its base.
    return [system('smoke'), system('fire')];
  };
  let current = options;
  let systems = start(current);
  const stop = () => {
    for (const entry of systems) viewer.scene.primitives.remove(entry);
    if (beacons) viewer.scene.primitives.remove(beacons);
    beacons = undefined;
    beacon = undefined;
  };
  return {
    tick(time) {
      // The far-away glow flickers like the flames it stands for.
      if (beacon) beacon.scale = 0.9 + 0.12 * Math.sin(time / 90) + 0.08 * Math.sin(time / 37);
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
