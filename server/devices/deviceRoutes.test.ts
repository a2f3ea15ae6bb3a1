import type { DeviceRow } from '../../contracts/devices';
import { describe, expect, it } from 'vitest';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { storedPushesFailingTheirTopic } from '../testing/storedPushesFailingTheirTopic';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

type Row = DeviceRow;
type ListBody = { code: number; msg: string; rows: Row[]; total: number };

const get = async (url: string, as = token) =>
  (await server.api('GET', url, { token: as })).body as unknown as ListBody & { data: unknown };
const control = async (body: Record<string, unknown>, as = token) =>
  (await server.api('POST', '/device/control/execute', { token: as, body })).body;
const lastLog = async () =>
  await server.app.ctx.db.selectFrom('command_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const setOnline = (deviceId: number, online: boolean) =>
  server.app.ctx.db
    .updateTable('devices')
    .set({ online: online ? 1 : 0 })
    .where('device_id', '=', deviceId)
    .execute();

describe('device lists', () => {
  it('lists a kind by brand code or page name, paged, with live status and telemetry', async () => {
    const byBrand = await get('/devi/aep/child?deviceType=DEVICE_LAMPPOST&pageNum=1&pageSize=10');
    expect(byBrand.total).toBeGreaterThanOrEqual(50);
    expect(byBrand.rows).toHaveLength(10);
    expect(byBrand.rows[0]).toMatchObject({ kind: 'lamp', state: { power: 'off', brightness: 80 } });
    expect(Object.keys(byBrand.rows[0]!.telemetry)).toEqual(['voltage', 'current', 'energy']);
    const byPage = await get('/devi/aep/child?deviceType=lamp&pageNum=2&pageSize=10');
    expect(byPage.total).toBe(byBrand.total);
    expect(byPage.rows[0]!.deviceId).not.toBe(byBrand.rows[0]!.deviceId);
    const cameras = await get('/monitor/child?pageSize=5');
    expect(cameras.rows.every((row) => row.kind === 'camera')).toBe(true);
    expect((await get('/devi/aep/child?deviceType=9980')).rows[0]!.kind).toBe('camera');
  });

  it('searches by name or code and filters by online state', async () => {
    const found = await get(`/devi/aep/search?deviceType=lamp&keyword=${encodeURIComponent('江南大道')}&pageSize=100`);
    expect(found.total).toBeGreaterThan(0);
    expect(found.rows.every((row) => row.deviceName.includes('江南大道'))).toBe(true);
    expect((await get(`/devi/aep/search?deviceType=lamp&keyword=${encodeURIComponent('%')}`)).total).toBe(0);
    const offline = await get('/devi/aep/child?deviceType=lamp&online=0&pageSize=500');
    expect(offline.rows.every((row) => !row.online)).toBe(true);
  });

  it('pages every filter with its own total, past the last page too, and shows a write at once', async () => {
    const db = server.app.ctx.db;
    const lamps = await db
      .selectFrom('devices')
      .selectAll()
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'lamp')
      .orderBy('device_id')
      .execute();
    const all = await get('/devi/aep/child?deviceType=lamp&pageSize=500');
    expect(all.rows.map((row) => row.deviceId)).toEqual(lamps.map((lamp) => lamp.device_id));
    expect(all.total).toBe(lamps.length);
    expect(await get(`/devi/aep/child?deviceType=lamp&pageNum=${lamps.length}&pageSize=1`)).toMatchObject({
      code: 200,
      total: lamps.length,
      rows: [{ deviceId: lamps.at(-1)!.device_id }],
    });
    expect(await get(`/devi/aep/child?deviceType=lamp&pageNum=${lamps.length + 1}&pageSize=1`)).toEqual({
      code: 200,
      msg: '查询成功',
      rows: [],
      total: lamps.length,
    });
    // Keyword (name or code, ASCII letters in either case) and online state together.
    const code = lamps[3]!.code.toLowerCase();
    const online = lamps[3]!.online;
    const matching = lamps.filter(
      (lamp) => (lamp.name.toLowerCase().includes(code) || lamp.code.toLowerCase().includes(code)) && lamp.online === online,
    );
    expect(await get(`/devi/aep/search?deviceType=lamp&keyword=${code}&online=${online}`)).toMatchObject({
      total: matching.length,
      rows: matching.map((lamp) => ({ deviceId: lamp.device_id })),
    });
    // A group's members, with online state.
    const group = (await get('/devi/web/lightgroup/list')).data as { groupId: number }[];
    const members = await db
      .selectFrom('device_group_members')
      .innerJoin('devices', 'devices.device_id', 'device_group_members.device_id')
      .select(['devices.device_id', 'devices.online'])
      .where('group_id', '=', group[0]!.groupId)
      .orderBy('devices.device_id')
      .execute();
    const onlineMembers = members.filter((member) => member.online === 1);
    expect(await get(`/devi/aep/child?deviceType=light&groupId=${group[0]!.groupId}&online=1&pageSize=500`)).toMatchObject({
      total: onlineMembers.length,
      rows: onlineMembers.map((member) => ({ deviceId: member.device_id })),
    });
    // Written, then listed: nothing of the list is kept between requests.
    await db
      .updateTable('devices')
      .set({ name: '刚改名的灯杆', telemetry: JSON.stringify({ voltage: 1 }) })
      .where('device_id', '=', lamps[0]!.device_id)
      .execute();
    expect((await get('/devi/aep/child?deviceType=lamp&pageSize=1')).rows[0]).toMatchObject({
      deviceId: lamps[0]!.device_id,
      deviceName: '刚改名的灯杆',
      telemetry: { voltage: 1 },
    });
    await setOnline(lamps[0]!.device_id, lamps[0]!.online !== 1);
    expect((await get(`/devi/aep/child?deviceType=lamp&online=${lamps[0]!.online}&pageSize=500`)).total).toBe(
      lamps.filter((lamp) => lamp.online === lamps[0]!.online).length - 1,
    );
  });

  it('summarises devices per kind for the catalogue', async () => {
    const summary = (await get('/devi/aep/summary')).data as { kind: string; total: number; online: number }[];
    expect(summary).toHaveLength(33);
    const lamp = summary.find((entry) => entry.kind === 'lamp')!;
    expect(lamp.total).toBe((await get('/devi/aep/child?deviceType=lamp')).total);
    expect(lamp.online).toBe((await get('/devi/aep/child?deviceType=lamp&online=1')).total);
  });

  it('lists groups and their members', async () => {
    const groups = (await get('/devi/web/lightgroup/list')).data as { groupId: number; deviceCount: number; kind: string }[];
    expect(groups).toHaveLength(3);
    expect(groups.every((group) => group.kind === 'light')).toBe(true);
    const members = await get(`/devi/aep/groupChild?groupId=${groups[0]!.groupId}&pageSize=100`);
    expect(members.total).toBe(groups[0]!.deviceCount);
    expect(((await get('/led/grouplist')).data as { kind: string }[])[0]!.kind).toBe('screen');
  });

  it.each([
    ['/devi/aep/child', '请指定设备类型'],
    ['/devi/aep/child?deviceType=DEVICE_NOPE', '未知的设备类型：DEVICE_NOPE'],
    ['/devi/aep/child?deviceType=lamp&pageSize=0', '每页条数必须是正整数'],
    ['/devi/aep/child?deviceType=lamp&pageSize=501', '每页条数不能超过 500'],
    ['/devi/aep/child?deviceType=lamp&pageNum=abc', '页码必须是正整数'],
    ['/devi/aep/child?deviceType=lamp&online=2', '在线状态只能是 0 或 1'],
    [`/devi/aep/search?deviceType=lamp&keyword=${'x'.repeat(51)}`, '搜索关键字不能超过 50 个字符'],
    ['/devi/aep/groupChild', '请指定分组'],
  ])('refuses %s with %s', async (url, msg) => {
    expect(await get(url)).toMatchObject({ code: 400, msg });
  });
});

describe('tenant isolation', () => {
  it('never shows another tenant its devices or groups', async () => {
    const scenicToken = await server.login('ADMIN-2026-DEMO');
    await server.api('POST', '/tenantLogin', { token: scenicToken, body: { tenantId: 2 } });
    const cityLamps = await get('/devi/aep/child?deviceType=lamp&pageSize=500');
    const scenicLamps = await get('/devi/aep/child?deviceType=lamp&pageSize=500', scenicToken);
    const cityIds = new Set(cityLamps.rows.map((row) => row.deviceId));
    expect(scenicLamps.rows.some((row) => cityIds.has(row.deviceId))).toBe(false);
    const cityDevice = cityLamps.rows[0]!.deviceId;
    expect(await get(`/devi/aep/info?deviceId=${cityDevice}`, scenicToken)).toMatchObject({ code: 404, msg: `设备不存在：${cityDevice}` });
    const cityGroup = ((await get('/devi/web/lightgroup/list')).data as { groupId: number }[])[0]!.groupId;
    expect(await get(`/devi/aep/groupChild?groupId=${cityGroup}`, scenicToken)).toMatchObject({ code: 404 });
  });

  it("refuses to control another tenant's device and changes nothing", async () => {
    const scenicToken = await server.login('ADMIN-2026-DEMO');
    await server.api('POST', '/tenantLogin', { token: scenicToken, body: { tenantId: 2 } });
    const cityLamp = (await get('/devi/aep/child?deviceType=lamp&online=1')).rows[0]!;
    const reply = await control({ command: 1, deviceType: 'DEVICE_LAMPPOST', deviceIds: cityLamp.deviceId }, scenicToken);
    expect(reply).toEqual({ code: 404, msg: `设备不存在：${cityLamp.deviceId}` });
    expect(((await get(`/devi/aep/info?deviceId=${cityLamp.deviceId}`)).data as Row).state.power).toBe('off');
    expect(await lastLog()).toMatchObject({ tenant_id: 2, outcome: 'refused', message: `设备不存在：${cityLamp.deviceId}` });
  });
});

describe('POST /device/control/execute', () => {
  // Hole 2 of the security issue: a JSON `true` turned a lamp on, deep params answered 500.
  it.each([true, false, null, [1], '1', 1.5])('refuses command %j in a JSON body and runs nothing', async (command) => {
    const lamp = (await get('/devi/aep/child?deviceType=lamp&online=1')).rows[0]!;
    const logged = (
      await server.app.ctx.db
        .selectFrom('command_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const reply = await server.api('POST', '/device/control/execute', {
      token,
      json: true,
      body: { command, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: [lamp.deviceId] },
    });
    expect(reply.body).toEqual({ code: 400, msg: '命令编号必须是非负整数' });
    expect(((await get(`/devi/aep/info?deviceId=${lamp.deviceId}`)).data as Row).state).toEqual(lamp.state);
    expect(
      (
        await server.app.ctx.db
          .selectFrom('command_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(logged);
  });

  it('refuses deeply nested params (60 KB, under the body limit) with a clear message, not a 500', async () => {
    const lamp = (await get('/devi/aep/child?deviceType=lamp&online=1')).rows[0]!;
    const payload = `{"command":2,"deviceType":"DEVICE_LAMPPOST","commandType":"light","deviceIds":[${lamp.deviceId}],"params":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    expect(payload.length).toBeGreaterThan(60_000);
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/device/control/execute',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    });
    expect(reply.json()).toEqual({ code: 400, msg: '请求参数嵌套过深（最多 8 层）' });
  });

  it('turns a whole light group on and off with the spec defaults (DEVICE_LAMP_RSKW, light)', async () => {
    const group = ((await get('/devi/web/lightgroup/list')).data as { groupId: number }[])[0]!;
    const members = (await get(`/devi/aep/groupChild?groupId=${group.groupId}&pageSize=100`)).rows;
    for (const member of members) await setOnline(member.deviceId, true);
    const on = await control({ command: 1, groupId: group.groupId });
    expect(on.code).toBe(200);
    expect(on.msg).toBe(`开灯：${members.length} 台设备执行成功`);
    expect((await get(`/devi/aep/groupChild?groupId=${group.groupId}&pageSize=100`)).rows.every((row) => row.state.power === 'on')).toBe(
      true,
    );
    expect((await lastLog()).outcome).toBe('ok');
    const off = await control({ command: 0, groupIds: String(group.groupId), deviceType: 'DEVICE_LAMP_RSKW', commandType: 'light' });
    expect(off.code).toBe(200);
    expect((await get(`/devi/aep/groupChild?groupId=${group.groupId}&pageSize=100`)).rows.every((row) => row.state.power === 'off')).toBe(
      true,
    );
  });

  it('applies parameters as state', async () => {
    const lamp = (await get('/devi/aep/child?deviceType=lamp&online=1')).rows[0]!;
    const reply = await control({
      command: 2,
      deviceType: 'DEVICE_LAMPPOST',
      commandType: 'light',
      deviceIds: String(lamp.deviceId),
      params: JSON.stringify({ brightness: 35 }),
    });
    expect(reply.code).toBe(200);
    expect(((await get(`/devi/aep/info?deviceId=${lamp.deviceId}`)).data as Row).state.brightness).toBe(35);
  });

  it('reports an offline device clearly, changes nothing and logs it', async () => {
    const lamp = (await get('/devi/aep/child?deviceType=lamp&online=1')).rows[0]!;
    await setOnline(lamp.deviceId, false);
    const reply = await control({ command: 1, deviceType: 'DEVICE_LAMPPOST', deviceIds: lamp.deviceId });
    expect(reply).toEqual({ code: 500, msg: `开灯失败：${lamp.deviceName} 设备离线，命令未执行` });
    expect(((await get(`/devi/aep/info?deviceId=${lamp.deviceId}`)).data as Row).state.power).toBe('off');
    expect(await lastLog()).toMatchObject({ outcome: 'failed' });
  });

  it('reports a partly offline group per device', async () => {
    const group = ((await get('/devi/aep/groups?deviceType=lamp')).data as { groupId: number }[])[0]!;
    const members = (await get(`/devi/aep/groupChild?groupId=${group.groupId}&pageSize=100`)).rows;
    for (const member of members) await setOnline(member.deviceId, true);
    await setOnline(members[0]!.deviceId, false);
    const reply = await control({ command: 1, deviceType: 'lamp', groupId: group.groupId });
    expect(reply.msg).toBe(`开灯：${members.length - 1} 台成功，1 台失败`);
    const results = (reply.data as { results: { deviceId: number; success: boolean; message: string }[] }).results;
    expect(results.find((result) => result.deviceId === members[0]!.deviceId)).toMatchObject({
      success: false,
      message: '设备离线，命令未执行',
    });
    expect((await lastLog()).outcome).toBe('partial');
  });

  it.each([
    [{ command: 7, deviceType: 'DEVICE_LAMPPOST', deviceIds: 1 }, 400, '智慧灯杆不支持命令 7'],
    [
      { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'broadcast', deviceIds: 1 },
      400,
      '命令类型不匹配：命令 1（开灯）的类型是 light',
    ],
    [
      { command: 2, deviceType: 'DEVICE_LAMPPOST', deviceIds: 1, params: '{"brightness":500}' },
      400,
      '命令参数不正确：brightness 超出允许范围',
    ],
    [{ command: 2, deviceType: 'DEVICE_LAMPPOST', deviceIds: 1, params: '{}' }, 400, '命令参数不正确：brightness 缺少必填参数'],
    [{ command: 2, deviceType: 'DEVICE_LAMPPOST', deviceIds: 1, params: 'not json' }, 400, '命令参数必须是 JSON 对象'],
    [{ command: 1, deviceType: 'DEVICE_LAMPPOST', deviceIds: 1, params: '{"x":1}' }, 400, '命令 开灯 不接受参数'],
    [{ command: 1, deviceType: 'DEVICE_NOPE', deviceIds: 1 }, 400, '未知的设备类型：DEVICE_NOPE'],
    [{ command: 'on', deviceIds: 1 }, 400, '命令编号必须是非负整数'],
    [{ deviceIds: 1 }, 400, '命令编号必须是非负整数'],
    [{ command: 1, deviceType: 'DEVICE_LAMPPOST' }, 400, '请选择要控制的设备或分组'],
    [{ command: 1, deviceType: 'DEVICE_LAMPPOST', deviceIds: 'a,b' }, 400, '设备编号必须是正整数或以逗号分隔的正整数'],
    [{ command: 1, deviceType: 'DEVICE_LAMPPOST', deviceIds: 99999999 }, 404, '设备不存在：99999999'],
    [{ command: 1, deviceType: 'DEVICE_LAMPPOST', groupId: 99999 }, 404, '分组不存在：99999'],
  ] as [Record<string, unknown>, number, string][])('refuses %o', async (body, code, msg) => {
    const before = await server.app.ctx.db.selectFrom('devices').select(['device_id', 'state']).execute();
    const logged = (await server.app.ctx.db.selectFrom('command_log').select('id').execute()).length;
    expect(await control(body)).toEqual({ code, msg });
    expect(await server.app.ctx.db.selectFrom('devices').select(['device_id', 'state']).execute()).toEqual(before);
    // A request that names a command is logged as refused; one too malformed to read is not a command.
    const readable =
      Number.isInteger(Number(body.command)) &&
      body.command !== undefined &&
      !String(body.deviceIds ?? '').includes('a') &&
      body.params !== 'not json';
    const after = await server.app.ctx.db.selectFrom('command_log').selectAll().orderBy('id', 'desc').execute();
    if (readable) expect(after[0]).toMatchObject({ outcome: 'refused', message: msg });
    else expect(after).toHaveLength(logged);
  });

  it('refuses a device of another kind', async () => {
    const camera = (await get('/monitor/child')).rows[0]!;
    expect(await control({ command: 1, deviceType: 'DEVICE_LAMPPOST', deviceIds: camera.deviceId })).toEqual({
      code: 400,
      msg: `设备 ${camera.deviceName} 不是智慧灯杆`,
    });
  });

  it('needs a session', async () => {
    expect((await server.api('POST', '/device/control/execute', { body: { command: 1, deviceIds: 1 } })).body.code).toBe(401);
  });
});

describe('other device calls', () => {
  it('stops a broadcast', async () => {
    const speaker = (await get('/devi/aep/child?deviceType=DEVICE_VOICE&online=1')).rows[0]!;
    await control({
      command: 10,
      deviceType: 'DEVICE_VOICE',
      commandType: 'broadcast',
      deviceIds: speaker.deviceId,
      params: JSON.stringify({ content: '请游客注意安全' }),
    });
    expect(((await get(`/devi/aep/info?deviceId=${speaker.deviceId}`)).data as Row).state).toMatchObject({
      playing: 'on',
      content: '请游客注意安全',
    });
    const stop = await server.api('POST', '/voice/stopPlay', { token, body: { deviceIds: String(speaker.deviceId), type: 'broadcast' } });
    expect(stop.body.code).toBe(200);
    expect(((await get(`/devi/aep/info?deviceId=${speaker.deviceId}`)).data as Row).state.playing).toBe('off');
  });

  it("gives a guide screen's system info and refuses other devices", async () => {
    const guide = (await get('/devi/aep/child?deviceType=DEVICE_GUIDE')).rows[0]!;
    expect(((await get(`/guide/getSystemInfo?deviceId=${guide.deviceId}`)).data as { resolution: string }).resolution).toBe('1080x1920');
    const lamp = (await get('/devi/aep/child?deviceType=lamp')).rows[0]!;
    expect(await get(`/guide/getSystemInfo?deviceId=${lamp.deviceId}`)).toMatchObject({ code: 400 });
  });

  it('numbers orders per device type', async () => {
    const reply = await get('/system/order/deviceNo?deviceType=DEVICE_VOICE&orderType=play&playType=1');
    expect(String(reply.data)).toMatch(/^BROA-PLAY-\d{8}-\d{5}$/);
    expect(await get('/system/order/deviceNo?deviceType=DEVICE_VOICE')).toMatchObject({ code: 400, msg: '请指定指令类型' });
  });

  it("keeps telemetry inside each field's declared range while simulating", async () => {
    for (let round = 0; round < 5; round++) await server.app.simulator.tick();
    const envir = (await get('/devi/aep/child?deviceType=envir&pageSize=100')).rows;
    for (const row of envir) {
      expect(Number(row.telemetry.humidity)).toBeGreaterThanOrEqual(20);
      expect(Number(row.telemetry.humidity)).toBeLessThanOrEqual(95);
    }
  });
});

describe('device status pushes', () => {
  it('tells each tenant, on the push channel, which of its devices went on- or offline', async () => {
    const db = server.app.ctx.db;
    for (let round = 0; round < 15; round++) await server.app.simulator.tick();
    const logged = await db
      .selectFrom('push_log')
      .select(['tenant_id', 'event_type', 'payload'])
      .where('event_type', 'in', ['online_event', 'offline_event'])
      .orderBy('seq')
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    const last = new Map<number, { tenant: number; online: boolean; type: string }>();
    for (const row of logged) {
      const { data } = JSON.parse(row.payload) as { data: { deviceId: number; online: boolean; deviceName: string; kind: string } };
      expect(data.deviceName).toBeTruthy();
      last.set(data.deviceId, { tenant: row.tenant_id, online: data.online, type: row.event_type });
    }
    for (const [deviceId, event] of last) {
      const device = await db
        .selectFrom('devices')
        .select(['tenant_id', 'online'])
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow();
      expect({ tenant: device.tenant_id, online: device.online === 1 }).toEqual({ tenant: event.tenant, online: event.online });
      expect(event.type).toBe(event.online ? 'online_event' : 'offline_event');
    }
  });
});

describe('POST /devi/aep/position', () => {
  const move = async (body: unknown, as = token) =>
    (await server.api('POST', '/devi/aep/position', { token: as, body: body as Record<string, unknown> })).body;
  type Placed = { longitude: number; latitude: number };

  it('moves a device of the tenant to 8 decimals, and the map positions follow', async () => {
    const lamp = (await get('/devi/aep/child?deviceType=lamp')).rows[0]!;
    const reply = await move({ deviceId: lamp.deviceId, longitude: 106.123456789123, latitude: 29.987654321987 });
    expect(reply).toMatchObject({
      code: 200,
      msg: '位置已保存',
      data: { deviceId: lamp.deviceId, longitude: 106.12345679, latitude: 29.98765432 },
    });
    const positions = (await get('/devi/aep/positions')).data as (Placed & { deviceId: number })[];
    expect(positions.find((point) => point.deviceId === lamp.deviceId)).toMatchObject({ longitude: 106.12345679, latitude: 29.98765432 });
  });

  it.each([
    [{ longitude: 106, latitude: 29 }, '请指定设备'],
    [{ deviceId: 1, latitude: 29 }, '请提供经度'],
    [{ deviceId: 1, longitude: 190, latitude: 29 }, '经度应在 -180 到 180 之间'],
    [{ deviceId: 1, longitude: 106, latitude: -91 }, '纬度应在 -90 到 90 之间'],
    [{ deviceId: 1, longitude: 'east', latitude: 29 }, '经度必须是数字'],
    [{ deviceId: 1, longitude: true, latitude: 29 }, '经度必须是数字'],
    // Hole 3 of the security issue: these were saved as longitude null or 0.
    [{ deviceId: 1, longitude: 'Infinity', latitude: 29 }, '经度必须是数字'],
    [{ deviceId: 1, longitude: null, latitude: 29 }, '经度必须是数字'],
    [{ deviceId: 1, longitude: 106, latitude: null }, '纬度必须是数字'],
    [{ deviceId: 1, longitude: 106, latitude: '-Infinity' }, '纬度必须是数字'],
  ])('refuses %o with “%s” and moves nothing', async (body, msg) => {
    const before = (await get('/devi/aep/info?deviceId=1')).data as Placed;
    expect(await move(body)).toEqual({ code: 400, msg });
    expect((await get('/devi/aep/info?deviceId=1')).data as Placed).toMatchObject({
      longitude: before.longitude,
      latitude: before.latitude,
    });
  });

  it("does not move another tenant's device", async () => {
    const scenicToken = await server.login('ADMIN-2026-DEMO');
    await server.api('POST', '/tenantLogin', { token: scenicToken, body: { tenantId: 2 } });
    const cityLamp = (await get('/devi/aep/child?deviceType=lamp')).rows[0]!;
    const before = (await get(`/devi/aep/info?deviceId=${cityLamp.deviceId}`)).data as Placed;
    expect(await move({ deviceId: cityLamp.deviceId, longitude: 100, latitude: 20 }, scenicToken)).toEqual({
      code: 404,
      msg: `设备不存在：${cityLamp.deviceId}`,
    });
    expect((await get(`/devi/aep/info?deviceId=${cityLamp.deviceId}`)).data).toMatchObject(before);
  });
});

describe('pushes', () => {
  it('stored only messages whose data passes their topic schema (what the web app accepts)', async () => {
    expect(await storedPushesFailingTheirTopic(server.app.ctx.db)).toEqual([]);
  });
});
