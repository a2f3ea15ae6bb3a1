import type { TestServer } from './testServer';

/**
 * For the tests of who may call what: a session of a new user of `tenantId` whose role holds
 * exactly these menu permissions (with their child pages when `withChildren`).
 */
export async function sessionWithMenus(server: TestServer, tenantId: number, perms: string[], withChildren = true): Promise<string> {
  const db = server.services.ctx.db;
  const next = async (table: 'roles' | 'users', column: 'role_id' | 'user_id') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.max<number>(column).as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    ) + 1;
  const roleId = await next('roles', 'role_id');
  const userId = await next('users', 'user_id');
  await db
    .insertInto('roles')
    .values({ role_id: roleId, tenant_id: tenantId, role_key: `test_${roleId}`, role_name: '测试角色' })
    .execute();
  await db
    .insertInto('users')
    .values({
      user_id: userId,
      user_name: `test${userId}`,
      nick_name: `测试用户${userId}`,
      phonenumber: `1370000${String(userId).padStart(4, '0')}`,
      password_hash: 'x',
      status: '0',
    })
    .execute();
  await db.insertInto('user_tenants').values({ user_id: userId, tenant_id: tenantId, role_id: roleId, is_default: 1 }).execute();
  const menus = await db.selectFrom('menus').select(['menu_id', 'perms']).execute();
  const granted = menus.filter((menu) => perms.some((perm) => menu.perms === perm || (withChildren && menu.perms.startsWith(`${perm}:`))));
  // A permission no menu carries is a mistake in the test, not a user without it.
  const unknown = perms.filter((perm) => !menus.some((menu) => menu.perms === perm));
  if (unknown.length) throw new Error(`没有这些菜单权限：${unknown.join('、')}`);
  if (granted.length)
    await db
      .insertInto('role_menus')
      .values(granted.map((menu) => ({ role_id: roleId, menu_id: menu.menu_id })))
      .execute();
  return server.services.ctx.sessions.create(userId, tenantId);
}
