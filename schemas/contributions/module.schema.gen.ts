/* Generated from schemas/contributions/module.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * Pages for module routes of registry/modules.json (the module root, one child page, or every child page with "*"); the plugin's code supplies the page component, which receives moduleName and childName.
 */
export interface ModuleContribution {
  /**
   * @minItems 1
   */
  routes: [
    {
      module: string;
      /**
       * A child page name, or * for every child page; absent for the module root.
       */
      child?: string;
    },
    ...{
      module: string;
      /**
       * A child page name, or * for every child page; absent for the module root.
       */
      child?: string;
    }[],
  ];
  title?: string;
}
