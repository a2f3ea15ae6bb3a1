/* Generated from schemas/contributions/map-effect.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * A map effect drawn on the globe, with its default settings and static assets.
 */
export interface MapEffectContribution {
  effect: string;
  defaults: {};
  assets?: string[];
}
