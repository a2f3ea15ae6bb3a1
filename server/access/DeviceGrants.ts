import moduleTree from '../../registry/modules.json' with { type: 'json' };
import type { ModuleTree } from '../../schemas/registry/modules.schema.gen';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import type { DeviceAction } from './RouteAccess';

/** Which device kinds (page names) a menu permission lets its holder read and control; 'all' = every kind. */
export interface DeviceGrant {
  read: ReadonlySet<string> | 'all';
  control: ReadonlySet<string>;
}

/**
 * Device permissions follow the menus (spec section 6), read from the same module tree the menus
 * are made of, so a new device kind or page needs no edit here:
 * - a device page of 设备管控 or of a module reusing it (正射影像) reads and controls its kind;
 * - a page declaring `deviceKinds` (视频监控 → camera) reads and controls those kinds;
 * - a map module, or a child page marked `showsMap`, reads every kind: the globe shows all the tenant's
 *   devices and their details.
 */
export class DeviceGrants {
  private readonly byPerm = new Map<string, DeviceGrant>();

  /** `currentPerms`: every menu permission the registry and the plugins make now (platform/menus.ts). */
  constructor(
    catalog: DeviceCatalog,
    private readonly currentPerms: ReadonlySet<string>,
    tree: ModuleTree = moduleTree as ModuleTree,
  ) {
    const pages = catalog.kinds.map((kind) => kind.page);
    const devicePageModules = new Set(
      tree.modules.filter((module) => module.childrenFromPlugins === 'device').map((module) => module.name),
    );
    for (const module of tree.modules) {
      if (module.showsMap) this.add(module.perms, { read: 'all', control: new Set() });
      if (module.childrenFromPlugins === 'device' || (module.reuseChildrenOf && devicePageModules.has(module.reuseChildrenOf))) {
        for (const page of pages) this.add(`${module.perms}:${page}`, { read: new Set([page]), control: new Set([page]) });
      }
      for (const child of module.children) {
        // A map child page (安全应急's 火灾处置 …) shows the globe with every device, like a map module.
        if (child.showsMap) this.add(child.perms, { read: 'all', control: new Set() });
        if (child.deviceKinds) this.add(child.perms, { read: new Set(child.deviceKinds), control: new Set(child.deviceKinds) });
      }
    }
  }

  /** Whether a stored menu permission is still made by the registry and plugins. */
  isCurrentMenu(perm: string): boolean {
    return this.currentPerms.has(perm);
  }

  /** The kinds a set of menu permissions allows for an action. */
  kindsFor(perms: Iterable<string>, action: DeviceAction): ReadonlySet<string> | 'all' {
    const kinds = new Set<string>();
    for (const perm of perms) {
      const grant = this.byPerm.get(perm);
      if (!grant) continue;
      const granted = grant[action];
      if (granted === 'all') return 'all';
      for (const kind of granted) kinds.add(kind);
    }
    return kinds;
  }

  private add(perm: string, grant: DeviceGrant): void {
    const known = this.byPerm.get(perm);
    if (!known) return void this.byPerm.set(perm, grant);
    const read = known.read === 'all' || grant.read === 'all' ? 'all' : new Set([...known.read, ...grant.read]);
    this.byPerm.set(perm, { read, control: new Set([...known.control, ...grant.control]) });
  }
}
