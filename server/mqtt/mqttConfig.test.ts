import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readServerConfigFromEnv } from '../config';
import { testServer, type TestServer } from '../testing/testServer';
import { freePort } from './testing/mosquitto';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('MQTT configuration', () => {
  it('reads MQTT_URL and its settings from the environment; none means the in-process simulator', () => {
    expect(readServerConfigFromEnv({}).server.mqtt).toBeUndefined();
    expect(readServerConfigFromEnv({ MQTT_URL: ' ' }).server.mqtt).toBeUndefined();
    expect(readServerConfigFromEnv({ MQTT_URL: 'mqtt://broker.example.com:1883' }).server.mqtt).toEqual({
      url: 'mqtt://broker.example.com:1883',
      commandTimeoutMs: 5000,
      batchMs: 1000,
      batchRows: 500,
      reconnectMs: 5000,
      sessionStaleMs: 30_000,
    });
    expect(
      readServerConfigFromEnv({
        MQTT_URL: 'mqtts://broker:8883',
        MQTT_USERNAME: 'ops',
        MQTT_PASSWORD: 'pw',
        MQTT_COMMAND_TIMEOUT_MS: '2000',
        MQTT_BATCH_MS: '250',
        MQTT_BATCH_ROWS: '100',
        MQTT_RECONNECT_MS: '1000',
        MQTT_SESSION_STALE_MS: '5000',
        MQTT_SECRET_FILE: '/srv/ops/mqtt-secret',
      }).server.mqtt,
    ).toEqual({
      url: 'mqtts://broker:8883',
      username: 'ops',
      password: 'pw',
      secretFile: '/srv/ops/mqtt-secret',
      commandTimeoutMs: 2000,
      batchMs: 250,
      batchRows: 100,
      reconnectMs: 1000,
      sessionStaleMs: 5000,
    });
  });

  it.each([
    ['mqtt broker', '不是有效的地址'],
    ['broker:1883', '只支持 mqtt://'],
    ['http://broker:1883', '只支持 mqtt://'],
    ['mqtt://ops:geheim@broker:1883', '不能包含账号密码'],
  ])('refuses MQTT_URL=%s with a message naming it (and never the password)', (value, why) => {
    expect(() => readServerConfigFromEnv({ MQTT_URL: value })).toThrow(why);
    expect(() => readServerConfigFromEnv({ MQTT_URL: value })).toThrow('MQTT_URL');
    try {
      readServerConfigFromEnv({ MQTT_URL: value });
    } catch (error) {
      expect(String(error)).not.toContain('geheim');
    }
  });

  it.each([
    [{ MQTT_URL: 'mqtt://b', MQTT_COMMAND_TIMEOUT_MS: 'soon' }, 'MQTT_COMMAND_TIMEOUT_MS'],
    [{ MQTT_URL: 'mqtt://b', MQTT_BATCH_ROWS: '-1' }, 'MQTT_BATCH_ROWS'],
    [{ MQTT_URL: 'mqtt://b', MQTT_USERNAME: 'a:b' }, 'MQTT_USERNAME'],
    [{ MQTT_URL: 'mqtt://b', MQTT_SESSION_STALE_MS: 'never' }, 'MQTT_SESSION_STALE_MS'],
  ])('refuses a bad MQTT setting %j', (env, name) => {
    expect(() => readServerConfigFromEnv(env)).toThrow(name);
  });
});

describe('without a broker', () => {
  it('uses the in-process simulator when no MQTT is configured, and writes no broker files', async () => {
    server = await testServer();
    await server.app.ready();
    expect(server.services.mqttGateway).toBeUndefined();
    const token = await server.login();
    const lamp = await server.services.ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'lamp')
      .where('online', '=', 1)
      .executeTakeFirstOrThrow();
    const reply = await server.api('POST', '/device/control/execute', {
      token,
      body: { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: lamp.device_id },
    });
    expect(reply.body).toMatchObject({ code: 200, msg: '开灯：1 台设备执行成功' });
    expect(existsSync(join(server.dataDir, 'mqtt'))).toBe(false);
  });

  it.each([
    ['a port nobody listens on', async () => `mqtt://127.0.0.1:${await freePort()}`, '连接被拒绝（代理未启动或端口不对）'],
    ['a host that does not exist', async () => 'mqtt://no-such-broker.invalid:1883', '找不到主机'],
  ])(
    'starts and serves with a configured broker at %s: logged in Chinese, retried, commands say the gateway is not connected',
    async (_label, url, reason) => {
      const logs: { level: number; msg: string }[] = [];
      server = await testServer({
        mqtt: { url: await url(), reconnectMs: 100 },
        logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) } },
      });
      await server.app.ready();
      await waitFor(() => logs.some((line) => line.msg.startsWith('无法连接 MQTT 代理')), 'the failure is logged');
      const failure = logs.find((line) => line.msg.startsWith('无法连接 MQTT 代理'))!;
      expect(failure).toMatchObject({ level: 50, msg: expect.stringContaining(`：${reason}，0.1 秒后重试`) });
      // Retried every 100 ms; the same failure is logged once, not on every attempt.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(logs.filter((line) => line.msg === failure.msg)).toHaveLength(1);
      expect(server.services.mqttGateway!.connected).toBe(false);
      const token = await server.login();
      const lamp = await server.services.ctx.db
        .selectFrom('devices')
        .select(['device_id', 'name'])
        .where('tenant_id', '=', 1)
        .where('kind', '=', 'lamp')
        .where('online', '=', 1)
        .executeTakeFirstOrThrow();
      const reply = await server.api('POST', '/device/control/execute', {
        token,
        body: { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: lamp.device_id },
      });
      expect(reply.body).toEqual({ code: 500, msg: `开灯失败：${lamp.name} 设备网关未连接，命令未发送` });
      // The broker's files are there for whoever starts it.
      expect(existsSync(join(server.dataDir, 'mqtt', 'passwd'))).toBe(true);
      expect(existsSync(join(server.dataDir, 'mqtt', 'acl'))).toBe(true);
    },
  );
});
