import { describeAccess } from './RouteAccess';
import type { DeclaredRoute } from './enforceRouteAccess';

/** server/ROUTES.md: every API route and who may call it, made from the routes' own declarations. */
export function renderRouteTable(routes: readonly DeclaredRoute[], apiPrefix = '/api'): string {
  const rows = [...routes]
    .map((route) => ({ ...route, path: route.url.startsWith(apiPrefix) ? route.url.slice(apiPrefix.length) : route.url }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map((route) => `| ${route.websocket ? 'WS' : route.method} | \`${route.path}\` | ${describeAccess(route.access)} |`);
  return [
    '# API routes and their permissions',
    '',
    `Generated from the routes' own \`config.access\` declarations by \`npm run gen:routes\`; the server`,
    'suite fails when this file is stale, and the server refuses to start a route without a declaration.',
    `Paths are under the API prefix (\`${apiPrefix}\`). 401 = no live session; 403 = ${'`没有权限执行该操作，请联系管理员`'} (or`,
    "`没有查看…的权限` / `没有控制…的权限` for a device kind the caller's menus do not open); nothing changes on either.",
    '',
    'Device kinds open to a user: every kind on a map module or a map child page (`showsMap` in',
    "registry/modules.json: 安全应急's 人群疏散, 火灾处置, 消防救援, 防汛抗洪, 水位监测) — read only: the globe shows all devices;",
    'a device page of 设备管控 or 正射影像 reads and controls its kind; a page listing `deviceKinds` in',
    'registry/modules.json (视频监控 → camera, 消防监控 → fireCamera) reads and controls those kinds.',
    '',
    '| method | path | who may call it |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
