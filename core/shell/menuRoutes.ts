import { allowedModules, childRouteName, childRoutePath, type ModuleDefinition } from '../registry/moduleTree';
import type { MenuPermissionMap } from '../session/sessionStore';
import type { MenuEntry } from '../session/sessionTypes';

export interface ChildRoute {
  /** Route name: the menu name with its first letter upper-cased (spec section 2). */
  name: string;
  path: string;
  title: string;
  module: ModuleDefinition;
  menuName: string;
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
      }));
    return { module, children };
  });
}
