import { RecentReads } from '../db/RecentReads';
import type { Db } from '../db/Database';

/**
 * How long (real time) an instance shows a user's account and tenant roles as it read them: a change
 * made anywhere (a new role, a tenant membership) appears in `GET /getInfo` within this time.
 */
export const PROFILE_RECHECK_MS = 500;

export interface UserProfile {
  user: { user_id: number; user_name: string; nick_name: string; phonenumber: string };
  /** By tenant id, with the user's role there. */
  tenants: {
    tenant_id: number;
    tenant_name: string;
    tenant_type: string;
    twin_platform_config: string;
    tenant_alarm_mp3: string;
    role_key: string;
  }[];
}

/** User info, granted menus and dictionaries of the platform, always for the caller's active tenant. */
export class PlatformService {
  private readonly profiles = new RecentReads<UserProfile>(PROFILE_RECHECK_MS);

  /** `currentPerms`: the menus the registry and the plugins make now (menus.ts, currentMenuPerms). */
  constructor(
    private readonly db: Db,
    private readonly currentPerms: ReadonlySet<string>,
  ) {}

  /**
   * The menus the user's role in the tenant grants, parents first, in menu order. A menu of a removed
   * plugin stays stored with its grants (they come back if the plugin does) but is not served.
   */
  async grantedMenus(userId: number, tenantId: number) {
    const menus = await this.db
      .selectFrom('user_tenants as ut')
      .innerJoin('role_menus as rm', 'rm.role_id', 'ut.role_id')
      .innerJoin('menus as m', 'm.menu_id', 'rm.menu_id')
      .select(['m.menu_id', 'm.parent_id', 'm.name', 'm.path', 'm.component', 'm.perms', 'm.title', 'm.icon', 'm.order_num'])
      .where('ut.user_id', '=', userId)
      .where('ut.tenant_id', '=', tenantId)
      // Parents (no parent id) first on both databases: PostgreSQL sorts NULL last by default.
      .orderBy('m.parent_id', (order) => order.asc().nullsFirst())
      .orderBy('m.order_num')
      .orderBy('m.menu_id')
      .execute();
    return menus.filter((menu) => this.currentPerms.has(menu.perms));
  }

  /**
   * What `GET /getInfo` shows of a user: the account and every tenant it belongs to with its role there,
   * read in one query at most every PROFILE_RECHECK_MS.
   */
  profile(userId: number): Promise<UserProfile> {
    return this.profiles.get(String(userId), () => this.readProfile(userId));
  }

  private async readProfile(userId: number): Promise<UserProfile> {
    const rows = await this.db
      .selectFrom('users as u')
      .leftJoin('user_tenants as ut', 'ut.user_id', 'u.user_id')
      .leftJoin('tenants as t', 't.tenant_id', 'ut.tenant_id')
      .leftJoin('roles as r', 'r.role_id', 'ut.role_id')
      .select([
        'u.user_id',
        'u.user_name',
        'u.nick_name',
        'u.phonenumber',
        't.tenant_id',
        't.tenant_name',
        't.tenant_type',
        't.twin_platform_config',
        't.tenant_alarm_mp3',
        'r.role_key',
      ])
      .where('u.user_id', '=', userId)
      .orderBy('t.tenant_id')
      .execute();
    const user = rows[0];
    if (!user) throw new Error(`用户不存在：${userId}`);
    const tenants = rows.flatMap((row) =>
      row.tenant_id === null ||
      row.tenant_name === null ||
      row.tenant_type === null ||
      row.twin_platform_config === null ||
      row.tenant_alarm_mp3 === null ||
      row.role_key === null
        ? []
        : [
            {
              tenant_id: row.tenant_id,
              tenant_name: row.tenant_name,
              tenant_type: row.tenant_type,
              twin_platform_config: row.twin_platform_config,
              tenant_alarm_mp3: row.tenant_alarm_mp3,
              role_key: row.role_key,
            },
          ],
    );
    return {
      user: { user_id: user.user_id, user_name: user.user_name, nick_name: user.nick_name, phonenumber: user.phonenumber },
      tenants,
    };
  }

  /** A dictionary's entries in order. */
  async dictData(type: string) {
    return this.db.selectFrom('dict_data').selectAll().where('dict_type', '=', type).orderBy('dict_sort').execute();
  }
}
