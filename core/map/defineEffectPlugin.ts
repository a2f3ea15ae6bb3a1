import { definePlugin, type PluginDefinition } from '../plugins/definePlugin';
import { pluginModule } from '../plugins/pluginModule';
import { MapEffectRenderer, type MapEffectContext, type MapEffectInstance } from './MapEffects';

/** The part of a map-effect plugin's plugin.json the renderer needs (schemas/contributions/map-effect.schema.json). */
export interface EffectManifest<Defaults extends object> {
  contributes: { effect: string; defaults: Defaults };
}

/** What an effect's `create` gets: the hub's context plus the defaults its manifest declares. */
export interface EffectRendererContext<Defaults extends object> extends MapEffectContext {
  /** `contributes.defaults` of the effect's plugin.json: the value of every option left out. */
  defaults: Readonly<Defaults>;
}

/**
 * A renderer whose effect name and option defaults come from its plugin.json (imported by the
 * plugin), so the numbers of the spec are written once, in the manifest, and never again in code.
 */
export function effectRenderer<Defaults extends object>(manifest: EffectManifest<Defaults>, create: (context: EffectRendererContext<Defaults>) => MapEffectInstance): MapEffectRenderer {
  const { effect, defaults } = manifest.contributes;
  return { effect, create: (context) => create({ ...context, defaults }) };
}

/** A map-effect plugin's whole index.ts: its renderer contributed to the globe. */
export function defineEffectPlugin(renderer: MapEffectRenderer): PluginDefinition {
  return definePlugin({
    containerModule: pluginModule(({ bind }) => {
      bind(MapEffectRenderer).toConstantValue(renderer);
    }),
  });
}
