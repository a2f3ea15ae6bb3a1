import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import moduleTree from '../../registry/modules.json' with { type: 'json' };
import type { ModuleTree } from '../../schemas/registry/modules.schema.gen';
import { CITY_MODULES, SCENIC_MODULES } from '../seed/seedData';
import { testServer, type TestServer } from '../testing/testServer';
import { stateDigest } from '../testing/stateDigest';
import { sessionWithMenus } from '../testing/testUsers';
import type { RouteAccess } from './RouteAccess';
import { renderRouteTable } from './routeTable';
import { routes } from '../../contracts/api/routes';
import { ACCESS_RECHECK_MS, NO_PERMISSION } from './UserAccess';

const tree = moduleTree as ModuleTree;

/** Who calls: the seeded users in each of their tenants, and nobody. Modules as server/SEED.md gives them. */
const PRINCIPALS = [
  { name: 'anonymous', userId: 0, tenantId: 0, modules: [] as string[] },
  { name: 'admin in 1', userId: 1, tenantId: 1, modules: tree.modules.map((module) => module.name) },
  { name: 'admin in 2', userId: 1, tenantId: 2, modules: tree.modules.map((module) => module.name) },
  { name: 'operator in 1 (city_operator)', userId: 2, tenantId: 1, modules: CITY_MODULES },
  { name: 'operator in 2 (scenic_operator)', userId: 2, tenantId: 2, modules: SCENIC_MODULES },
  { name: 'viewer in 1 (no menus)', userId: 3, tenantId: 1, modules: [] },
  { name: 'scenic in 2 (scenic_operator)', userId: 4, tenantId: 2, modules: SCENIC_MODULES },
];

/**
 * What a declaration should allow for whole modules, worked out here from the module tree (not
 * with the server's own access code): a module grants its children, device modules open devices,
 * map modules and map child pages let devices be read.
 */
function expectedAllowed(declared: RouteAccess, modules: readonly string[], loggedIn: boolean): boolean {
  if (declared.kind === 'public') return true;
  if (!loggedIn) return false;
  const held = tree.modules.filter((module) => modules.includes(module.name));
  switch (declared.kind) {
    case 'session':
      return true;
    case 'anyMenu':
      return held.length > 0;
    case 'menu':
      return held.some((module) => declared.anyOf.some((perm) => perm === module.perms || perm.startsWith(`${module.perms}:`)));
    case 'devices': {
      const devicePages = held.some(
        (module) =>
          module.childrenFromPlugins === 'device' ||
          module.reuseChildrenOf === 'device' ||
          module.children.some((child) => child.deviceKinds),
      );
      const mapPages = held.some((module) => module.showsMap || module.children.some((child) => child.showsMap));
      return declared.action === 'read' ? devicePages || mapPages : devicePages;
    }
  }
}

describe('route-by-role matrix', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer({ smsDevEndpoint: true });
  });
  afterAll(async () => server.close());

  it('walks every route of the server with every seeded role in both tenants: 401 without a session, 403 without the permission (changing nothing), through otherwise', async () => {
    const routes = server.services.routeTable.filter((route) => !route.websocket);
    expect(routes.length).toBeGreaterThan(35);
    const matrix: string[] = [];
    for (const route of routes) {
      for (const principal of PRINCIPALS) {
        const loggedIn = principal.userId !== 0;
        // A fresh session per call: logout and tenant switch must not spoil the next row.
        const token = loggedIn ? await server.services.ctx.sessions.create(principal.userId, principal.tenantId) : undefined;
        const allowed = expectedAllowed(route.access, principal.modules, loggedIn);
        // Only a call that must be refused is checked for changing nothing (a call let through that
        // should not be fails on `refused` below anyway): the digest reads every table, twice.
        const before = allowed ? undefined : await stateDigest(server.services.ctx.db);
        const url = route.url.replace(/:(\w+)/g, '1').replace(/^\/api/, '');
        const { body } = await server.api(route.method as 'GET' | 'POST', url, {
          ...(token ? { token } : {}),
          ...(route.method === 'POST' ? { body: {}, json: true } : {}),
        });
        const refused = body.code === 401 || (body.code === 403 && body.msg === NO_PERMISSION);
        matrix.push(`${route.method} ${url} · ${principal.name}: ${refused ? `refused ${body.code}` : 'through'}`);
        expect(refused, `${route.method} ${url} as ${principal.name}: ${JSON.stringify(body)}`).toBe(!allowed);
        if (refused) {
          expect(body.code).toBe(loggedIn ? 403 : 401);
          expect(await stateDigest(server.services.ctx.db), `${route.method} ${url} as ${principal.name} changed something`).toBe(before);
        }
      }
    }
    // Every route was walked with every principal.
    expect(matrix).toHaveLength(routes.length * PRINCIPALS.length);
  }, 300_000);

  it('declares every route: the websocket is public (its ticket is the credential) and server/ROUTES.md is current', async () => {
    expect(server.services.routeTable.find((route) => route.websocket)?.access).toEqual({ kind: 'public', why: '凭一次性推送票据连接' });
    expect(readFileSync('server/ROUTES.md', 'utf8'), 'server/ROUTES.md 已过期：请运行 npm run gen:routes').toBe(
      renderRouteTable(server.services.routeTable),
    );
  });

  it('registers exactly the routes contracts/api declares: none without a declaration the web app can call through, none declared and missing', () => {
    const declared = Object.values(routes)
      .flatMap((feature) => Object.values(feature))
      .map((route) => `${route.method} /api${route.path}`);
    const registered = server.services.routeTable.map((route) => `${route.websocket ? 'GET' : route.method} ${route.url}`);
    expect([...new Set(registered)].sort()).toEqual([...new Set(declared)].sort());
  });

  it('refuses to start a route without an access declaration', async () => {
    const { default: Fastify } = await import('fastify');
    const { enforceRouteAccess } = await import('./enforceRouteAccess');
    const app = Fastify();
    let refused: unknown;
    await app.register(async (api) => {
      enforceRouteAccess(api, {
        db: server.services.ctx.db,
        grants: undefined as never,
        requireSession: async () => ({ tokenHash: '', userId: 0, tenantId: 0 }),
      });
      try {
        api.get('/undeclared', async () => 'x');
      } catch (error) {
        refused = error;
      }
    });
    expect(String(refused)).toContain('路由 GET /undeclared 没有声明访问权限（config.access）');
    await app.close();
  });
});

describe('device kinds follow the menus', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => server.close());

  /** A user of tenant 1 whose role holds exactly these menu permissions (no child pages). */
  const userWith = (perms: string[]) => sessionWithMenus(server, 1, perms, false);
  const firstOf = async (kind: string) => {
    const row = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'device_type', 'online'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', kind)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    return row;
  };

  it('the viewer (no menus) can neither list nor control a lamp, and the lamp does not change (hole 1)', async () => {
    const token = await server.login('NOPERM-2026-DEMO');
    const lamp = await firstOf('lamp');
    const before = await stateDigest(server.services.ctx.db);
    expect((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body).toEqual({ code: 403, msg: NO_PERMISSION });
    for (const body of [
      { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: String(lamp.device_id) },
      { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: [lamp.device_id] },
    ]) {
      expect((await server.api('POST', '/device/control/execute', { token, body, json: Array.isArray(body.deviceIds) })).body).toEqual({
        code: 403,
        msg: NO_PERMISSION,
      });
    }
    expect(
      (
        await server.api('POST', '/devi/aep/position', {
          token,
          body: { deviceId: lamp.device_id, longitude: 120, latitude: 30 },
          json: true,
        })
      ).body.code,
    ).toBe(403);
    expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(200);
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
  });

  it('a user with only the lamp page reads and controls lamps, nothing else, and sees only lamps on the map', async () => {
    const token = await userWith(['platform:device:lamp']);
    const lamp = await firstOf('lamp');
    const camera = await firstOf('camera');
    expect((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code).toBe(200);
    expect((await server.api('GET', '/devi/aep/child?deviceType=camera', { token })).body).toEqual({
      code: 403,
      msg: '没有查看视频监控的权限',
    });
    expect((await server.api('GET', `/devi/aep/info?deviceId=${camera.device_id}`, { token })).body.code).toBe(403);
    const positions = (await server.api('GET', '/devi/aep/positions', { token })).body.data as { kind: string }[];
    expect(new Set(positions.map((device) => device.kind))).toEqual(new Set(['lamp']));
    const summary = (await server.api('GET', '/devi/aep/summary', { token })).body.data as { kind: string }[];
    expect(summary.map((row) => row.kind)).toEqual(['lamp']);
    const before = await stateDigest(server.services.ctx.db);
    expect(
      (
        await server.api('POST', '/device/control/execute', {
          token,
          body: { command: 31, deviceType: camera.device_type, commandType: 'ptz', deviceIds: String(camera.device_id) },
        })
      ).body,
    ).toEqual({ code: 403, msg: '没有控制视频监控的权限' });
    expect(
      (
        await server.api('POST', '/devi/aep/position', {
          token,
          body: { deviceId: camera.device_id, longitude: 120, latitude: 30 },
          json: true,
        })
      ).body.code,
    ).toBe(403);
    expect(await stateDigest(server.services.ctx.db)).toBe(before);
    const controlled = await server.api('POST', '/device/control/execute', {
      token,
      body: { command: 1, deviceType: lamp.device_type, commandType: 'light', deviceIds: String(lamp.device_id) },
    });
    expect(controlled.body.code, JSON.stringify(controlled.body)).not.toBe(403);
    const log = (await server.api('GET', '/device/control/log', { token })).body.rows as { deviceType: string }[];
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((row) => row.deviceType === lamp.device_type)).toBe(true);
  });

  it('视频监控 opens cameras (through /monitor/child), not fire cameras or lamps; 消防监控 opens fire cameras', async () => {
    const monitor = await userWith(['platform:monitoringCenter', 'platform:monitoringCenter:monitorCamera']);
    expect((await server.api('GET', '/monitor/child?deviceType=DEVICE_AI_HIK', { token: monitor })).body.code).toBe(200);
    expect((await server.api('GET', '/monitor/child', { token: monitor })).body.code).toBe(200);
    expect((await server.api('GET', '/monitor/child?deviceType=fireCamera', { token: monitor })).body.code).toBe(403);
    expect((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token: monitor })).body.code).toBe(403);
    const fire = await userWith(['platform:monitoringCenter:fireMonitor']);
    const listed = await server.api('GET', '/monitor/child?deviceType=DEVICE_HIGH_POINT_CAMERA', { token: fire });
    expect(listed.body.code).toBe(200);
    expect((listed.body.rows as { kind: string }[]).every((row) => row.kind === 'fireCamera')).toBe(true);
    expect((await server.api('GET', '/monitor/child?deviceType=lamp', { token: await userWith(['platform:device:lamp']) })).body).toEqual({
      code: 400,
      msg: '智慧灯杆不能通过监控列表查询',
    });
  });

  it('a map module reads every device but controls none', async () => {
    const token = await userWith(['platform:comprehensive']);
    const lamp = await firstOf('lamp');
    const all = await server.services.ctx.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('tenant_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(((await server.api('GET', '/devi/aep/positions', { token })).body.data as unknown[]).length).toBe(Number(all.count));
    expect((await server.api('GET', `/devi/aep/info?deviceId=${lamp.device_id}`, { token })).body.code).toBe(200);
    expect(
      (
        await server.api('POST', '/device/control/execute', {
          token,
          body: { command: 1, deviceType: lamp.device_type, commandType: 'light', deviceIds: String(lamp.device_id) },
        })
      ).body,
    ).toEqual({ code: 403, msg: NO_PERMISSION });
    expect((await server.api('GET', '/devi/aep/alarm/lists', { token })).body.code).toBe(403);
  });

  it(`takes a role change into account within ${ACCESS_RECHECK_MS} ms (well within 1 s)`, async () => {
    const token = await userWith(['platform:device:lamp']);
    expect((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code).toBe(200);
    const changed = performance.now();
    await server.services.ctx.db
      .deleteFrom('role_menus')
      .where('role_id', 'in', (eb) =>
        eb
          .selectFrom('user_tenants')
          .select('role_id')
          .where('user_id', '=', (eb2) => eb2.selectFrom('users').select((e) => e.fn.max<number>('user_id').as('m'))),
      )
      .execute();
    while ((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code === 200) {
      expect(performance.now() - changed).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code).toBe(403);
  });
});
