import { describe, expect, it } from 'vitest';
import { setupTestServer, testServer, type TestServer } from '../testing/testServer';

let server: TestServer;
setupTestServer((created) => {
  server = created;
});

interface MenuEntry {
  name: string;
  path: string;
  perms: string;
  meta: { title: string };
  children: MenuEntry[];
}

const routers = async (token: string) =>
  (await server.api('GET', '/getRouters?platformCode=twin_platform', { token })).body.data as MenuEntry[];

describe('GET /getInfo', () => {
  it('returns the user with tenants, the active one flagged, and a parsable twin platform config', async () => {
    const token = await server.login();
    const { body } = await server.api('GET', '/getInfo', { token });
    const user = body.user as {
      userName: string;
      tenants: { tenantId: number; tenantName: string; isLoginNow: boolean; twinPlatformConfig: string; tenantAlarmMp3: string }[];
    };
    expect(user.userName).toBe('operator');
    expect(user.tenants.map((tenant) => [tenant.tenantId, tenant.isLoginNow])).toEqual([
      [1, true],
      [2, false],
    ]);
    const config = JSON.parse(user.tenants[0]!.twinPlatformConfig) as {
      viewList: { longitude: number; latitude: number }[];
      isDeviceMap3d: boolean;
    };
    expect(config.isDeviceMap3d).toBe(true);
    expect(config.viewList.length).toBeGreaterThan(1);
    expect(config.viewList[0]!.longitude).toBeCloseTo(120.2, 0);
    expect(user.tenants[0]!.tenantAlarmMp3).toMatch(/\.(mp3|wav)$/);
    expect(body.roles).toEqual(['city_operator']);
    expect(body.permissions).toContain('platform:device');
  });
});

describe('menus and permissions', () => {
  it('gives the city operator the city modules, with child pages', async () => {
    const token = await server.login();
    const menus = await routers(token);
    expect(menus.map((menu) => menu.name)).toEqual([
      'comprehensive',
      'monitoringCenter',
      'dataAnalysis',
      'alarmManage',
      'device',
      'operation',
      'securityEmergency',
      'cityManagement',
      'lawEnforcement',
    ]);
    const device = menus.find((menu) => menu.name === 'device')!;
    expect(device).toMatchObject({ path: '/device', perms: 'platform:device', meta: { title: '设备管控' } });
    expect(device.children).toHaveLength(33);
    expect(device.children.find((child) => child.name === 'smartParking')).toMatchObject({
      path: 'smartParking',
      perms: 'platform:device:smartParking',
      meta: { title: '智慧停车' },
    });
    const perms = (await server.api('GET', '/system/menu/getPlatformList', { token })).body.data as { perms: string }[];
    expect(perms.map((entry) => entry.perms)).toContain('platform:lawEnforcement:lawCityPatrol');
    expect(perms.map((entry) => entry.perms)).not.toContain('platform:team');
  });

  it('gives nothing to a user without menu permission', async () => {
    const token = await server.login('NOPERM-2026-DEMO');
    expect(await routers(token)).toEqual([]);
    expect((await server.api('GET', '/system/menu/getPlatformList', { token })).body.data).toEqual([]);
  });

  it('gives the admin all 13 modules, with orthophoto reusing the device pages under its prefix', async () => {
    const token = await server.login('ADMIN-2026-DEMO');
    const menus = await routers(token);
    expect(menus).toHaveLength(13);
    const orthophoto = menus.find((menu) => menu.name === 'orthophoto')!;
    expect(orthophoto.children).toHaveLength(33);
    expect(orthophoto.children[0]).toMatchObject({
      name: 'orthophotoAgent',
      perms: 'platform:orthophoto:agent',
      meta: { title: '智能终端' },
    });
  });

  it('switches the active tenant and the menus follow', async () => {
    const token = await server.login();
    expect((await server.api('POST', '/tenantLogin', { token, body: { tenantId: 2 } })).body).toEqual({ code: 200, msg: '切换成功' });
    const menus = await routers(token);
    expect(menus.map((menu) => menu.name)).toEqual([
      'comprehensive',
      'alarmManage',
      'device',
      'securityEmergency',
      'business',
      'orthophoto',
      'team',
      'lowAltitude',
    ]);
    const info = (await server.api('GET', '/getInfo', { token })).body.user as { tenants: { tenantId: number; isLoginNow: boolean }[] };
    expect(info.tenants.find((tenant) => tenant.isLoginNow)?.tenantId).toBe(2);
    expect((await server.api('POST', '/tenantLogin', { token, body: { tenantId: 1 }, json: true })).body.code).toBe(200);
    expect((await routers(token)).map((menu) => menu.name)).toContain('lawEnforcement');
  });

  it.each([
    [{}, 400, '租户编号无效'],
    [{ tenantId: 'abc' }, 400, '租户编号无效'],
    [{ tenantId: 0 }, 400, '租户编号无效'],
    [{ tenantId: 1.5 }, 400, '租户编号无效'],
    [{ tenantId: 99 }, 403, '无权访问该租户'],
  ])('refuses tenantLogin %o and keeps the tenant', async (body, code, msg) => {
    const token = await server.login('NOPERM-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token, body })).body).toEqual({ code, msg });
    const info = (await server.api('GET', '/getInfo', { token })).body.user as { tenants: { tenantId: number; isLoginNow: boolean }[] };
    expect(info.tenants.find((tenant) => tenant.isLoginNow)?.tenantId).toBe(1);
  });

  it.each([[true], [false], [null], [[2]], [{ id: 2 }], ['2x']])(
    'refuses tenantLogin with the JSON value %j and keeps the tenant',
    async (tenantId) => {
      const token = await server.login('OPER-2026-DEMO');
      expect((await server.api('POST', '/tenantLogin', { token, body: { tenantId }, json: true })).body).toEqual({
        code: 400,
        msg: '租户编号无效',
      });
      const info = (await server.api('GET', '/getInfo', { token })).body.user as { tenants: { tenantId: number; isLoginNow: boolean }[] };
      expect(info.tenants.find((tenant) => tenant.isLoginNow)?.tenantId).toBe(1);
    },
  );

  it('refuses a tenant the user does not belong to', async () => {
    const token = await server.login('NOPERM-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token, body: { tenantId: 2 } })).body).toEqual({ code: 403, msg: '无权访问该租户' });
  });

  it.each(['', '?platformCode=', '?platformCode=other'])('refuses getRouters%s', async (query) => {
    const token = await server.login();
    expect((await server.api('GET', `/getRouters${query}`, { token })).body).toEqual({ code: 400, msg: '平台编码无效' });
  });

  it('needs a session for every platform route', async () => {
    for (const [method, url] of [
      ['GET', '/getInfo'],
      ['GET', '/system/menu/getPlatformList'],
      ['GET', '/getRouters?platformCode=twin_platform'],
      ['POST', '/tenantLogin'],
      ['GET', '/system/dict/data/type/alarm_status'],
    ] as const) {
      expect((await server.api(method, url)).body.code, url).toBe(401);
    }
  });
});

describe('GET /system/dict/data/type/{type}', () => {
  it('returns the entries of a dictionary in order, and an empty list for an unknown type', async () => {
    const token = await server.login();
    const { body } = await server.api('GET', '/system/dict/data/type/alarm_status', { token });
    expect((body.data as { dictValue: string; dictLabel: string }[]).map((entry) => [entry.dictValue, entry.dictLabel])).toEqual([
      ['ALARM_STATUS_UNTREATED', '待处理'],
      ['ALARM_STATUS_PROCESSING', '处理中'],
      ['ALARM_STATUS_COMPLET', '待确认'],
      ['ALARM_STATUS_CONFIRMED', '已处理'],
    ]);
    expect((await server.api('GET', '/system/dict/data/type/vehicle_power_type', { token })).body.data).toHaveLength(3);
    expect((await server.api('GET', '/system/dict/data/type/no_such_type', { token })).body).toEqual({
      code: 200,
      msg: '操作成功',
      data: [],
    });
  });

  it.each(['Bad-Type', '1abc', 'a', `a${'b'.repeat(70)}`, '%27%3B%20drop'])('refuses the type %s', async (type) => {
    const token = await server.login();
    expect((await server.api('GET', `/system/dict/data/type/${type}`, { token })).body).toEqual({ code: 400, msg: '字典类型格式不正确' });
  });
});

describe('unknown routes and errors', () => {
  it('answers an unknown API path with the envelope', async () => {
    expect((await server.api('GET', '/no/such/path')).body).toEqual({ code: 404, msg: '请求地址不存在' });
  });

  it('never sends a stack trace when a handler fails unexpectedly, but names the request whose error the log holds', async () => {
    const lines: string[] = [];
    const logged = await testServer({ logger: { level: 'error', stream: { write: (line) => void lines.push(line) } } });
    try {
      await logged.services.ctx.db.destroy();
      const response = await logged.app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' });
      const { code, msg } = response.json() as { code: number; msg: string };
      expect(code).toBe(500);
      const requestId = /^服务器内部错误（请求编号 ([0-9a-f]{12})）$/.exec(msg)?.[1];
      expect(requestId).toBeDefined();
      const entry = lines
        .map((line) => JSON.parse(line) as { reqId?: string; msg?: string; err?: { stack?: string } })
        .find((line) => line.msg === '请求处理失败');
      expect(entry).toMatchObject({ reqId: requestId });
      expect(entry?.err?.stack).toBeTruthy();
      expect(response.body).not.toContain('at ');
    } finally {
      await logged.close().catch(() => undefined);
    }
  });
});
