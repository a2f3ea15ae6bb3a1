import { definePlugin, type PluginDefinition } from '../plugins/definePlugin';
import { pluginModule } from '../plugins/pluginModule';
import { WidgetType } from './WidgetType';

// Apart from WidgetType.ts so that the widget library (used before sign-in too) carries no inversify.
/** A widget plugin's whole index.ts: its widget types contributed to the panels (activation onDemand: loaded when a panel needs one). */
export function defineWidget(...types: readonly WidgetType[]): PluginDefinition {
  return definePlugin({
    containerModule: pluginModule(({ bind }) => {
      for (const type of types) bind(WidgetType).toConstantValue(type);
    }),
  });
}
