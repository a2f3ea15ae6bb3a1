import type { Db } from '../db/Database';

/** Accounts, authorization codes and tenant memberships: what login, the tenant switch and assignment look up. */
export class UserDirectory {
  constructor(private readonly db: Db) {}

  /** The active account with this phone number. */
  async activeUserByPhone(phonenumber: string): Promise<{ user_id: number } | undefined> {
    return this.db
      .selectFrom('users')
      .select('user_id')
      .where('phonenumber', '=', phonenumber)
      .where('status', '=', '0')
      .executeTakeFirst();
  }

  /** The active account with this user name, with its password hash. */
  async activeUserByName(userName: string): Promise<{ user_id: number; password_hash: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['user_id', 'password_hash'])
      .where('user_name', '=', userName)
      .where('status', '=', '0')
      .executeTakeFirst();
  }

  /** The stored authorization code with this hash. */
  async authCode(codeHash: string) {
    return this.db.selectFrom('auth_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  }

  /** The tenant a new session of the user starts in: the default membership first, then the lowest id. */
  async defaultTenant(userId: number): Promise<number | undefined> {
    const memberships = await this.db
      .selectFrom('user_tenants')
      .select(['tenant_id', 'is_default'])
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('tenant_id')
      .execute();
    return memberships[0]?.tenant_id;
  }

  async isMember(userId: number, tenantId: number): Promise<boolean> {
    return Boolean(
      await this.db
        .selectFrom('user_tenants')
        .select('tenant_id')
        .where('user_id', '=', userId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst(),
    );
  }

  /** The users of a tenant, by id. */
  async members(tenantId: number): Promise<{ userId: number; nickName: string }[]> {
    const users = await this.db
      .selectFrom('user_tenants as ut')
      .innerJoin('users as u', 'u.user_id', 'ut.user_id')
      .select(['u.user_id', 'u.nick_name'])
      .where('ut.tenant_id', '=', tenantId)
      .orderBy('u.user_id')
      .execute();
    return users.map((user) => ({ userId: user.user_id, nickName: user.nick_name }));
  }

  async tenantExists(tenantId: number): Promise<boolean> {
    return Boolean(await this.db.selectFrom('tenants').select('tenant_id').where('tenant_id', '=', tenantId).executeTakeFirst());
  }
}
