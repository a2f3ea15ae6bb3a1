/* Generated from schemas/contributions/map-effect.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * A map effect drawn on the globe, with its default settings and static assets.
 */
export interface MapEffectContribution {
  effect: string;
  defaults: {};
  /**
   * Image files in the plugin folder the renderer draws with; the core gives the renderer their URLs (assetUrl), and a file not listed here cannot be asked for.
   */
  assets?: string[];
}
