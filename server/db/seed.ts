import bcrypt from 'bcryptjs';
import moduleTree from '../../registry/modules.json' with { type: 'json' };
import { sha256 } from '../auth/secrets';
import type { Database, Db } from './Database';
import type { DeviceCatalog } from '../devices/deviceCatalog';

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
      .map((kind) => ({ name: kind.page, title: kind.displayName, perms: `${module.perms}:${kind.page}`, component: `${module.name}/${kind.page}` }));
  }
  return module.children.map((child) => ({ ...child, component: `${module.name}/${child.name}` }));
}

/** Menu rows from registry/modules.json and the device plugins; child ids follow their module's. */
export function menuRowsFromRegistry(catalog: DeviceCatalog): Database['menus'][] {
  const rows: Database['menus'][] = [];
  modules.forEach((module, index) => {
    const moduleId = (index + 1) * 100;
    rows.push({ menu_id: moduleId, parent_id: null, name: module.name, path: module.path, component: `${module.name}/index`, perms: module.perms, title: module.title, icon: module.icon, order_num: module.order });
    childrenOf(module, catalog).forEach((child, childIndex) => {
      rows.push({ menu_id: moduleId + childIndex + 1, parent_id: moduleId, name: child.name, path: child.name, component: child.component, perms: child.perms, title: child.title, icon: '', order_num: childIndex + 1 });
    });
  });
  return rows;
}

/**
 * Brings the menus of an existing database up to date with the registry and the plugins: a new
 * device kind gets its menu entry, granted to every role that has the parent module.
 */
export async function syncMenus(db: Db, catalog: DeviceCatalog): Promise<number> {
  const existing = await db.selectFrom('menus').select(['menu_id', 'perms', 'parent_id']).execute();
  const known = new Set(existing.map((menu) => menu.perms));
  const missing = menuRowsFromRegistry(catalog).filter((menu) => !known.has(menu.perms));
  if (!missing.length) return 0;
  let nextId = Math.max(0, ...existing.map((menu) => menu.menu_id)) + 1;
  const idByPerms = new Map(existing.map((menu) => [menu.perms, menu.menu_id]));
  await db.transaction().execute(async (trx) => {
    for (const menu of missing) {
      const parentPerms = menu.parent_id === null ? undefined : menu.perms.split(':').slice(0, 2).join(':');
      const parentId = parentPerms ? idByPerms.get(parentPerms) : null;
      if (parentId === undefined) continue;
      const row = { ...menu, menu_id: nextId++, parent_id: parentId };
      await trx.insertInto('menus').values(row).execute();
      idByPerms.set(row.perms, row.menu_id);
      if (parentId !== null) {
        const roles = await trx.selectFrom('role_menus').select('role_id').where('menu_id', '=', parentId).execute();
        if (roles.length) await trx.insertInto('role_menus').values(roles.map((role) => ({ role_id: role.role_id, menu_id: row.menu_id }))).execute();
      }
    }
  });
  return missing.length;
}

const view = (name: string, longitude: number, latitude: number, height: number, heading = 0, pitch = -45) => ({ name, longitude, latitude, height, heading, pitch, roll: 0 });

export const seedTenants: Database['tenants'][] = [
  {
    tenant_id: 1,
    tenant_name: '杭州市城市运行管理中心',
    tenant_type: 'city',
    twin_platform_config: JSON.stringify({
      viewList: [view('滨江区主视角', 120.2112, 30.2084, 3500), view('奥体中心', 120.2305, 30.2328, 1800), view('钱江新城', 120.2131, 30.2443, 2200)],
      isDeviceMap3d: true,
    }),
    tenant_alarm_mp3: '/sounds/alarm-city.wav',
  },
  {
    tenant_id: 2,
    tenant_name: '西湖风景名胜区',
    tenant_type: 'scenic',
    twin_platform_config: JSON.stringify({
      viewList: [view('西湖全景', 120.1445, 30.2445, 4200), view('断桥残雪', 120.1508, 30.2594, 900), view('雷峰塔', 120.1488, 30.2311, 900)],
      // The scenic area works on a flat map: its paths and sights read better from straight above.
      isDeviceMap3d: false,
    }),
    tenant_alarm_mp3: '/sounds/alarm-scenic.wav',
  },
];

export const CITY_MODULES = ['comprehensive', 'monitoringCenter', 'dataAnalysis', 'alarmManage', 'device', 'operation', 'securityEmergency', 'cityManagement', 'lawEnforcement'];
export const SCENIC_MODULES = ['comprehensive', 'alarmManage', 'device', 'securityEmergency', 'business', 'orthophoto', 'team', 'lowAltitude'];

/** Demo accounts (server/SEED.md). */
export const seedUsers = [
  { user_id: 1, user_name: 'admin', nick_name: '系统管理员', phonenumber: '13800000000', password: 'Admin@2026' },
  { user_id: 2, user_name: 'operator', nick_name: '值班员张敏', phonenumber: '13800000001', password: 'Operator@2026' },
  { user_id: 3, user_name: 'viewer', nick_name: '访客李强', phonenumber: '13800000002', password: 'Viewer@2026' },
  { user_id: 4, user_name: 'scenic', nick_name: '景区值守王芳', phonenumber: '13800000003', password: 'Scenic@2026' },
];

const DAY = 86_400_000;

export async function seedIfEmpty(db: Db, catalog: DeviceCatalog, now: number): Promise<boolean> {
  const existing = await db.selectFrom('tenants').select('tenant_id').limit(1).executeTakeFirst();
  if (existing) return false;
  const menus = menuRowsFromRegistry(catalog);
  const menusOf = (moduleNames: string[] | 'all') => {
    if (moduleNames === 'all') return menus.map((menu) => menu.menu_id);
    const moduleIds = menus.filter((menu) => menu.parent_id === null && moduleNames.includes(menu.name)).map((menu) => menu.menu_id);
    return menus.filter((menu) => moduleIds.includes(menu.menu_id) || (menu.parent_id !== null && moduleIds.includes(menu.parent_id))).map((menu) => menu.menu_id);
  };
  const roles = [
    { role_id: 1, tenant_id: 1, role_key: 'admin', role_name: '管理员', menus: menusOf('all') },
    { role_id: 2, tenant_id: 1, role_key: 'city_operator', role_name: '城市值班员', menus: menusOf(CITY_MODULES) },
    { role_id: 3, tenant_id: 1, role_key: 'no_menu', role_name: '无菜单用户', menus: [] },
    { role_id: 4, tenant_id: 2, role_key: 'admin', role_name: '管理员', menus: menusOf('all') },
    { role_id: 5, tenant_id: 2, role_key: 'scenic_operator', role_name: '景区值班员', menus: menusOf(SCENIC_MODULES) },
  ];
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('tenants').values(seedTenants).execute();
    for (const user of seedUsers) {
      await trx
        .insertInto('users')
        .values({ user_id: user.user_id, user_name: user.user_name, nick_name: user.nick_name, phonenumber: user.phonenumber, password_hash: bcrypt.hashSync(user.password, 10), status: '0' })
        .execute();
    }
    await trx.insertInto('menus').values(menus).execute();
    for (const { menus: roleMenus, ...role } of roles) {
      await trx.insertInto('roles').values(role).execute();
      if (roleMenus.length) await trx.insertInto('role_menus').values(roleMenus.map((menu_id) => ({ role_id: role.role_id, menu_id }))).execute();
    }
    await trx
      .insertInto('user_tenants')
      .values([
        { user_id: 1, tenant_id: 1, role_id: 1, is_default: 1 },
        { user_id: 1, tenant_id: 2, role_id: 4, is_default: 0 },
        { user_id: 2, tenant_id: 1, role_id: 2, is_default: 1 },
        { user_id: 2, tenant_id: 2, role_id: 5, is_default: 0 },
        { user_id: 3, tenant_id: 1, role_id: 3, is_default: 1 },
        { user_id: 4, tenant_id: 2, role_id: 5, is_default: 1 },
      ])
      .execute();
    await trx
      .insertInto('auth_codes')
      .values([
        { code_hash: sha256('ADMIN-2026-DEMO'), user_id: 1, tenant_id: null, expires_at: null, disabled: 0 },
        { code_hash: sha256('OPER-2026-DEMO'), user_id: 2, tenant_id: null, expires_at: null, disabled: 0 },
        { code_hash: sha256('NOPERM-2026-DEMO'), user_id: 3, tenant_id: null, expires_at: null, disabled: 0 },
        { code_hash: sha256('EXPIRED-2026-DEMO'), user_id: 2, tenant_id: null, expires_at: now - DAY, disabled: 0 },
      ])
      .execute();
    const dicts: [string, [string, string, string][]][] = [
      ['alarm_status', [['待处理', 'ALARM_STATUS_UNTREATED', 'danger'], ['处理中', 'ALARM_STATUS_PROCESSING', 'warning'], ['待确认', 'ALARM_STATUS_COMPLET', 'primary'], ['已处理', 'ALARM_STATUS_CONFIRMED', 'success']]],
      ['alarm_grade', [['高', 'ALARM_GRADE_HIGH', 'danger'], ['中', 'ALARM_GRADE_MEDIUM', 'warning'], ['低', 'ALARM_GRADE_LOW', 'primary']]],
      ['vehicle_power_type', [['燃油', 'RYC', ''], ['纯电动', 'XNYS', 'success'], ['混合动力', 'XNYD', 'primary']]],
      ['sys_user_sex', [['男', '0', ''], ['女', '1', ''], ['未知', '2', '']]],
    ];
    let dictCode = 1;
    for (const [dictType, entries] of dicts) {
      await trx
        .insertInto('dict_data')
        .values(entries.map(([label, value, listClass], index) => ({ dict_code: dictCode++, dict_type: dictType, dict_sort: index + 1, dict_label: label, dict_value: value, css_class: '', list_class: listClass, is_default: index === 0 ? 'Y' : 'N' })))
        .execute();
    }
  });
  return true;
}
