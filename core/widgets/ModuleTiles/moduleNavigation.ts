import { createContext, useContext, type ComponentType } from 'react';

/** A child page of a module the user may open, and whether a plugin has built it yet. */
export interface NavigationChild {
  /** Menu name (registry/modules.json). */
  name: string;
  title: string;
  path: string;
  /** A plugin serves this page; otherwise it is planned and its entry says what it will hold. */
  built: boolean;
}

/** A module the user's menus allow, with its child pages. */
export interface NavigationModule {
  name: string;
  title: string;
  path: string;
  /** A Blueprint icon name. */
  icon: string;
  showsMap: boolean;
  children: NavigationChild[];
}

export interface ModuleNavigationValue {
  /** The user's modules in menu order. */
  modules: readonly NavigationModule[];
  /**
   * Draws a module's live figure on its tile: the shell reads the query the module's plugin declares
   * (`routes[].tile`) through the panel-data hook. Absent: tiles show no figure.
   */
  TileFigure?: ComponentType<{ module: string; wall?: boolean }>;
}

/**
 * The user's modules, for the navigation widgets (moduleTiles, moduleChildren): provided by the shell,
 * which knows the menus and the plugins, so the widgets stay pure and never fetch.
 */
export const ModuleNavigation = createContext<ModuleNavigationValue>({ modules: [] });

export function useModuleNavigation(): ModuleNavigationValue {
  return useContext(ModuleNavigation);
}
