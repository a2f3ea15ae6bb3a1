import bcrypt from 'bcryptjs';
import { sha256 } from '../auth/secrets';
import type { Db } from '../db/Database';
import type { Transaction } from 'kysely';
import type { Database } from '../db/Database';
import { lockedTransaction } from '../db/transactions';
import type { DeviceCatalog } from '../catalog/deviceCatalog';
import { menuRowsFromRegistry } from '../platform/menus';
import { seedAuthCodes, seedDicts, seedMemberships, seedRoles, seedTenants, seedUsers } from './seedData';

const DAY = 86_400_000;

/**
 * The demo accounts' bcrypt hashes, made once per process: hashing is half of a new database's seeding
 * time, and test processes seed one database after another. A hash made with another salt is as good.
 */
const demoPasswordHashes = new Map<string, string>();
const demoPasswordHash = (password: string) => {
  let hash = demoPasswordHashes.get(password);
  if (!hash) demoPasswordHashes.set(password, (hash = bcrypt.hashSync(password, 10)));
  return hash;
};

/** Writes the demo tenants, accounts, roles, menus and dictionaries of seedData.ts into an empty database (server/SEED.md). */
export async function seedIfEmpty(db: Db, catalog: DeviceCatalog, now: number): Promise<boolean> {
  const menus = menuRowsFromRegistry(catalog);
  const menusOf = (moduleNames: readonly string[] | 'all') => {
    if (moduleNames === 'all') return menus.map((menu) => menu.menu_id);
    const moduleIds = menus.filter((menu) => menu.parent_id === null && moduleNames.includes(menu.name)).map((menu) => menu.menu_id);
    return menus
      .filter((menu) => moduleIds.includes(menu.menu_id) || (menu.parent_id !== null && moduleIds.includes(menu.parent_id)))
      .map((menu) => menu.menu_id);
  };
  // Checked and written under one lock: instances starting together on an empty PostgreSQL database seed it once.
  return lockedTransaction(db, 'seed', async (trx) => {
    const existing = await trx.selectFrom('tenants').select('tenant_id').limit(1).executeTakeFirst();
    if (existing) return false;
    await trx.insertInto('tenants').values(seedTenants).execute();
    for (const user of seedUsers) {
      await trx
        .insertInto('users')
        .values({
          user_id: user.user_id,
          user_name: user.user_name,
          nick_name: user.nick_name,
          phonenumber: user.phonenumber,
          password_hash: demoPasswordHash(user.password),
          status: '0',
        })
        .execute();
    }
    await trx.insertInto('menus').values(menus).execute();
    for (const { modules, ...role } of seedRoles) {
      const roleMenus = menusOf(modules);
      await trx.insertInto('roles').values(role).execute();
      if (roleMenus.length)
        await trx
          .insertInto('role_menus')
          .values(roleMenus.map((menu_id) => ({ role_id: role.role_id, menu_id })))
          .execute();
    }
    await trx.insertInto('user_tenants').values(seedMemberships).execute();
    await trx
      .insertInto('auth_codes')
      .values(
        seedAuthCodes.map((entry) => ({
          code_hash: sha256(entry.code),
          user_id: entry.userId,
          tenant_id: null,
          expires_at: entry.expiredDaysAgo === undefined ? null : now - entry.expiredDaysAgo * DAY,
          disabled: 0,
        })),
      )
      .execute();
    await writeDictionaries(trx, seedDicts);
    return true;
  });
}

/** Writes dictionaries after the highest dict_code there is (the first entry of each is its default). */
async function writeDictionaries(trx: Transaction<Database>, dicts: typeof seedDicts): Promise<void> {
  const top = await trx
    .selectFrom('dict_data')
    .select((eb) => eb.fn.max('dict_code').as('top'))
    .executeTakeFirst();
  let dictCode = Number(top?.top ?? 0) + 1;
  for (const [dictType, entries] of dicts) {
    await trx
      .insertInto('dict_data')
      .values(
        entries.map(([label, value, listClass], index) => ({
          dict_code: dictCode++,
          dict_type: dictType,
          dict_sort: index + 1,
          dict_label: label,
          dict_value: value,
          css_class: '',
          list_class: listClass,
          is_default: index === 0 ? 'Y' : 'N',
        })),
      )
      .execute();
  }
}

/** The seeded dictionaries a database made by an older version lacks (the recognition records' came with migration 019); returns how many were added. */
export async function seedMissingDictionaries(db: Db): Promise<number> {
  return lockedTransaction(db, 'seed', async (trx) => {
    const present = new Set((await trx.selectFrom('dict_data').select('dict_type').distinct().execute()).map((row) => row.dict_type));
    const missing = seedDicts.filter(([type]) => !present.has(type));
    if (missing.length) await writeDictionaries(trx, missing);
    return missing.length;
  });
}
