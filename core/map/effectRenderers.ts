import { Container } from 'inversify';
import type { PluginOf } from '../../contracts/manifests/pluginKinds';
import { DefaultPluginRegistry, type PluginRegistry } from '../plugins/PluginRegistry';
import { discoverPlugins, pluginAssetUrl } from '../plugins/discoverPlugins';
import type { MapEffectRenderer } from './MapEffects';

/** URL of a file in a plugin folder, undefined when the folder has no such file (`pluginAssetUrl`). */
export type PluginFileUrl = (folder: string, file: string) => string | undefined;

/**
 * The URLs of the files a map-effect plugin lists in `contributes.assets` (file → URL); the listed
 * files its folder lacks are in `missing`.
 */
export function effectAssetsOf(
  plugin: PluginOf<'map-effect'>,
  urlOf: PluginFileUrl = pluginAssetUrl,
): { urls: Readonly<Record<string, string>>; missing: string[] } {
  const urls: Record<string, string> = {};
  const missing: string[] = [];
  for (const file of plugin.manifest.contributes.assets ?? []) {
    const url = urlOf(plugin.folder, file);
    if (url === undefined) missing.push(file);
    else urls[file] = url;
  }
  return { urls: Object.freeze(urls), missing };
}

/**
 * The renderers the globe draws with, by effect name: each contributed renderer paired with the
 * map-effect plugin whose manifest declares its `effect`, its context carrying the URLs of that
 * plugin's `contributes.assets`. A renderer no manifest declares gets no images; a declared image the
 * folder lacks is reported (and asking for it fails); an effect two manifests declare is left out.
 */
export function collectEffectRenderers(
  registry: Pick<PluginRegistry, 'list'>,
  renderers: readonly MapEffectRenderer[],
  urlOf: PluginFileUrl = pluginAssetUrl,
): Map<string, MapEffectRenderer> {
  const plugins = registry.list('map-effect');
  const collected = new Map<string, MapEffectRenderer>();
  for (const renderer of renderers) {
    const owners = plugins.filter((plugin) => plugin.manifest.contributes.effect === renderer.effect);
    if (owners.length > 1) {
      console.error(
        `地图效果“${renderer.effect}”由多个插件声明（${owners.map((plugin) => plugin.fullId).join('、')}），不知道用哪个插件的图片，未绘制`,
      );
      continue;
    }
    const owner = owners[0];
    const { urls, missing } = owner ? effectAssetsOf(owner, urlOf) : { urls: {}, missing: [] };
    for (const file of missing)
      console.error(`地图效果插件 ${owner?.fullId ?? '?'}：contributes.assets 中的图片 ${file} 不在插件目录 ${owner?.folder ?? '?'} 中`);
    collected.set(renderer.effect, { effect: renderer.effect, create: (context) => renderer.create({ ...context, assets: urls }) });
  }
  return collected;
}

let discovered: PluginRegistry | undefined;

/**
 * One renderer paired with its plugin's manifest as found at build time, the way `collectEffectRenderers`
 * pairs it for the globe: for stories and benches that draw an effect outside the app.
 */
export function pluginEffectRenderer(renderer: MapEffectRenderer): MapEffectRenderer {
  discovered ??= new DefaultPluginRegistry(discoverPlugins({ failLoudly: false }), new Container());
  return collectEffectRenderers(discovered, [renderer]).get(renderer.effect) ?? renderer;
}
