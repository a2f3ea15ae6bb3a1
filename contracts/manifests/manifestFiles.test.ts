import { describe, expect, it } from 'vitest';
import { validateManifests, type ManifestEntry } from './validateManifests';

const effect = (id: string, assets?: string[], extra: Record<string, unknown> = {}): ManifestEntry => ({
  folder: `plugins/map-effect/${id}`,
  manifest: {
    id,
    kind: 'map-effect',
    version: '1.0.0',
    displayName: '效果',
    contributes: { effect: 'glow', defaults: {}, ...(assets ? { assets } : {}) },
    ...extra,
  },
});
/** The folders' files, as the server's file system or the web app's build would answer. */
const files = new Set(['plugins/map-effect/glow/halo.png', 'plugins/map-effect/glow/ring.svg']);
const fileExists = (folder: string, file: string) => files.has(`${folder}/${file}`);

describe('files a manifest names', () => {
  it("refuses a map effect listing an image its folder lacks, with the field's pointer and a Chinese message; the others load", () => {
    const { plugins, errors } = validateManifests([effect('glow', ['halo.png', 'ghost.png', 'ring.svg']), effect('plain')], { fileExists });
    expect(errors).toEqual([
      {
        plugin: 'plugins/map-effect/glow',
        pointer: '/contributes/assets/1',
        message: '插件 plugins/map-effect/glow：/contributes/assets/1 文件 ghost.png 不在插件目录中',
      },
    ]);
    expect(plugins.map((plugin) => plugin.fullId)).toEqual(['map-effect:plain']);
  });

  it('accepts images that are there, and drops what requires a refused plugin', () => {
    expect(validateManifests([effect('glow', ['halo.png', 'ring.svg'])], { fileExists }).errors).toEqual([]);
    const result = validateManifests([effect('glow', ['gone.png']), effect('dependent', [], { requires: ['map-effect:glow'] })], {
      fileExists,
    });
    expect(result.plugins).toEqual([]);
    expect(result.errors.map((error) => error.pointer)).toEqual(['/contributes/assets/0', '/requires/0']);
  });

  it('checks no files when not told how to see them', () => {
    expect(validateManifests([effect('glow', ['ghost.png'])]).errors).toEqual([]);
  });

  it('refuses an asset name that is not an image file in the folder itself', () => {
    expect(
      validateManifests([effect('glow', ['../glow/halo.png'])], { fileExists: () => true }).errors.map((error) => error.pointer),
    ).toEqual(['/contributes/assets/0']);
  });
});
