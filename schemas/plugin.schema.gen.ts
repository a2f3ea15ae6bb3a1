/* Generated from schemas/plugin.schema.json by scripts/generateTypes.ts. Do not edit; run `npm run gen:types`. */

/**
 * This interface was referenced by `PluginManifest`'s JSON-Schema
 * via the `definition` "PluginKind".
 */
export type PluginKind = 'device' | 'alarm' | 'module' | 'map-effect' | 'widget';
/**
 * Plugins that must be present and valid, as full ids kind:id.
 */
export type PluginIdList = string[];
/**
 * Plugins used when present.
 */
export type PluginIdList1 = string[];
/**
 * This interface was referenced by `PluginManifest`'s JSON-Schema
 * via the `definition` "PluginIdList".
 */
export type PluginIdList2 = string[];

/**
 * plugin.json of a plugin folder plugins/<kind>/<id>/. The contribution object is checked against the kind's schema in contributions/.
 */
export interface PluginManifest {
  /**
   * Editor hint; ignored.
   */
  $schema?: string;
  /**
   * Kebab-case id, equal to the folder name.
   */
  id: string;
  kind: PluginKind;
  /**
   * Semantic version.
   */
  version: string;
  /**
   * Name shown to operators (Simplified Chinese).
   */
  displayName: string;
  description?: string;
  requires?: PluginIdList;
  optional?: PluginIdList1;
  enabledByDefault?: boolean;
  /**
   * When the plugin's code loads: onDemand when one of its pages, renderers or widget types is first needed; onShell when the signed-in app starts (push handlers, services other plugins use); onGlobe when the globe starts (map layers, the device panel on the map).
   */
  activation?: 'onDemand' | 'onShell' | 'onGlobe';
  /**
   * Kind-specific data; see schemas/contributions/<kind>.schema.json.
   */
  contributes: {};
}
