import type { Db } from '../db/Database';

/** User info, granted menus and dictionaries of the platform, always for the caller's active tenant. */
export class PlatformService {
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
      .execute();
    return menus.filter((menu) => this.currentPerms.has(menu.perms));
  }

  async user(userId: number) {
    return this.db.selectFrom('users').select(['user_id', 'user_name', 'nick_name', 'phonenumber']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  }

  /** Every tenant the user belongs to, with the user's role there. */
  async tenantsOf(userId: number) {
    return this.db
      .selectFrom('user_tenants as ut')
      .innerJoin('tenants as t', 't.tenant_id', 'ut.tenant_id')
      .innerJoin('roles as r', 'r.role_id', 'ut.role_id')
      .select(['t.tenant_id', 't.tenant_name', 't.tenant_type', 't.twin_platform_config', 't.tenant_alarm_mp3', 'r.role_key'])
      .where('ut.user_id', '=', userId)
      .orderBy('t.tenant_id')
      .execute();
  }

  /** A dictionary's entries in order. */
  async dictData(type: string) {
    return this.db.selectFrom('dict_data').selectAll().where('dict_type', '=', type).orderBy('dict_sort').execute();
  }
}
