import { describe, expect, it } from 'vitest';
import { setupTestServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

/** The walkie-talkie kind's commands (plugins/device/walkie/plugin.json), through the ordinary control path and the simulator. */
describe('walkie-talkie calls', () => {
  const execute = (body: Record<string, unknown>) =>
    server.api('POST', '/device/control/execute', {
      token,
      json: true,
      body: { deviceType: 'DEVI_INTERCOM', commandType: 'intercom', ...body },
    });

  it('calls a peer (通话中), group-calls, hangs up (空闲), and shows it in the device state', async () => {
    const walkie = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'state'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'walkie')
      .where('online', '=', 1)
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const deviceIds = [walkie.device_id];
    const state = async () =>
      (
        (await server.api('GET', `/devi/aep/child?deviceType=walkie&pageSize=500`, { token })).body.rows as {
          deviceId: number;
          state: Record<string, unknown>;
        }[]
      ).find((row) => row.deviceId === walkie.device_id)!.state;

    expect((await execute({ command: 20, deviceIds, params: { peer: '值班员张敏' } })).body).toMatchObject({
      code: 200,
      msg: '呼叫：1 台设备执行成功',
    });
    expect(await state()).toMatchObject({ call: 'talking', peer: '值班员张敏' });
    expect((await execute({ command: 22, deviceIds, params: { group: '巡逻一组' } })).body.code).toBe(200);
    expect(await state()).toMatchObject({ call: 'group', peer: '巡逻一组' });
    expect((await execute({ command: 21, deviceIds })).body).toMatchObject({ code: 200, msg: '挂断：1 台设备执行成功' });
    expect(await state()).toMatchObject({ call: 'idle', peer: '' });
  });

  it('refuses a call without a peer, and a hang-up with parameters', async () => {
    const walkie = await server.services.ctx.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'walkie')
      .executeTakeFirstOrThrow();
    expect((await execute({ command: 20, deviceIds: [walkie.device_id], params: {} })).body).toMatchObject({
      code: 400,
      msg: expect.stringContaining('命令参数不正确'),
    });
    expect((await execute({ command: 21, deviceIds: [walkie.device_id], params: { peer: 'x' } })).body).toEqual({
      code: 400,
      msg: '命令 挂断 不接受参数',
    });
  });
});
