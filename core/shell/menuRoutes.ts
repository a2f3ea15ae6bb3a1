import { allowedModules, childRouteName, childRoutePath, type MenuPermissionMap, type ModuleDefinition } from '../registry/moduleTree';
import type { MenuEntry } from '../session/sessionTypes';

export interface ChildRoute {
  /** Route name: the menu name with its first letter upper-cased (spec section 2). */
  name: string;
  path: string;
  title: string;
  module: ModuleDefinition;
  menuName: string;
  /** The page floats over the globe though its module shows none (registry/modules.json child `showsMap`). */
  showsMap: boolean;
}

export interface ModuleRoutes {
  module: ModuleDefinition;
  children: ChildRoute[];
}

/** The routes a user gets: the modules their perms allow and the child pages their menus list. */
export function buildModuleRoutes(perms: MenuPermissionMap | null, menus: readonly MenuEntry[]): ModuleRoutes[] {
  return allowedModules(perms).map((module) => {
    const menu = menus.find((entry) => entry.name === module.name);
    const children = (menu?.children ?? [])
      .filter((child) => !child.perms || perms?.[child.perms])
      .map((child) => ({
        name: childRouteName(child.name),
        path: childRoutePath(module.path, child.name),
        title: child.meta?.title ?? child.name,
        module,
        menuName: child.name,
        showsMap: module.children.some((entry) => entry.name === child.name && entry.showsMap === true),
      }));
    return { module, children };
  });
}

/** Whether the page at a path shows the globe: every page of a map module, and a child page marked `showsMap`. */
export function showsMapAt(routes: readonly ModuleRoutes[], pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const first = path.split('/').filter(Boolean)[0] ?? '';
  return routes.some(
    ({ module, children }) =>
      module.name.toLowerCase() === first &&
      (module.showsMap || children.some((child) => child.showsMap && child.path.toLowerCase() === path)),
  );
}
