import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from './config';
import { createServer } from './createServer';
import { testServer, type TestServer } from './testing/testServer';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createServer', () => {
  it('serves the built app with an SPA fallback, and the runtime config', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'ops-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>城市运营指挥平台</title>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.info(1)');
    server = await testServer({ staticDir });
    const home = await server.app.inject({ method: 'GET', url: '/device/lamp?x=1' });
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('城市运营指挥平台');
    expect((await server.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.info(1)');
    expect((await server.app.inject({ method: 'GET', url: '/assets/missing.js' })).json()).toEqual({ code: 404, msg: '请求地址不存在' });
    expect((await server.app.inject({ method: 'GET', url: '/api/nothing' })).json()).toEqual({ code: 404, msg: '请求地址不存在' });
    expect((await server.app.inject({ method: 'GET', url: '/app-config.json' })).json()).toMatchObject({
      apiBaseUrl: '/api',
      showErrorMessages: true,
    });
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('exposes the dev SMS endpoint only when the flag is on', async () => {
    server = await testServer();
    expect((await server.api('GET', '/dev/sms/last?phonenumber=13800000001')).body.code).toBe(404);
    await server.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-dev-'));
    const app = await createServer({ dataDir, smsDevEndpoint: true });
    expect((await app.app.inject({ method: 'GET', url: '/api/dev/sms/last?phonenumber=13800000001' })).json()).toEqual({
      code: 404,
      msg: '暂无验证码',
    });
    await app.app.inject({ method: 'GET', url: '/api/captchaSms?phonenumber=13800000001' });
    const reply = (await app.app.inject({ method: 'GET', url: '/api/dev/sms/last?phonenumber=13800000001' })).json() as {
      data: { smsCode: string };
    };
    expect(reply.data.smsCode).toMatch(/^\d{6}$/);
    await app.app.close();
    rmSync(dataDir, { recursive: true, force: true });
    server = undefined;
  });

  it('switches a simulated device on- or offline through the dev endpoint and pushes it to its tenant', async () => {
    server = await testServer({ smsDevEndpoint: true });
    const flip = async (body: Record<string, unknown>) => (await server!.api('POST', '/dev/device/online', { body, json: true })).body;
    for (const [body, msg] of [
      [{ online: false }, '请指定设备'],
      [{ deviceId: 1 }, '请指定在线状态'],
      [{ deviceId: 1, online: 'no' }, '在线状态只能是 true 或 false'],
      [{ deviceId: 0, online: false }, '设备编号必须是正整数'],
    ] as const) {
      expect(await flip(body)).toEqual({ code: 400, msg });
    }
    expect(await flip({ deviceId: 99_999_999, online: false })).toEqual({ code: 404, msg: '设备不存在：99999999' });
    const device = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'tenant_id'])
      .where('online', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await flip({ deviceId: device.device_id, online: false })).toMatchObject({
      code: 200,
      data: { deviceId: device.device_id, online: false },
    });
    expect(
      (
        await server.services.ctx.db
          .selectFrom('devices')
          .select('online')
          .where('device_id', '=', device.device_id)
          .executeTakeFirstOrThrow()
      ).online,
    ).toBe(0);
    const pushed = await server.services.ctx.db.selectFrom('push_log').select(['tenant_id', 'event_type']).execute();
    expect(pushed).toEqual([{ tenant_id: device.tenant_id, event_type: 'offline_event' }]);
  });

  it('validates the dev alarm endpoint like every other route', async () => {
    server = await testServer({ smsDevEndpoint: true });
    const raise = async (body: Record<string, unknown>) => (await server!.api('POST', '/dev/alarm/raise', { body, json: true })).body;
    for (const [body, msg] of [
      [{ tenantId: 'abc' }, '租户编号无效'],
      [{ tenantId: true }, '租户编号无效'],
      [{ tenantId: 0 }, '租户编号无效'],
      [{ deviceId: -1 }, '设备编号必须是正整数'],
      [{ alarmType: '../x' }, '告警类型格式不正确'],
      [{ content: 'x'.repeat(201) }, '告警内容不能超过 200 字'],
    ] as const) {
      expect(await raise(body)).toEqual({ code: 400, msg });
    }
    expect(await raise({ tenantId: 99 })).toEqual({ code: 404, msg: '租户不存在' });
    expect(await server.services.ctx.db.selectFrom('alarms').select('alarm_id').execute()).toHaveLength(0);
    expect((await raise({ tenantId: 2, alarmType: 'SMOKE', content: '测试' })).code).toBe(200);
    expect(await server.services.ctx.db.selectFrom('alarms').select('tenant_id').execute()).toEqual([{ tenant_id: 2 }]);
  });

  it('creates, migrates and seeds the database once, and keeps data over a restart', async () => {
    server = await testServer();
    const token = await server.login();
    await server.app.close();
    const again = await createServer({ dataDir: server.dataDir, clock: () => Date.UTC(2026, 10, 22, 8, 5, 0) });
    const info = await again.app.inject({ method: 'GET', url: '/api/getInfo', headers: { authorization: `Bearer ${token}` } });
    expect((info.json() as { code: number }).code).toBe(200);
    expect(await again.services.ctx.db.selectFrom('users').select('user_id').execute()).toHaveLength(4);
    await again.app.close();
    rmSync(server.dataDir, { recursive: true, force: true });
    server = undefined;
  });
});

describe('readServerConfigFromEnv', () => {
  it('uses the embedded defaults', () => {
    expect(readServerConfigFromEnv({})).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      server: { dataDir: './data', apiPrefix: '/api', smsDevEndpoint: false },
    });
  });

  it('honours PORT, HOST, DATA_DIR and the flags', () => {
    expect(
      readServerConfigFromEnv({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: '/tmp/x', SMS_DEV_ENDPOINT: '1', APP_SHOW_ERRORS: '0' }),
    ).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      server: { dataDir: '/tmp/x', smsDevEndpoint: true, appConfig: { showErrorMessages: false } },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ SMS_DEV_ENDPOINT: 'yes' }, 'SMS_DEV_ENDPOINT'],
    [{ API_PREFIX: 'api' }, 'API_PREFIX'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => readServerConfigFromEnv(env)).toThrow(name);
  });

  it.each([
    [undefined, ["'none'"]],
    ['', ["'none'"]],
    ['none', ["'none'"]],
    ["'none'", ["'none'"]],
    ["'self'", ["'self'"]],
    ['self, https://wall.example.com', ["'self'", 'https://wall.example.com']],
    ['https://wall.example.com,http://10.0.0.5:8080,', ['https://wall.example.com', 'http://10.0.0.5:8080']],
    ['HTTPS://Wall.Example.com', ['https://wall.example.com']],
  ])('reads FRAME_ANCESTORS=%j as %j', (value, expected) => {
    expect(readServerConfigFromEnv(value === undefined ? {} : { FRAME_ANCESTORS: value }).server.frameAncestors).toEqual(expected);
  });

  it.each([
    ['https://wall.example.com/screen', 'a path'],
    ['wall', 'a bare word'],
    ['*', 'a wildcard'],
    ['https://*.example.com', 'a wildcard host'],
    ["https://wall.example.com 'unsafe-inline'", 'spaces'],
    ["https://wall.example.com; script-src 'unsafe-eval'", 'a semicolon'],
    ["'none", 'an unbalanced quote'],
    ['ftp://wall.example.com', 'another scheme'],
    ['https://wall.example.com:99999', 'a bad port'],
    [',', 'no source'],
    ["'none', https://wall.example.com", "'none' with an origin"],
  ])('refuses FRAME_ANCESTORS=%j (%s) naming the variable and the value', (value) => {
    expect(() => readServerConfigFromEnv({ FRAME_ANCESTORS: value })).toThrow('FRAME_ANCESTORS');
    expect(() => readServerConfigFromEnv({ FRAME_ANCESTORS: value })).toThrow(value);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, undefined],
    ['0', undefined],
    ['1', ['loopback']],
    ['10.0.0.0/8, 127.0.0.1,::1', ['10.0.0.0/8', '127.0.0.1', '::1']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(readServerConfigFromEnv(value === undefined ? {} : { TRUST_PROXY: value }).server.trustProxy).toEqual(expected);
  });

  it.each(['*', 'everyone', '10.0.0.0/33', '300.1.1.1', 'nginx.local'])('refuses TRUST_PROXY=%j naming it', (value) => {
    expect(() => readServerConfigFromEnv({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
  });

  it('counts the client behind a trusted proxy for the per-address limits, and ignores X-Forwarded-For otherwise', async () => {
    const { testServer } = await import('./testing/testServer');
    for (const [trustProxy, expectedIp] of [
      [['loopback'], '203.0.113.77'],
      [undefined, '127.0.0.1'],
    ] as const) {
      const server = await testServer(trustProxy ? { trustProxy: [...trustProxy] } : {});
      try {
        await server.api('GET', '/authCodeLogin?authCode=WRONG-1', {
          headers: { 'x-forwarded-for': '203.0.113.77' },
          remoteAddress: '127.0.0.1',
        });
        const hits = await server.services.ctx.db
          .selectFrom('rate_limit_hits')
          .select('subject')
          .where('bucket', '=', 'auth_code_addr')
          .execute();
        expect(hits.map((hit) => hit.subject)).toEqual([expectedIp]);
      } finally {
        await server.close();
      }
    }
  });
});
