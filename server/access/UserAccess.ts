import type { DeviceKindGrants } from '../../contracts/devices';
import type { Session } from '../auth/SessionService';
import type { Db } from '../db/Database';
import { forbidden } from '../envelope';
import type { DeviceGrants } from './DeviceGrants';
import type { DeviceAction, RouteAccess } from './RouteAccess';

export const NO_PERMISSION = '没有权限执行该操作，请联系管理员';

/** A device as far as permissions go: its kind's page name and Chinese name. */
export interface KindRef {
  page: string;
  displayName: string;
}

/**
 * What the caller may do in its active tenant: its menu permissions, read afresh on every request
 * (a role change takes effect at once), and the device kinds they open.
 */
export class UserAccess {
  private readonly kinds = new Map<DeviceAction, ReadonlySet<string> | 'all'>();

  constructor(
    readonly session: Session,
    readonly perms: ReadonlySet<string>,
    private readonly grants: DeviceGrants,
  ) {}

  static async load(db: Db, session: Session, grants: DeviceGrants): Promise<UserAccess> {
    const rows = await db
      .selectFrom('user_tenants as ut')
      .innerJoin('role_menus as rm', 'rm.role_id', 'ut.role_id')
      .innerJoin('menus as m', 'm.menu_id', 'rm.menu_id')
      .select('m.perms')
      .where('ut.user_id', '=', session.userId)
      .where('ut.tenant_id', '=', session.tenantId)
      .execute();
    // A stored menu of a removed plugin grants nothing.
    return new UserAccess(session, new Set(rows.map((row) => row.perms).filter((perm) => grants.isCurrentMenu(perm))), grants);
  }

  /** Holds the permission itself or one of its child pages (`platform:alarmManage:eventCenter` opens `platform:alarmManage`). */
  holds(perm: string): boolean {
    if (this.perms.has(perm)) return true;
    for (const held of this.perms) if (held.startsWith(`${perm}:`)) return true;
    return false;
  }

  /** The device kinds (page names) open to an action. */
  deviceKinds(action: DeviceAction): ReadonlySet<string> | 'all' {
    let kinds = this.kinds.get(action);
    if (!kinds) this.kinds.set(action, (kinds = this.grants.kindsFor(this.perms, action)));
    return kinds;
  }

  /** The kinds open to each action, as `GET /getInfo` tells the web app (the same grants this class enforces). */
  deviceGrants(): DeviceKindGrants {
    const listed = (kinds: ReadonlySet<string> | 'all') => (kinds === 'all' ? 'all' : [...kinds].sort());
    return { read: listed(this.deviceKinds('read')), control: listed(this.deviceKinds('control')) };
  }

  may(kind: string, action: DeviceAction): boolean {
    const kinds = this.deviceKinds(action);
    return kinds === 'all' || kinds.has(kind);
  }

  /** Refuses (403) a device kind the caller may not read or control. */
  requireKind(kind: KindRef, action: DeviceAction): void {
    if (!this.may(kind.page, action)) throw forbidden(action === 'read' ? `没有查看${kind.displayName}的权限` : `没有控制${kind.displayName}的权限`);
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
