import moduleTreeJson from '../../registry/modules.json';
import type { ModuleChildEntry, ModuleEntry } from '../../schemas/registry/modules.schema.gen';

/** Map of `platform:xxx` permission → granted (spec section 6): the menus a user may open. */
export type MenuPermissionMap = Record<string, boolean>;

export type ModuleChild = ModuleChildEntry;
export type ModuleDefinition = ModuleEntry;

/** The 13 modules of spec section 2, validated against schemas/registry/modules.schema.json by tests. */
export const moduleTree: readonly ModuleDefinition[] = [...(moduleTreeJson.modules as ModuleDefinition[])].sort(
  (a, b) => a.order - b.order,
);

/** Spec section 2: a child route's name is the menu name with its first letter upper-cased. */
export function childRouteName(menuName: string): string {
  return menuName.charAt(0).toUpperCase() + menuName.slice(1);
}

/** …and its path is the menu name lower-cased, under the module's path. */
export function childRoutePath(modulePath: string, menuName: string): string {
  return `${modulePath.replace(/\/+$/, '')}/${menuName.toLowerCase()}`;
}

export function findModule(name: string): ModuleDefinition | undefined {
  return moduleTree.find((module) => module.name === name);
}

/** Modules a permission map allows, in menu order (spec section 6: shown only if truthy). */
export function allowedModules(perms: MenuPermissionMap | null): ModuleDefinition[] {
  if (!perms) return [];
  return moduleTree.filter((module) => perms[module.perms]);
}
