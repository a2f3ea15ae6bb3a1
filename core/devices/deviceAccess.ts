import { useCallback, useMemo } from 'react';
import type { DeviceKindGrants } from '../../contracts/devices';
import { childRouteName, childRoutePath, findModule, type MenuPermissionMap } from '../registry/moduleTree';
import { useSessionStore } from '../session/sessionStore';

/** Whether grants let the user control devices of a kind (page name); before sign-in nothing is granted. */
export function mayControlKind(grants: DeviceKindGrants | null, page: string): boolean {
  return grants !== null && (grants.control === 'all' || grants.control.includes(page));
}

/**
 * The signed-in user's right to control each device kind (page name), from the grants `GET /getInfo`
 * gave at sign-in or tenant switch: the device screens offer commands only where the server will take them.
 */
export function useDeviceControl(): (page: string) => boolean {
  const grants = useSessionStore((state) => state.deviceGrants);
  return useCallback((page: string) => mayControlKind(grants, page), [grants]);
}

/** The device pages of a module: 设备管控 itself, or a module reusing them under a prefix (正射影像). */
export interface DeviceModulePages {
  /** Route path of a kind's page, e.g. `/device/lamp`, `/orthophoto/orthophotolamp`. */
  pathOf(page: string): string;
  /** The kind page a child route names: `orthophotoLamp` → `lamp`. */
  pageOf(childName: string): string;
  /** Whether the user's menus hold the kind's page in this module. */
  opens(page: string): boolean;
}

export function deviceModulePages(moduleName: string, menuPerms: MenuPermissionMap | null, childPrefix?: string): DeviceModulePages {
  const module = findModule(moduleName);
  const prefix = childPrefix ?? module?.childNamePrefix;
  const menuNameOf = (page: string) => (prefix ? `${prefix}${childRouteName(page)}` : page);
  return {
    pathOf: (page) => childRoutePath(module?.path ?? `/${moduleName}`, menuNameOf(page)),
    pageOf: (childName) =>
      prefix && childName.startsWith(prefix)
        ? childName.charAt(prefix.length).toLowerCase() + childName.slice(prefix.length + 1)
        : childName,
    // A module outside the module tree has no menus to check.
    opens: (page) => !module || Boolean(menuPerms?.[`${module.perms}:${page}`]),
  };
}

/** `deviceModulePages` for the signed-in user's menus. */
export function useDeviceModulePages(moduleName: string, childPrefix?: string): DeviceModulePages {
  const menuPerms = useSessionStore((state) => state.menuPerms);
  return useMemo(() => deviceModulePages(moduleName, menuPerms, childPrefix), [moduleName, menuPerms, childPrefix]);
}
