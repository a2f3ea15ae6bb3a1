/**
 * What a route needs from its caller, declared with the route (`defineRoute({ access })`, handed to
 * Fastify as `config: { access }`) and enforced by one server hook (`enforceRouteAccess`). A route
 * without a declaration does not start. Pure data, so the contract stays free of server code.
 */
export type RouteAccess =
  /** Anyone, logged in or not (login calls, the captcha); `why` says so in the route table. */
  | { kind: 'public'; why: string }
  /** Any live session, whatever its menus: what Home and the header need (user info, menus, tenant switch). */
  | { kind: 'session' }
  /** A session that holds at least one menu permission (a user without menus sees only 该账号没有权限). */
  | { kind: 'anyMenu' }
  /** A session holding one of these menu permissions, or a child page of one of them. */
  | { kind: 'menu'; anyOf: readonly string[] }
  /** A session that may read (or control) devices of some kind; the kind itself is checked where it is known. */
  | { kind: 'devices'; action: DeviceAction };

export type DeviceAction = 'read' | 'control';

export const access = {
  public: (why: string): RouteAccess => ({ kind: 'public', why }),
  session: { kind: 'session' } as RouteAccess,
  anyMenu: { kind: 'anyMenu' } as RouteAccess,
  menu: (...anyOf: string[]): RouteAccess => ({ kind: 'menu', anyOf }),
  readDevices: { kind: 'devices', action: 'read' } as RouteAccess,
  controlDevices: { kind: 'devices', action: 'control' } as RouteAccess,
} as const;

/** The route table's wording of a declaration (server/ROUTES.md). */
export function describeAccess(declared: RouteAccess): string {
  switch (declared.kind) {
    case 'public':
      return `公开（${declared.why}）`;
    case 'session':
      return '已登录';
    case 'anyMenu':
      return '已登录且至少有一个菜单权限';
    case 'menu':
      return `菜单权限：${declared.anyOf.map((perm) => `\`${perm}\``).join(' 或 ')}（含其子页面）`;
    case 'devices':
      return declared.action === 'read'
        ? '可查看该类设备（设备管控、正射影像或使用该类设备的页面；地图模块可查看全部）'
        : '可控制该类设备（设备管控、正射影像或使用该类设备的页面）';
  }
}
