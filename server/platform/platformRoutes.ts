import type { FastifyInstance } from 'fastify';
import { platformRoutes as declared } from '../../contracts/api/platformRoutes';
import { forbidden, ok } from '../envelope';
import { route } from '../http/registerRoute';
import { accessOf, sessionOf } from '../http/sessionOf';
import type { ServerContext } from '../ServerContext';
import type { PlatformService, UserProfile } from './PlatformService';
import type { WeatherNow } from '../../contracts/weather';

export { PLATFORM_CODES } from '../../contracts/api/platformRoutes';

/**
 * User info, menus and permissions of the active tenant, tenant switch, dictionaries. `weather`: the
 * active tenant's current weather, which the session carries (spec section 3); null when unknown.
 */
export async function platformRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  platform: PlatformService,
  weather: (tenantId: number) => Promise<WeatherNow | null> = async () => null,
): Promise<void> {
  const grantedMenus = (userId: number, tenantId: number) => platform.grantedMenus(userId, tenantId);

  // The answer as text, kept while its inputs are the very objects it was made from: the profile, the
  // weather and the permissions are each re-read by their own short caches (PlatformService, the weather
  // service, the access cache), and a re-read makes a new object, so a kept answer is never staler than
  // they are. Serializing some 5 KB per request was most of getInfo's cost.
  const answers = new WeakMap<UserProfile, { tenantId: number; weather: WeatherNow | null; perms: readonly string[]; body: string }>();

  route(api, declared.getInfo, async (request, reply) => {
    const session = sessionOf(request);
    // The permissions are the ones this request was checked against.
    const granted = accessOf(request);
    const [profile, currentWeather] = await Promise.all([platform.profile(session.userId), weather(session.tenantId)]);
    const kept = answers.get(profile);
    if (kept && kept.tenantId === session.tenantId && kept.weather === currentWeather && kept.perms === granted.orderedPerms) {
      return reply.type('application/json; charset=utf-8').send(kept.body);
    }
    const { user, tenants } = profile;
    const body = JSON.stringify(
      ok(undefined, {
        user: {
          userId: user.user_id,
          userName: user.user_name,
          nickName: user.nick_name,
          phonenumber: user.phonenumber,
          tenants: tenants.map((tenant) => ({
            tenantId: tenant.tenant_id,
            tenantName: tenant.tenant_name,
            tenantType: tenant.tenant_type,
            isLoginNow: tenant.tenant_id === session.tenantId,
            twinPlatformConfig: tenant.twin_platform_config,
            tenantAlarmMp3: tenant.tenant_alarm_mp3,
          })),
        },
        roles: tenants.filter((tenant) => tenant.tenant_id === session.tenantId).map((tenant) => tenant.role_key),
        permissions: granted.orderedPerms,
        // The device kinds this user may read and control here: the web app offers only the controls that will work.
        deviceGrants: granted.deviceGrants(),
        // The session's weather (spec section 3): kept up to date by WEATHER_EVENT pushes afterwards.
        weather: currentWeather,
      }),
    );
    answers.set(profile, { tenantId: session.tenantId, weather: currentWeather, perms: granted.orderedPerms, body });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route(api, declared.platformList, async (request) => {
    const session = sessionOf(request);
    const menus = await grantedMenus(session.userId, session.tenantId);
    return ok(
      menus.map((menu) => ({
        menuId: menu.menu_id,
        menuName: menu.title,
        perms: menu.perms,
        path: menu.path,
        parentId: menu.parent_id ?? 0,
      })),
    );
  });

  route(api, declared.routers, async (request) => {
    const session = sessionOf(request);
    const menus = await grantedMenus(session.userId, session.tenantId);
    const modules = menus.filter((menu) => menu.parent_id === null).sort((a, b) => a.order_num - b.order_num);
    return ok(
      modules.map((module) => ({
        name: module.name,
        path: module.path,
        component: module.component,
        perms: module.perms,
        meta: { title: module.title, icon: module.icon },
        children: menus
          .filter((menu) => menu.parent_id === module.menu_id)
          .map((child) => ({
            name: child.name,
            path: child.path,
            component: child.component,
            perms: child.perms,
            meta: { title: child.title },
          })),
      })),
    );
  });

  route(api, declared.tenantLogin, async (request) => {
    const session = sessionOf(request);
    const { tenantId } = request.body;
    if (!(await ctx.users.isMember(session.userId, tenantId))) throw forbidden('无权访问该租户');
    await ctx.sessions.switchTenant(session.tokenHash, tenantId);
    return ok(undefined, {}, '切换成功');
  });

  route(api, declared.dict, async (request) => {
    const { type } = request.params;
    const rows = await platform.dictData(type);
    return ok(
      rows.map((row) => ({
        dictCode: row.dict_code,
        dictSort: row.dict_sort,
        dictLabel: row.dict_label,
        dictValue: row.dict_value,
        dictType: row.dict_type,
        cssClass: row.css_class,
        listClass: row.list_class,
        isDefault: row.is_default,
      })),
    );
  });
}
