import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TileFigure } from '../../contracts/panels';
import type { PluginRegistry } from '../plugins/PluginRegistry';

export interface RoutePageProps {
  moduleName: string;
  childName?: string;
}
type PageComponent = LazyExoticComponent<ComponentType<RoutePageProps>>;
const cache = new WeakMap<PluginRegistry, Map<string, PageComponent>>();

/**
 * The page a `module` plugin contributes for a module route (no child) or a child page (exactly, or
 * through `*`), as a lazy
 * component: the plugin's code downloads the first time the route is opened. Undefined when no
 * plugin claims the route, and the shell shows its "being built" page.
 */
export function pluginPageFor(registry: PluginRegistry, moduleName: string, childName?: string): PageComponent | undefined {
  const claims = (child: string | undefined) =>
    registry
      .list('module')
      .find((candidate) => candidate.manifest.contributes.routes.some((route) => route.module === moduleName && route.child === child));
  // An exact claim wins over a plugin that serves every child page of the module.
  const plugin = claims(childName) ?? (childName === undefined ? undefined : claims('*'));
  if (!plugin) return undefined;
  let pages = cache.get(registry);
  if (!pages) cache.set(registry, (pages = new Map()));
  let page = pages.get(plugin.fullId);
  if (!page) {
    page = lazy(async () => {
      const definition = await registry.loadCode(plugin.fullId);
      const load = definition?.components?.page;
      if (!load) throw new Error(`插件 ${plugin.fullId} 没有提供页面组件`);
      // A page's component takes the route's props; definePlugin accepts components of any props.
      return load() as Promise<{ default: ComponentType<RoutePageProps> }>;
    });
    pages.set(plugin.fullId, page);
  }
  return page;
}

/** Whether some `module` plugin serves a module route or child page (exactly or through `*`), as a page or a panel page. */
export function servesRoute(registry: Pick<PluginRegistry, 'list'>, moduleName: string, childName?: string): boolean {
  return registry
    .list('module')
    .some((plugin) =>
      plugin.manifest.contributes.routes.some(
        (route) => route.module === moduleName && (route.child === childName || (childName !== undefined && route.child === '*')),
      ),
    );
}

/** The tile figure a module's plugin declares on the module's root route (`routes[].tile`), if any. */
export function tileOf(registry: Pick<PluginRegistry, 'list'>, moduleName: string): TileFigure | undefined {
  for (const plugin of registry.list('module'))
    for (const route of plugin.manifest.contributes.routes)
      if (route.module === moduleName && route.child === undefined && route.tile) return route.tile;
  return undefined;
}
