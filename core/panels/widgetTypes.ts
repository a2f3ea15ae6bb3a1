import type { Container } from 'inversify';
import { getContributions } from '../di/contributions';
import type { PluginRegistry } from '../plugins/PluginRegistry';
import { BUILTIN_WIDGETS } from '../widgets/builtinWidgets';
import { WidgetType } from '../widgets/WidgetType';
import { panelStrings as t } from './panelStrings';
import { errorMessage } from '../../contracts/errorMessage';

interface WidgetFields {
  widgets?: { id: string; title: string; optionsSchema: object }[];
}

type Declaration = NonNullable<WidgetFields['widgets']>[number];

/** The plugin whose manifest declares a widget type (`contributes.widgets`) and its declaration, if one does. */
export function widgetDeclarationOf(
  registry: Pick<PluginRegistry, 'list'>,
  widgetId: string,
): { pluginId: string; declaration: Declaration } | undefined {
  for (const plugin of registry.list()) {
    const declaration = (plugin.manifest.contributes as WidgetFields).widgets?.find((type) => type.id === widgetId);
    if (declaration) return { pluginId: plugin.fullId, declaration };
  }
  return undefined;
}

/**
 * The widget types panels may use, by id: the built-in list and what plugins contributed to
 * `WidgetType`, each contributed one paired with the manifest that declares it (its options schema is
 * the manifest's, which the validator checked the panels against). A contribution no manifest declares,
 * or one reusing a taken id, is left out and logged.
 */
export function collectWidgetTypes(registry: Pick<PluginRegistry, 'list'>, contributed: readonly WidgetType[]): Map<string, WidgetType> {
  const collected = new Map(BUILTIN_WIDGETS.map((type) => [type.id, type]));
  for (const type of contributed) {
    const declaration = widgetDeclarationOf(registry, type.id)?.declaration;
    if (!declaration) console.error(t.undeclaredWidget(type.id));
    else if (collected.has(type.id)) console.error(t.duplicateWidget(type.id));
    else collected.set(type.id, { ...type, ...declaration, component: type.component });
  }
  return collected;
}

/**
 * The widget types a panel page needs: the code of each plugin declaring one that is not built in is
 * loaded first (activation onDemand), then everything contributed is collected. A plugin whose code
 * fails to load leaves its widget types out (its panels say so); the others are still drawn.
 */
export async function loadWidgetTypes(
  registry: Pick<PluginRegistry, 'list' | 'loadCode'>,
  container: Pick<Container, 'getAll'>,
  widgetIds: readonly string[],
): Promise<Map<string, WidgetType>> {
  const builtin = new Set(BUILTIN_WIDGETS.map((type) => type.id));
  const plugins = new Set(widgetIds.filter((id) => !builtin.has(id)).flatMap((id) => widgetDeclarationOf(registry, id)?.pluginId ?? []));
  for (const fullId of plugins)
    await registry.loadCode(fullId).catch((error: unknown) => {
      console.error(t.widgetPluginFailed(fullId, errorMessage(error)));
    });
  return collectWidgetTypes(registry, getContributions(container, WidgetType));
}
