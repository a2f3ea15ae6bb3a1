import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { validateManifests, type LoadedManifest, type PluginSwitches } from '../contracts/manifests/validateManifests';
import type { PluginKind } from '../schemas/plugin.schema.gen';

const KINDS: PluginKind[] = ['device', 'alarm', 'module', 'map-effect', 'widget'];

/**
 * Reads every plugins/<kind>/<id>/plugin.json and validates them together with the web app's own
 * validator and the same switches (DISABLED_PLUGINS), so both sides load the same plugins. A bad
 * manifest, or one naming a file its folder lacks, stops the server; a plugin left out by a switch
 * is only logged by the caller.
 */
export function loadPlugins(pluginsDir: string, switches: PluginSwitches = {}): { plugins: LoadedManifest[]; switchedOff: string[] } {
  const entries = KINDS.flatMap((kind) => {
    const dir = join(pluginsDir, kind);
    return existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'plugin.json')))
          .map((entry) => ({
            folder: `plugins/${kind}/${entry.name}`,
            manifest: JSON.parse(readFileSync(join(dir, entry.name, 'plugin.json'), 'utf8')) as unknown,
          }))
      : [];
  });
  // A file a manifest names (a map effect's image) must be a file in its folder (plugins/<kind>/<id>).
  const fileExists = (folder: string, file: string) =>
    statSync(join(pluginsDir, ...folder.split('/').slice(1), file), { throwIfNoEntry: false })?.isFile() === true;
  const { plugins, errors, switchedOff } = validateManifests(entries, { ...switches, fileExists });
  if (errors.length) throw new Error(`插件清单有误：\n${errors.map((error) => error.message).join('\n')}`);
  return { plugins, switchedOff: switchedOff.map((error) => error.message) };
}

export { pluginsOfKind } from '../contracts/manifests/pluginKinds';
