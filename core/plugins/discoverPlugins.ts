import { createPluginCatalog, type CatalogOptions, type PluginCatalog } from './PluginCatalog';

// Build-time discovery: dropping a folder into plugins/<kind>/<id>/ adds the plugin, no core edit.
const manifests = import.meta.glob('/plugins/*/*/plugin.json', { eager: true, import: 'default' });
const code = import.meta.glob('/plugins/*/*/index.{ts,tsx}');
// Static files a manifest names (icons, effect images), as URLs; the files load only when shown.
const assets = import.meta.glob<string>('/plugins/*/*/*.{svg,png,jpg,webp}', { eager: true, query: '?url', import: 'default' });

/** URL of a file inside a plugin folder, e.g. assetUrl('plugins/device/lamp', 'icon.svg'). */
export function pluginAssetUrl(folder: string, file: string): string | undefined {
  return assets[`/${folder}/${file}`];
}

export function discoverPlugins(options: CatalogOptions = {}): PluginCatalog {
  // A manifest naming a file its folder lacks is refused here as on the server.
  return createPluginCatalog(manifests, code, {
    failLoudly: import.meta.env.DEV,
    fileExists: (folder, file) => pluginAssetUrl(folder, file) !== undefined,
    ...options,
  });
}
