import type { LayoutItem, PageTimeRange, Panel } from '../../contracts/panels';
import type { PluginRegistry } from '../plugins/PluginRegistry';

/** A panel with the plugin that offers it. */
export interface PagePanel extends Panel {
  pluginId: string;
}

/** A panel page: the panels it may show and its default layout (from the plugin whose route shows it). */
export interface PanelPageSpec {
  id: string;
  panels: PagePanel[];
  defaultLayout: LayoutItem[];
  /** The time range the page offers (its route's `timeRange`), sent with the queries of panels that ask for it. */
  timeRange?: PageTimeRange;
}

interface PanelFields {
  panels?: Panel[];
  layouts?: Record<string, LayoutItem[]>;
  routes?: { module: string; child?: string; panelPage?: string; timeRange?: PageTimeRange }[];
}

const fieldsOf = (contributes: unknown) => contributes as PanelFields;

/** Every panel of every loaded plugin (module and device plugins may offer panels). */
export function allPanels(registry: PluginRegistry): PagePanel[] {
  return registry
    .list()
    .flatMap((plugin) => (fieldsOf(plugin.manifest.contributes).panels ?? []).map((panel) => ({ ...panel, pluginId: plugin.fullId })));
}

/**
 * The panel page a module route or child page shows, if its plugin declares one (an exact claim wins
 * over a plugin serving every child page with "*").
 */
export function panelPageFor(registry: PluginRegistry, moduleName: string, childName?: string): string | undefined {
  const routeOf = (child: string | undefined) =>
    registry
      .list('module')
      .flatMap((plugin) => fieldsOf(plugin.manifest.contributes).routes ?? [])
      .find((route) => route.module === moduleName && route.child === child);
  const route = routeOf(childName) ?? (childName === undefined ? undefined : routeOf('*'));
  return route?.panelPage;
}

/**
 * What a panel page is made of: every panel that lists the page, and the default layout of the plugin
 * whose route shows it. Panels another plugin contributes that the default does not place are
 * appended below it, so adding a panel plugin shows its panel without editing the page's plugin.
 */
export function panelPageSpec(registry: PluginRegistry, pageId: string): PanelPageSpec {
  const panels = allPanels(registry).filter((panel) => panel.pages.includes(pageId));
  const owner = registry
    .list('module')
    .find((plugin) => (fieldsOf(plugin.manifest.contributes).routes ?? []).some((route) => route.panelPage === pageId));
  const declared = (owner ? fieldsOf(owner.manifest.contributes).layouts?.[pageId] : undefined) ?? [];
  const timeRange = owner ? fieldsOf(owner.manifest.contributes).routes?.find((route) => route.panelPage === pageId)?.timeRange : undefined;
  const known = new Set(panels.map((panel) => panel.id));
  const defaultLayout = declared.filter((item) => known.has(item.panel));
  let bottom = defaultLayout.reduce((lowest, item) => Math.max(lowest, item.y + item.h), 0);
  for (const panel of panels) {
    if (defaultLayout.some((item) => item.panel === panel.id) || panel.pluginId === owner?.fullId) continue;
    defaultLayout.push({ panel: panel.id, x: 0, y: bottom, w: panel.size.w, h: panel.size.h });
    bottom += panel.size.h;
  }
  return { id: pageId, panels, defaultLayout, ...(timeRange ? { timeRange } : {}) };
}
