import type { DeviceKindGrants } from '../../contracts/devices';
import { RecentReads } from '../db/RecentReads';
import type { Session } from './Session';
import type { Db } from '../db/Database';
import { forbidden } from '../envelope';
import type { DeviceGrants } from './DeviceGrants';
import type { DeviceAction, RouteAccess } from './RouteAccess';

export const NO_PERMISSION = '没有权限执行该操作，请联系管理员';

/**
 * How long (real time) an instance trusts the menus it read for a user in a tenant: a role change made
 * anywhere (another instance, an administrator's SQL) takes effect within this time on every instance.
 */
export const ACCESS_RECHECK_MS = 500;

/** A device as far as permissions go: its kind's page name and Chinese name. */
export interface KindRef {
  page: string;
  displayName: string;
}

/** The menu permissions a user's role grants in a tenant, and the device kinds they open (worked out once per read). */
export class MenuGrants {
  readonly held: ReadonlySet<string>;
  private readonly kinds = new Map<DeviceAction, ReadonlySet<string> | 'all'>();
  private listed: DeviceKindGrants | undefined;

  constructor(
    /** In menu order: modules first, then child pages, each by their order number (as `GET /getInfo` lists them). */
    readonly ordered: readonly string[],
    private readonly grants: DeviceGrants,
  ) {
    this.held = new Set(ordered);
  }

  /** Reads them from the database; a stored menu of a removed plugin grants nothing. */
  static async read(db: Db, userId: number, tenantId: number, grants: DeviceGrants): Promise<MenuGrants> {
    const rows = await db
      .selectFrom('user_tenants as ut')
      .innerJoin('role_menus as rm', 'rm.role_id', 'ut.role_id')
      .innerJoin('menus as m', 'm.menu_id', 'rm.menu_id')
      .select('m.perms')
      .where('ut.user_id', '=', userId)
      .where('ut.tenant_id', '=', tenantId)
      // Parents (no parent id) first on both databases: PostgreSQL sorts NULL last by default.
      .orderBy('m.parent_id', (order) => order.asc().nullsFirst())
      .orderBy('m.order_num')
      .orderBy('m.menu_id')
      .execute();
    return new MenuGrants(
      rows.map((row) => row.perms).filter((perm) => grants.isCurrentMenu(perm)),
      grants,
    );
  }

  kindsFor(action: DeviceAction): ReadonlySet<string> | 'all' {
    let kinds = this.kinds.get(action);
    if (!kinds) this.kinds.set(action, (kinds = this.grants.kindsFor(this.held, action)));
    return kinds;
  }

  /** The kinds open to each action as lists, as `GET /getInfo` tells the web app. */
  deviceGrants(): DeviceKindGrants {
    if (!this.listed) {
      const listed = (kinds: ReadonlySet<string> | 'all') => (kinds === 'all' ? 'all' : [...kinds].sort());
      this.listed = { read: listed(this.kindsFor('read')), control: listed(this.kindsFor('control')) };
    }
    return this.listed;
  }
}

/**
 * The menus of each user and tenant as this instance read them less than ACCESS_RECHECK_MS ago; one
 * read per user and tenant at a time, however many requests ask.
 */
export class AccessCache {
  private readonly recent = new RecentReads<MenuGrants>(ACCESS_RECHECK_MS);

  constructor(
    private readonly db: Db,
    private readonly grants: DeviceGrants,
  ) {}

  async load(session: Session): Promise<UserAccess> {
    const { userId, tenantId } = session;
    const menus = await this.recent.get(`${userId}:${tenantId}`, () => MenuGrants.read(this.db, userId, tenantId, this.grants));
    return new UserAccess(session, menus);
  }
}

/**
 * What the caller may do in its active tenant: its menu permissions (read again at least every
 * ACCESS_RECHECK_MS, so a role change takes effect within that time), and the device kinds they open.
 */
export class UserAccess {
  readonly perms: ReadonlySet<string>;

  constructor(
    readonly session: Session,
    private readonly menus: MenuGrants,
  ) {
    this.perms = menus.held;
  }

  /** The permissions in menu order: modules first, then child pages, each by their order number. */
  get orderedPerms(): readonly string[] {
    return this.menus.ordered;
  }

  /** Holds the permission itself or one of its child pages (`platform:alarmManage:eventCenter` opens `platform:alarmManage`). */
  holds(perm: string): boolean {
    if (this.perms.has(perm)) return true;
    for (const held of this.perms) if (held.startsWith(`${perm}:`)) return true;
    return false;
  }

  /** The device kinds (page names) open to an action. */
  deviceKinds(action: DeviceAction): ReadonlySet<string> | 'all' {
    return this.menus.kindsFor(action);
  }

  /** The kinds open to each action, as `GET /getInfo` tells the web app (the same grants this class enforces). */
  deviceGrants(): DeviceKindGrants {
    return this.menus.deviceGrants();
  }

  may(kind: string, action: DeviceAction): boolean {
    const kinds = this.deviceKinds(action);
    return kinds === 'all' || kinds.has(kind);
  }

  /** Refuses (403) a device kind the caller may not read or control. */
  requireKind(kind: KindRef, action: DeviceAction): void {
    if (!this.may(kind.page, action))
      throw forbidden(action === 'read' ? `没有查看${kind.displayName}的权限` : `没有控制${kind.displayName}的权限`);
  }

  /** Whether the route's declaration lets this caller in (the device kind itself is checked later). */
  allows(declared: RouteAccess): boolean {
    switch (declared.kind) {
      case 'public':
      case 'session':
        return true;
      case 'anyMenu':
        return this.perms.size > 0;
      case 'menu':
        return declared.anyOf.some((perm) => this.holds(perm));
      case 'devices': {
        const kinds = this.deviceKinds(declared.action);
        return kinds === 'all' || kinds.size > 0;
      }
    }
  }
}
