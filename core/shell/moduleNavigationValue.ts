import { useMemo } from 'react';
import { useService } from '../di/useService';
import { PluginRegistry } from '../plugins/PluginRegistry';
import type { ModuleNavigationValue } from '../widgets/ModuleTiles/moduleNavigation';
import type { ModuleRoutes } from './menuRoutes';
import { ModuleTileFigure } from './ModuleTileFigure';
import { servesRoute } from './pluginPages';

/** What the navigation widgets read: the user's modules in menu order, each child marked built or planned, and the tiles' figures. */
export function useModuleNavigationValue(routes: readonly ModuleRoutes[]): ModuleNavigationValue {
  const registry = useService(PluginRegistry);
  return useMemo(
    () => ({
      modules: routes.map(({ module, children }) => ({
        name: module.name,
        title: module.title,
        path: module.path,
        icon: module.icon,
        showsMap: module.showsMap,
        children: children.map((child) => ({
          name: child.menuName,
          title: child.title,
          path: child.path,
          built: servesRoute(registry, module.name, child.menuName),
        })),
      })),
      TileFigure: ModuleTileFigure,
    }),
    [registry, routes],
  );
}
