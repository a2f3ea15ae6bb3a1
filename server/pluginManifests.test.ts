import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from './testing/testServer';

describe('DISABLED_PLUGINS on the server', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await testServer({ smsDevEndpoint: true, appConfig: { disabledPlugins: ['device:wifi', 'alarm:smoke'] } });
    token = await server.login('ADMIN-2026-DEMO');
  });
  afterAll(async () => server.close());

  it('leaves a switched-off device kind out everywhere: no menu, no devices, no commands', async () => {
    expect((await server.api('GET', '/devi/aep/child?deviceType=wifi', { token })).body).toEqual({
      code: 400,
      msg: '未知的设备类型：wifi',
    });
    const routers = (await server.api('GET', '/getRouters?platformCode=twin_platform', { token })).body.data as {
      name: string;
      children: { name: string }[];
    }[];
    const devicePages = routers.find((module) => module.name === 'device')!.children.map((child) => child.name);
    expect(devicePages).toContain('lamp');
    expect(devicePages).not.toContain('wifi');
    const kinds = (await server.api('GET', '/devi/aep/summary', { token })).body.data as { kind: string }[];
    expect(kinds.map((row) => row.kind)).not.toContain('wifi');
  });

  it('and a switched-off alarm type is no longer known to the alarm service', async () => {
    const reply = await server.api('POST', '/dev/alarm/raise', { body: { tenantId: 1, alarmType: 'SMOKE', content: '测试' }, json: true });
    expect(reply.body).toEqual({ code: 400, msg: '未知的告警类型：SMOKE' });
  });
});
