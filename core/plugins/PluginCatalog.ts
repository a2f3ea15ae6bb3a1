import type { PluginDefinition } from './definePlugin';
import type { PluginError } from '../../contracts/manifests/PluginError';
import { validateManifests, type LoadedManifest, type ManifestOptions } from '../../contracts/manifests/validateManifests';

export interface PluginCatalog {
  plugins: LoadedManifest[];
  errors: PluginError[];
  /** Loads a plugin's index.ts; undefined for a data-only plugin. */
  loadCode(fullId: string): Promise<PluginDefinition | undefined>;
}

export interface CatalogOptions extends ManifestOptions {
  /** Throw on any error (development) instead of skipping the bad plugins (production). */
  failLoudly?: boolean;
}

/** `/plugins/device/lamp/plugin.json` or `./__fixtures__/valid/device/lamp/index.ts` → its folder. */
export const folderOf = (path: string) => path.replace(/^\.?\//, '').replace(/\/(plugin\.json|index\.tsx?)$/, '');

/**
 * Builds the catalog from what `import.meta.glob` found: manifests (eager) and code (lazy).
 * Pure, so tests feed it fixture folders through the same path the app uses.
 */
export function createPluginCatalog(
  manifestModules: Record<string, unknown>,
  codeModules: Record<string, () => Promise<unknown>>,
  options: CatalogOptions = {},
): PluginCatalog {
  const entries = Object.entries(manifestModules).map(([path, manifest]) => ({ folder: folderOf(path), manifest }));
  const { plugins, errors, switchedOff } = validateManifests(entries, options);
  if (errors.length && options.failLoudly) throw new Error(`插件清单有误：\n${errors.map((error) => error.message).join('\n')}`);
  // Switching a plugin off is a choice, in development too: what needed it is left out, with a warning.
  if (switchedOff.length) console.warn(`以下插件因依赖的插件被停用而未加载：\n${switchedOff.map((entry) => entry.message).join('\n')}`);
  const codeByFolder = new Map(Object.entries(codeModules).map(([path, load]) => [folderOf(path), load]));
  const loaded = new Map<string, Promise<PluginDefinition | undefined>>();
  return {
    plugins,
    errors,
    loadCode(fullId) {
      const plugin = plugins.find((candidate) => candidate.fullId === fullId);
      const load = plugin ? codeByFolder.get(plugin.folder) : undefined;
      if (!load) return Promise.resolve(undefined);
      let loading = loaded.get(fullId);
      if (!loading) {
        loading = load().then((module) => (module as { default?: PluginDefinition }).default);
        // A failed chunk load (network) may be retried later instead of staying failed.
        loading.catch(() => loaded.delete(fullId));
        loaded.set(fullId, loading);
      }
      return loading;
    },
  };
}
