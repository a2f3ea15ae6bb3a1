/* Generated from schemas/registry/modules.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * registry/modules.json: the 13 modules of spec section 2 and their child pages, with menu permission, Chinese title and route path.
 */
export interface ModuleTree {
  $schema?: string;
  modules: ModuleEntry[];
}
/**
 * This interface was referenced by `ModuleTree`'s JSON-Schema
 * via the `definition` "ModuleEntry".
 */
export interface ModuleEntry {
  name: string;
  title: string;
  path: string;
  perms: string;
  icon: string;
  showsMap: boolean;
  order: number;
  children: ModuleChildEntry[];
  /**
   * Take the child pages of that module (orthophoto reuses device).
   */
  reuseChildrenOf?: string;
  /**
   * Prefix of the reused children's menu names.
   */
  childNamePrefix?: string;
  /**
   * Child pages come from the plugins of this kind (one per device plugin: name = page, title = displayName), so adding a device kind is adding a folder.
   */
  childrenFromPlugins?: 'device';
}
/**
 * This interface was referenced by `ModuleTree`'s JSON-Schema
 * via the `definition` "ModuleChildEntry".
 */
export interface ModuleChildEntry {
  name: string;
  title: string;
  perms: string;
  /**
   * This child page shows the globe, its content floating over it, in a module that shows none of its own (安全应急's 人群疏散, 火情, 消防救援, 防汛, 水情). A holder of its permission may read every device kind, as on a map module.
   */
  showsMap?: boolean;
  /**
   * Device kinds (page names of device plugins) this page lists and controls outside 设备管控: the server lets a holder of this page's permission read and control devices of these kinds.
   *
   * @minItems 1
   */
  deviceKinds?: [string, ...string[]];
}
