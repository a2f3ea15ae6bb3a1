import { createPluginCatalog, type CatalogOptions, type PluginCatalog } from './PluginCatalog';

// Build-time discovery: dropping a folder into plugins/<kind>/<id>/ adds the plugin, no core edit.
const manifests = import.meta.glob('/plugins/*/*/plugin.json', { eager: true, import: 'default' });
const code = import.meta.glob('/plugins/*/*/index.{ts,tsx}');

export function discoverPlugins(options: CatalogOptions = {}): PluginCatalog {
  return createPluginCatalog(manifests, code, { failLoudly: import.meta.env.DEV, ...options });
}
