import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../createServer';
import { testServer, type TestServer } from '../testing/testServer';

/**
 * One folder = one kind on the server too: a device folder copied into a plugins tree brings its
 * simulated alarms, its place among the responders and its system info, with no other file edited.
 */
const FIXTURE = 'server/testing/fixtures/patrol-beacon';

const dirs: string[] = [];
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of plugins/ with the fixture device folder dropped in (and `edit` applied to its manifest). */
function pluginsWithBeacon(edit: (manifest: { contributes: Record<string, unknown> }) => void = () => undefined): string {
  const pluginsDir = mkdtempSync(join(tmpdir(), 'ops-plugins-'));
  dirs.push(pluginsDir);
  cpSync('plugins', pluginsDir, { recursive: true });
  const folder = join(pluginsDir, 'device', 'patrol-beacon');
  cpSync(FIXTURE, folder, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(folder, 'plugin.json'), 'utf8')) as { contributes: Record<string, unknown> };
  edit(manifest);
  writeFileSync(join(folder, 'plugin.json'), JSON.stringify(manifest));
  return pluginsDir;
}

// Each test copies the plugin tree and starts a server: 30 s, as the menu sync test (2 shared cores in CI).
describe('a device folder declares what the server does with its kind', { timeout: 30_000 }, () => {
  it('the simulator raises the alarms its manifest lists (skipping a type no alarm plugin declares), with its text or the type name', async () => {
    server = await testServer({ pluginsDir: pluginsWithBeacon() });
    const { services } = server;
    expect(services.simulator.simulatedAlarms().get('patrolBeacon')).toEqual([
      { type: 'SMOKE', content: '信标检测到烟雾' },
      { type: 'ONE_KEY_ALARM', content: '一键报警' },
    ]);
    // The real kinds keep theirs, from their own manifests.
    expect(services.simulator.simulatedAlarms().get('smoke')).toEqual([{ type: 'SMOKE', content: '烟雾浓度超标' }]);
    // Only the beacons are online, so every simulated alarm is theirs.
    await services.ctx.db.updateTable('devices').set({ online: 0 }).where('kind', '!=', 'patrolBeacon').execute();
    await services.ctx.db.updateTable('devices').set({ online: 1 }).where('kind', '=', 'patrolBeacon').execute();
    expect(await services.simulator.raiseAlarms(12)).toBe(12);
    const alarms = await services.ctx.db
      .selectFrom('alarms as a')
      .innerJoin('devices as d', 'd.device_id', 'a.device_id')
      .select(['a.alarm_type', 'a.content', 'd.kind', 'd.name'])
      .execute();
    expect(alarms).toHaveLength(12);
    for (const alarm of alarms) {
      expect(alarm.kind).toBe('patrolBeacon');
      expect([`${alarm.name}：信标检测到烟雾`, `${alarm.name}：一键报警`]).toContain(alarm.content);
    }
    expect(new Set(alarms.map((alarm) => alarm.alarm_type))).toEqual(new Set(['SMOKE', 'ONE_KEY_ALARM']));
  });

  it('the emergency view lists devices of a kind marked responder, and /guide/getSystemInfo answers with its systemInfo', async () => {
    server = await testServer({ pluginsDir: pluginsWithBeacon(), smsDevEndpoint: true });
    const token = await server.login('ADMIN-2026-DEMO');
    const beacon = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'name'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'patrolBeacon')
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const raised = await server.api('POST', '/dev/alarm/raise', {
      body: { tenantId: 1, alarmType: 'SMOKE', deviceId: beacon.device_id, content: '应急测试' },
      json: true,
    });
    const alarmId = (raised.body.data as { alarmId: number }).alarmId;
    const emergency = (await server.api('GET', `/alarm/emergency/${alarmId}`, { token })).body.data as {
      nearbyDevices: { deviceId: number; kind: string }[];
    };
    expect(emergency.nearbyDevices).toContainEqual(expect.objectContaining({ deviceId: beacon.device_id, kind: 'patrolBeacon' }));
    expect(new Set(emergency.nearbyDevices.map((device) => device.kind))).toEqual(
      new Set(
        emergency.nearbyDevices.map((device) => device.kind).filter((kind) => ['camera', 'broad', 'screen', 'patrolBeacon'].includes(kind)),
      ),
    );
    const info = await server.api('GET', `/guide/getSystemInfo?deviceId=${beacon.device_id}`, { token });
    expect(info.body).toMatchObject({
      code: 200,
      data: { deviceId: beacon.device_id, deviceName: beacon.name, model: 'PB-1 巡检信标', resolution: '320x240', firmware: '0.9.1' },
    });
  });

  it('without the flag the same folder is no responder and has no system info', async () => {
    server = await testServer({
      pluginsDir: pluginsWithBeacon((manifest) => {
        delete manifest.contributes.responder;
        delete manifest.contributes.systemInfo;
        delete manifest.contributes.simulatedAlarms;
      }),
      smsDevEndpoint: true,
    });
    const token = await server.login('ADMIN-2026-DEMO');
    expect(server.services.simulator.simulatedAlarms().has('patrolBeacon')).toBe(false);
    const beacon = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'name'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'patrolBeacon')
      .orderBy('device_id')
      .executeTakeFirstOrThrow();
    const alarmId = (
      (await server.api('POST', '/dev/alarm/raise', { body: { tenantId: 1, alarmType: 'SMOKE', deviceId: beacon.device_id }, json: true }))
        .body.data as { alarmId: number }
    ).alarmId;
    const emergency = (await server.api('GET', `/alarm/emergency/${alarmId}`, { token })).body.data as {
      nearbyDevices: { kind: string }[];
    };
    expect(emergency.nearbyDevices.map((device) => device.kind)).not.toContain('patrolBeacon');
    expect((await server.api('GET', `/guide/getSystemInfo?deviceId=${beacon.device_id}`, { token })).body).toEqual({
      code: 400,
      msg: `设备 ${beacon.name} 不是导览屏`,
    });
  });

  it('refuses to start when a second kind declares the stop command or the control default, or a stop command it does not have', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-data-'));
    dirs.push(dataDir);
    await expect(
      createServer({ dataDir, pluginsDir: pluginsWithBeacon((manifest) => void (manifest.contributes.stopCommand = 1)) }),
    ).rejects.toThrow('device:patrol-beacon: stopCommand 1 不在它的 commands 中');
    await expect(
      createServer({
        dataDir,
        pluginsDir: pluginsWithBeacon((manifest) => {
          manifest.contributes.commands = [{ command: 1, label: '停止', commandType: 'broadcast' }];
          manifest.contributes.stopCommand = 1;
          manifest.contributes.controlDefault = true;
        }),
      }),
    ).rejects.toThrow(
      /stopCommand 只能由一种设备声明：device:broad、device:patrol-beacon\ncontrolDefault 只能由一种设备声明：device:light、device:patrol-beacon/,
    );
  });
});

describe('the dev alarm endpoint', () => {
  it('has no default alarm type: the caller names one of the alarm plugins', async () => {
    server = await testServer({ smsDevEndpoint: true });
    expect((await server.api('POST', '/dev/alarm/raise', { body: { tenantId: 1, content: '无类型' }, json: true })).body).toEqual({
      code: 400,
      msg: '请指定告警类型',
    });
    expect((await server.api('POST', '/dev/alarm/raise', { body: { tenantId: 1, alarmType: 'NO_SUCH_ALARM' }, json: true })).body).toEqual({
      code: 400,
      msg: '未知的告警类型：NO_SUCH_ALARM',
    });
    expect(await server.services.ctx.db.selectFrom('alarms').select('alarm_id').execute()).toHaveLength(0);
  });
});
