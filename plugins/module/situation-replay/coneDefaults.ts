import type { PluginRegistry } from '@ops/sdk';
import type { ConeOrientation } from './cameraConeLayer';

/** The spec's cone (section 9) should the view-cone plugin be switched off: heading 0.8 rad, pitch 20.65°. */
const SPEC_CONE: ConeOrientation = { heading: 0.8, pitch: 20.65 };

/** The view-cone effect's default heading and pitch, read from its manifest's `defaults` (plugins never import each other). */
export function coneDefaultsOf(registry: PluginRegistry): ConeOrientation {
  const cone = registry.list('map-effect').find((plugin) => plugin.manifest.contributes.effect === 'viewCone');
  const defaults: Record<string, unknown> = cone?.manifest.contributes.defaults ?? {};
  const number = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  return { heading: number(defaults.heading, SPEC_CONE.heading), pitch: number(defaults.pitch, SPEC_CONE.pitch) };
}
