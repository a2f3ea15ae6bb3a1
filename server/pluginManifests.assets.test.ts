import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPlugins } from './pluginManifests';

describe('loadPlugins and the files a manifest names', () => {
  let root: string;
  const effect = (id: string, assets: string[], files: string[]) => {
    const dir = join(root, 'map-effect', id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'plugin.json'),
      JSON.stringify({
        id,
        kind: 'map-effect',
        version: '1.0.0',
        displayName: '效果',
        contributes: { effect: 'glow', defaults: {}, assets },
      }),
    );
    for (const file of files) writeFileSync(join(dir, file), 'png');
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'plugins-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('loads a map effect whose images are in its folder', () => {
    effect('glow', ['halo.png'], ['halo.png']);
    expect(loadPlugins(root).plugins.map((plugin) => plugin.fullId)).toEqual(['map-effect:glow']);
  });

  it('refuses to start with a map effect listing an image its folder lacks (a folder of that name is no file)', () => {
    effect('glow', ['halo.png', 'ghost.png'], ['halo.png']);
    mkdirSync(join(root, 'map-effect', 'glow', 'ghost.png'));
    expect(() => loadPlugins(root)).toThrow('插件 plugins/map-effect/glow：/contributes/assets/1 文件 ghost.png 不在插件目录中');
  });

  it('passes with the real plugins folder', () => {
    expect(
      loadPlugins(join(import.meta.dirname, '..', 'plugins')).plugins.filter((plugin) => plugin.manifest.kind === 'map-effect').length,
    ).toBeGreaterThanOrEqual(6);
  });
});
