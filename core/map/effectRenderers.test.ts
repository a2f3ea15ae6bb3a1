import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from 'cesium';
import { Container } from 'inversify';
import { createPluginCatalog } from '../plugins/PluginCatalog';
import { DefaultPluginRegistry } from '../plugins/PluginRegistry';
import { discoverPlugins, pluginAssetUrl } from '../plugins/discoverPlugins';
import { effectRenderer, type EffectManifest } from './defineEffectPlugin';
import { collectEffectRenderers, effectAssetsOf, pluginEffectRenderer } from './effectRenderers';
import type { Cesium } from './loadCesium';
import { MapEffectHub, type MapEffectContext, type MapEffectInstance, type MapEffectRenderer } from './MapEffects';

const instance: MapEffectInstance = { tick: () => false, update: () => undefined, remove: () => undefined };
const context: MapEffectContext = {
  Cesium: {} as Cesium,
  viewer: {} as Viewer,
  id: 'a',
  options: {},
  emit: () => undefined,
  remember: () => undefined,
};

const manifestOf = (id: string, effect: string, assets?: string[]) => ({
  id,
  kind: 'map-effect',
  version: '1.0.0',
  displayName: '光晕',
  contributes: { effect, defaults: {}, ...(assets ? { assets } : {}) },
});

/** A registry of map-effect plugins built the way the app builds it, from plugin.json files. */
const registryOf = (...manifests: ReturnType<typeof manifestOf>[]) =>
  new DefaultPluginRegistry(
    createPluginCatalog(Object.fromEntries(manifests.map((manifest) => [`/plugins/map-effect/${manifest.id}/plugin.json`, manifest])), {}),
    new Container(),
  );

/** Every file is in the folder except those named in `absent`, at a URL that shows where it came from. */
const folderFiles =
  (...absent: string[]) =>
  (folder: string, file: string) =>
    absent.includes(file) ? undefined : `/assets/${folder}/${file}?hash`;

/** A renderer of the `glow` plugin whose create asks for the given files and keeps their URLs. */
function glowRenderer(manifest: EffectManifest<object>, asks: string[]) {
  const urls: string[] = [];
  const renderer = effectRenderer(manifest, ({ assetUrl }) => {
    for (const file of asks) urls.push(assetUrl(file));
    return instance;
  });
  return { renderer, urls };
}

const glow = manifestOf('glow', 'glow', ['halo.png', 'ring.svg']);

afterEach(() => vi.restoreAllMocks());

describe('collectEffectRenderers', () => {
  it("gives each renderer the URLs of the files its plugin's manifest lists, by effect name", () => {
    let given: MapEffectContext['assets'];
    const plain: MapEffectRenderer = { effect: 'glow', create: ({ assets }) => ((given = assets), instance) };
    collectEffectRenderers(registryOf(glow), [plain], folderFiles()).get('glow')!.create(context);
    expect(given).toEqual({
      'halo.png': '/assets/plugins/map-effect/glow/halo.png?hash',
      'ring.svg': '/assets/plugins/map-effect/glow/ring.svg?hash',
    });

    const { renderer, urls } = glowRenderer(glow, ['ring.svg', 'halo.png']);
    collectEffectRenderers(registryOf(glow), [renderer], folderFiles()).get('glow')!.create(context);
    expect(urls).toEqual(['/assets/plugins/map-effect/glow/ring.svg?hash', '/assets/plugins/map-effect/glow/halo.png?hash']);
  });

  it('refuses a file the manifest does not declare, naming the plugin and the file, and the hub keeps nothing', () => {
    const { renderer, urls } = glowRenderer(glow, ['halo.png', 'spark.png']);
    const renderers = collectEffectRenderers(registryOf(glow), [renderer], folderFiles());
    expect(() => renderers.get('glow')!.create(context)).toThrow(
      '地图效果插件 map-effect:glow 要用的图片 spark.png 没有在 plugin.json 的 contributes.assets 中声明',
    );
    expect(urls).toEqual(['/assets/plugins/map-effect/glow/halo.png?hash']);

    const hub = new MapEffectHub();
    hub.attach({ Cesium: {} as Cesium, viewer: { scene: { requestRender: () => undefined } } as Viewer, renderers });
    expect(() => hub.add('glow', 'g1', {})).toThrow('spark.png');
    expect(hub.ids()).toEqual([]);
  });

  it('reports a listed file its folder lacks; asking for it fails, the other files still work', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const renderers = collectEffectRenderers(registryOf(glow), [glowRenderer(glow, ['halo.png']).renderer], folderFiles('ring.svg'));
    expect(error).toHaveBeenCalledWith(
      '地图效果插件 map-effect:glow：contributes.assets 中的图片 ring.svg 不在插件目录 plugins/map-effect/glow 中',
    );
    expect(() => renderers.get('glow')!.create(context)).not.toThrow();

    const { renderer } = glowRenderer(glow, ['ring.svg']);
    expect(() => collectEffectRenderers(registryOf(glow), [renderer], folderFiles('ring.svg')).get('glow')!.create(context)).toThrow(
      '地图效果插件 map-effect:glow 声明的图片 ring.svg 不在插件目录中',
    );
  });

  it('a renderer drawn without being paired with its manifest has no image URLs, and says so', () => {
    const { renderer } = glowRenderer(glow, ['halo.png']);
    expect(() => renderer.create(context)).toThrow('地图效果插件 map-effect:glow 的图片 halo.png 没有地址');
  });

  it('keeps a renderer no manifest declares (no images), and leaves out an effect two manifests declare', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const loose = glowRenderer({ id: 'loose', contributes: { effect: 'loose', defaults: {} } }, []).renderer;
    const twice = glowRenderer(glow, []).renderer;
    const renderers = collectEffectRenderers(registryOf(glow, manifestOf('glow-copy', 'glow')), [loose, twice], folderFiles());
    expect([...renderers.keys()]).toEqual(['loose']);
    expect(error.mock.calls[0]![0]).toContain('map-effect:glow、map-effect:glow-copy');
  });
});

describe('the map-effect plugins', () => {
  const registry = new DefaultPluginRegistry(discoverPlugins({ failLoudly: false }), new Container());
  const plugins = registry.list('map-effect');
  // Every image of a map-effect folder, as the build finds it.
  const images = Object.keys(import.meta.glob('/plugins/map-effect/*/*.{svg,png,jpg,webp}', { query: '?url', import: 'default' }));

  it('list exactly the images in their folders, and each resolves to a URL', () => {
    expect(plugins.length).toBeGreaterThanOrEqual(6);
    for (const plugin of plugins) {
      const listed = plugin.manifest.contributes.assets ?? [];
      const inFolder = images.filter((path) => path.startsWith(`/${plugin.folder}/`)).map((path) => path.slice(plugin.folder.length + 2));
      expect({ plugin: plugin.fullId, listed: [...listed].sort() }).toEqual({ plugin: plugin.fullId, listed: inFolder.sort() });
      expect(effectAssetsOf(plugin)).toEqual({
        urls: Object.fromEntries(listed.map((file) => [file, pluginAssetUrl(plugin.folder, file)])),
        missing: [],
      });
    }
    expect(plugins.find((plugin) => plugin.fullId === 'map-effect:fire-smoke')?.manifest.contributes.assets).toEqual([
      'fire.png',
      'secondFire.png',
    ]);
  });

  it('pluginEffectRenderer pairs a renderer with its discovered manifest, as the globe does', () => {
    let given: MapEffectContext['assets'];
    pluginEffectRenderer({ effect: 'lineTrail', create: ({ assets }) => ((given = assets), instance) }).create(context);
    expect(given).toEqual({ 'trail.png': pluginAssetUrl('plugins/map-effect/line-trail', 'trail.png') });
    expect(given?.['trail.png']).toMatch(/trail\.png/);
  });
});
