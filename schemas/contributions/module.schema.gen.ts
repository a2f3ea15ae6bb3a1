/* Generated from schemas/contributions/module.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * A page for a module route (or one of its child pages) of registry/modules.json; the plugin's code supplies the component.
 */
export interface ModuleContribution {
  module: string;
  child?: string;
  title?: string;
}
