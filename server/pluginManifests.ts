import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateManifests, type LoadedManifest } from '../core/plugins/validateManifests';

/** Reads and validates plugins/<kind>/* with the web app's own validator; a bad manifest stops the server. */
export function readPluginManifests(pluginsDir: string, kind: 'device' | 'alarm'): LoadedManifest[] {
  const dir = join(pluginsDir, kind);
  const entries = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'plugin.json')))
        .map((entry) => ({ folder: `plugins/${kind}/${entry.name}`, manifest: JSON.parse(readFileSync(join(dir, entry.name, 'plugin.json'), 'utf8')) as unknown }))
    : [];
  const { plugins, errors } = validateManifests(entries);
  if (errors.length) throw new Error(`插件清单有误：\n${errors.map((error) => error.message).join('\n')}`);
  return plugins;
}
