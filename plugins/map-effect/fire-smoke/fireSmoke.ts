import manifest from './plugin.json';

/**
 * Spec section 9, as plugin.json declares it: the emitter of rate 5, particle life 1–6 s, speed 1–4,
 * end scale 10, lifetime 16, particles of 25 m for smoke and 10 m for fire. The options a page passes
 * override these, and they drive the smoke; the flames have their own settings (plugin.json `flame`).
 */
const { smokeParticleSize, fireParticleSize, smoke, flame, beaconUpFrom, ...emitterDefaults } = manifest.contributes.defaults;
export const EMITTER_DEFAULTS = emitterDefaults;
export const PARTICLE_SIZE = { smoke: smokeParticleSize, fire: fireParticleSize } as const;
/** How the smoke moves once emitted: hot smoke rises (buoyancy, m/s²) and the wind bends the plume. */
export const SMOKE = smoke;
/** Flames: many short-lived particles rushing up from the fire's base and shrinking into tongues. */
export const FLAME = flame;
/** Beyond this camera distance (m) a glowing marker keeps the fire readable when its particles are a few pixels. */
export const BEACON_UP_FROM = beaconUpFrom;

export type ParticleKind = keyof typeof PARTICLE_SIZE;
export type EmitterOverrides = Partial<Record<keyof typeof EMITTER_DEFAULTS, number>>;

/** The smoke emitter's settings: the spec defaults with a page's overrides, checked. */
export function emitterSettings(kind: 'smoke', overrides?: EmitterOverrides): typeof EMITTER_DEFAULTS & { particleSize: number };
/** The flames' settings (plugin.json `flame`, particles of the spec's fire size). */
export function emitterSettings(kind: 'fire'): typeof FLAME & { particleSize: number };
export function emitterSettings(kind: ParticleKind, overrides: EmitterOverrides = {}) {
  if (kind === 'fire') return { ...FLAME, particleSize: PARTICLE_SIZE.fire };
  const settings = { ...EMITTER_DEFAULTS, ...overrides, particleSize: PARTICLE_SIZE.smoke };
  if (settings.minimumParticleLife > settings.maximumParticleLife) throw new Error('粒子最短寿命不能大于最长寿命');
  if (settings.minimumSpeed > settings.maximumSpeed) throw new Error('粒子最小速度不能大于最大速度');
  if (settings.emissionRate <= 0) throw new Error('发射率必须大于 0');
  return settings;
}

/**
 * What acts on a particle over `dt` seconds at `age` (0 new … 1 dying): an upward push that fades as
 * it cools, a steady push downwind (smoke only) and drag, as a velocity change along the local up
 * and downwind directions and a factor kept of the velocity.
 */
export function particleForces(kind: ParticleKind, age: number, dt: number): { up: number; downwind: number; keep: number } {
  const cooling = Math.max(0, 1 - age);
  if (kind === 'fire') return { up: FLAME.buoyancy * cooling * dt, downwind: 0, keep: 1 };
  return { up: SMOKE.buoyancy * cooling * cooling * dt, downwind: SMOKE.wind * dt, keep: Math.max(0, 1 - SMOKE.drag * dt) };
}
