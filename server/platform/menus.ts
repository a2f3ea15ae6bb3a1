import moduleTree from '../../registry/modules.json' with { type: 'json' };
import type { Database, Db } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import type { DeviceCatalog } from '../catalog/deviceCatalog';

interface RegistryModule {
  name: string;
  title: string;
  path: string;
  perms: string;
  icon: string;
  order: number;
  children: { name: string; title: string; perms: string }[];
  reuseChildrenOf?: string;
  childNamePrefix?: string;
  childrenFromPlugins?: 'device';
}

const modules = moduleTree.modules as RegistryModule[];
const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

type Child = { name: string; title: string; perms: string; component: string };

/** A module's child pages: listed in the registry, taken from the device plugins, or reused from another module. */
function childrenOf(module: RegistryModule, catalog: DeviceCatalog): Child[] {
  if (module.reuseChildrenOf) {
    const source = modules.find((candidate) => candidate.name === module.reuseChildrenOf);
    return source
      ? childrenOf(source, catalog).map((child) => ({
          name: `${module.childNamePrefix ?? module.name}${upperFirst(child.name)}`,
          title: child.title,
          perms: `${module.perms}:${child.name}`,
          component: child.component,
        }))
      : [];
  }
  if (module.childrenFromPlugins === 'device') {
    return [...catalog.kinds]
      .sort((a, b) => a.page.localeCompare(b.page))
      .map((kind) => ({
        name: kind.page,
        title: kind.displayName,
        perms: `${module.perms}:${kind.page}`,
        component: `${module.name}/${kind.page}`,
      }));
  }
  return module.children.map((child) => ({ ...child, component: `${module.name}/${child.name}` }));
}

/** Menu rows from registry/modules.json and the device plugins; child ids follow their module's. */
export function menuRowsFromRegistry(catalog: DeviceCatalog): Database['menus'][] {
  const rows: Database['menus'][] = [];
  modules.forEach((module, index) => {
    const moduleId = (index + 1) * 100;
    rows.push({
      menu_id: moduleId,
      parent_id: null,
      name: module.name,
      path: module.path,
      component: `${module.name}/index`,
      perms: module.perms,
      title: module.title,
      icon: module.icon,
      order_num: module.order,
    });
    childrenOf(module, catalog).forEach((child, childIndex) => {
      rows.push({
        menu_id: moduleId + childIndex + 1,
        parent_id: moduleId,
        name: child.name,
        path: child.name,
        component: child.component,
        perms: child.perms,
        title: child.title,
        icon: '',
        order_num: childIndex + 1,
      });
    });
  });
  return rows;
}

/** The permissions of every menu the registry and the current plugins make: only these are served. */
export function currentMenuPerms(catalog: DeviceCatalog): ReadonlySet<string> {
  return new Set(menuRowsFromRegistry(catalog).map((menu) => menu.perms));
}

/**
 * Brings the menus of an existing database up to date with the registry and the plugins: a new
 * device kind gets its menu entry, granted to every role that has the parent module.
 */
export async function syncMenus(db: Db, catalog: DeviceCatalog): Promise<number> {
  // Read and written under one lock: instances starting together with a new plugin add its menus once.
  return lockedTransaction(db, 'menus', async (trx) => {
    const existing = await trx.selectFrom('menus').select(['menu_id', 'perms', 'parent_id']).execute();
    const known = new Set(existing.map((menu) => menu.perms));
    const missing = menuRowsFromRegistry(catalog).filter((menu) => !known.has(menu.perms));
    let nextId = Math.max(0, ...existing.map((menu) => menu.menu_id)) + 1;
    const idByPerms = new Map(existing.map((menu) => [menu.perms, menu.menu_id]));
    for (const menu of missing) {
      const parentPerms = menu.parent_id === null ? undefined : menu.perms.split(':').slice(0, 2).join(':');
      const parentId = parentPerms ? idByPerms.get(parentPerms) : null;
      if (parentId === undefined) continue;
      const row = { ...menu, menu_id: nextId++, parent_id: parentId };
      await trx.insertInto('menus').values(row).execute();
      idByPerms.set(row.perms, row.menu_id);
      if (parentId !== null) {
        const roles = await trx.selectFrom('role_menus').select('role_id').where('menu_id', '=', parentId).execute();
        if (roles.length)
          await trx
            .insertInto('role_menus')
            .values(roles.map((role) => ({ role_id: role.role_id, menu_id: row.menu_id })))
            .execute();
      }
    }
    return missing.length;
  });
}
