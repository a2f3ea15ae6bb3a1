import manifest from './plugin.json';

/** Spec section 9, as plugin.json declares it: fire emitter rate 5, particle life 1–6, speed 1–4, end scale 10, lifetime 16; size 25 smoke, 10 fire. */
const { smokeParticleSize, fireParticleSize, ...emitterDefaults } = manifest.contributes.defaults;
export const EMITTER_DEFAULTS = emitterDefaults;
export const PARTICLE_SIZE = { smoke: smokeParticleSize, fire: fireParticleSize } as const;

export type ParticleKind = keyof typeof PARTICLE_SIZE;

/** The particle-system settings of one emitter, merged over the spec defaults and checked. */
export function emitterSettings(kind: ParticleKind, overrides: Partial<Record<keyof typeof EMITTER_DEFAULTS, number>> = {}) {
  const settings = { ...EMITTER_DEFAULTS, ...overrides, particleSize: PARTICLE_SIZE[kind] };
  if (settings.minimumParticleLife > settings.maximumParticleLife) throw new Error('粒子最短寿命不能大于最长寿命');
  if (settings.minimumSpeed > settings.maximumSpeed) throw new Error('粒子最小速度不能大于最大速度');
  if (settings.emissionRate <= 0) throw new Error('发射率必须大于 0');
  return settings;
}
