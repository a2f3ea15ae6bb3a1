import { definePlugin, type PluginDefinition } from '../plugins/definePlugin';
import { pluginModule } from '../plugins/pluginModule';
import { MapEffectRenderer, type MapEffectContext, type MapEffectInstance } from './MapEffects';

/** The part of a map-effect plugin's plugin.json the renderer needs (schemas/contributions/map-effect.schema.json). */
export interface EffectManifest<Defaults extends object> {
  /** The plugin's id (its folder name), named in errors. */
  id: string;
  contributes: { effect: string; defaults: Defaults; assets?: readonly string[] };
}

/** What an effect's `create` gets: the hub's context plus the defaults and images its manifest declares. */
export interface EffectRendererContext<Defaults extends object> extends Omit<MapEffectContext, 'assets'> {
  /** `contributes.defaults` of the effect's plugin.json: the value of every option left out. */
  defaults: Readonly<Defaults>;
  /**
   * URL of an image the plugin.json lists in `contributes.assets`, e.g. `assetUrl('trail.png')`, as the
   * core resolved it from the plugin folder. Throws (naming the plugin and file) for a file not listed
   * there, or one the core has no URL for; ask before drawing anything, so a failure leaves nothing behind.
   */
  assetUrl(file: string): string;
}

/**
 * The `assetUrl` of a renderer: `assets` are the URLs the core gave (file → URL), undefined when the
 * renderer was not paired with its manifest (core/map/effectRenderers.ts).
 */
export function effectAssetUrl(
  manifest: EffectManifest<object>,
  assets: Readonly<Record<string, string>> | undefined,
): (file: string) => string {
  const plugin = `map-effect:${manifest.id}`;
  const declared = manifest.contributes.assets ?? [];
  return (file) => {
    if (!declared.includes(file))
      throw new Error(`地图效果插件 ${plugin} 要用的图片 ${file} 没有在 plugin.json 的 contributes.assets 中声明`);
    const url = assets && Object.hasOwn(assets, file) ? assets[file] : undefined;
    if (url !== undefined) return url;
    throw new Error(
      assets
        ? `地图效果插件 ${plugin} 声明的图片 ${file} 不在插件目录中`
        : `地图效果插件 ${plugin} 的图片 ${file} 没有地址：绘制器须先经 collectEffectRenderers（或 pluginEffectRenderer）与插件清单配对`,
    );
  };
}

/**
 * A renderer whose effect name, option defaults and images come from its plugin.json (imported by the
 * plugin), so the numbers of the spec are written once, in the manifest, and never again in code. The
 * images' URLs are not imported: the core passes them in (`assetUrl`).
 */
export function effectRenderer<Defaults extends object>(
  manifest: EffectManifest<Defaults>,
  create: (context: EffectRendererContext<Defaults>) => MapEffectInstance,
): MapEffectRenderer {
  const { effect, defaults } = manifest.contributes;
  return {
    effect,
    create: ({ assets, ...context }) => create({ ...context, defaults, assetUrl: effectAssetUrl(manifest, assets) }),
  };
}

/** A map-effect plugin's whole index.ts: its renderer contributed to the globe. */
export function defineEffectPlugin(renderer: MapEffectRenderer): PluginDefinition {
  return definePlugin({
    containerModule: pluginModule(({ bind }) => {
      bind(MapEffectRenderer).toConstantValue(renderer);
    }),
  });
}
