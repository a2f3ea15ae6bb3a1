import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { databaseKey, databaseUrl, TestDatabases } from '../testing/testDatabases';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import type { PushMessage } from '../push/PushHub';
import { testServer, type TestServer } from '../testing/testServer';
import { devicePassword, deviceUsername, loadSecret, mosquittoPasswordHash } from './credentials';
import type { MqttDeviceGateway } from './MqttDeviceGateway';
import { MqttDeviceFleet, type FleetDevice } from './MqttDeviceFleet';
import { freePort, mosquittoAvailability, startMosquitto, type RunningBroker } from './testing/mosquitto';

const availability = mosquittoAvailability();

/** A broker account the tests publish through: it may write any device's topics (the broker's ACL lets no device do that). */
const PROBE = { username: 'test-probe', password: 'probe-secret' };

let server: TestServer;
let broker: RunningBroker;
let gateway: MqttDeviceGateway;
let fleet: MqttDeviceFleet;
let probe: MqttClient;
let token: string;
let secret: Buffer;
/** Tenant 1's online lamps in the fleet, one more online lamp that is not (it never answers), and a tenant 2 device. */
let lamps: FleetDevice[];
let silentLamp: FleetDevice;
let tenantTwo: FleetDevice;
const logs: { level: number; msg: string; reason?: string; topic?: string }[] = [];
const fleetLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`等待超时：${what}\n代理日志：\n${broker?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const row = (deviceId: number) =>
  server.services.ctx.db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).executeTakeFirstOrThrow();
const toFleetDevice = (device: Awaited<ReturnType<typeof row>>): FleetDevice => ({
  deviceId: device.device_id,
  tenantId: device.tenant_id,
  code: device.code,
  kind: device.kind,
  telemetry: JSON.parse(device.telemetry) as FleetDevice['telemetry'],
  state: JSON.parse(device.state) as FleetDevice['state'],
});
const deviceClient = (device: FleetDevice) =>
  mqtt.connectAsync(broker.url, {
    username: deviceUsername(device.tenantId, device.code),
    password: devicePassword(secret, device.tenantId, device.code),
    protocolVersion: 5,
    reconnectPeriod: 0,
    clientId: `test-${device.code}-${Date.now()}`,
  });

describe.skipIf(!availability.run)(
  `devices over a real MQTT broker (mosquitto)${availability.note ? `：${availability.note}` : ''}`,
  { timeout: 30_000 },
  () => {
    beforeAll(async () => {
      const port = await freePort();
      server = await testServer({
        mqtt: { url: `mqtt://127.0.0.1:${port}`, commandTimeoutMs: 800, batchMs: 150, batchRows: 50, reconnectMs: 200 },
        logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as (typeof logs)[number]) } },
      });
      gateway = server.services.mqttGateway!;
      // Ready: the broker's account files are written, and the server tries to connect; no broker yet.
      await server.app.ready();
      await waitFor(() => logs.some((line) => line.msg.startsWith('无法连接 MQTT 代理')), 'the unreachable broker is logged');
      const files = gateway.brokerFiles!;
      appendFileSync(files.passwordFile, `${PROBE.username}:${mosquittoPasswordHash(PROBE.password)}\n`);
      appendFileSync(files.aclFile, `user ${PROBE.username}\ntopic readwrite ops/#\n`);
      broker = await startMosquitto({ dir: join(server.dataDir, 'mqtt'), passwordFile: files.passwordFile, aclFile: files.aclFile, port });
      await Promise.race([
        gateway.whenConnected(),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`服务器未连上代理：\n${broker.output()}`)), 10_000)),
      ]);
      secret = loadSecret(server.dataDir, { create: false });
      token = await server.login();

      const db = server.services.ctx.db;
      const onlineLamps = await db
        .selectFrom('devices')
        .selectAll()
        .where('tenant_id', '=', 1)
        .where('kind', '=', 'lamp')
        .where('online', '=', 1)
        .orderBy('device_id')
        .limit(21)
        .execute();
      lamps = onlineLamps.slice(0, 20).map(toFleetDevice);
      silentLamp = toFleetDevice(onlineLamps[20]!);
      tenantTwo = toFleetDevice(
        await db
          .selectFrom('devices')
          .selectAll()
          .where('tenant_id', '=', 2)
          .where('kind', '=', 'lamp')
          .orderBy('device_id')
          .limit(1)
          .executeTakeFirstOrThrow(),
      );
      fleet = new MqttDeviceFleet({
        url: broker.url,
        catalog: loadDeviceCatalog(),
        devices: [...lamps, tenantTwo],
        password: (device) => devicePassword(secret, device.tenantId, device.code),
        tickMs: 0,
        log: fleetLog,
        seed: 7,
        // lamps[2] answers as an MQTT 3.1.1 device: on its plain ack topic with the id.
        plainAcks: (device) => device.deviceId === lamps[2]!.deviceId,
      });
      expect(await fleet.start()).toBe(21);
      probe = await mqtt.connectAsync(broker.url, { ...PROBE, protocolVersion: 5, reconnectPeriod: 0 });
      // The devices' "online" reports are written before the tests count anything.
      await waitFor(() => gateway.ingest.stats.reportsWritten >= 21, 'the fleet says it is online');
    }, 60_000);

    afterAll(async () => {
      await fleet?.stop();
      await probe?.endAsync();
      await server?.close();
      await broker?.stop();
    });

    it('reports an unreachable broker in Chinese and keeps retrying until it is there', () => {
      const unreachable = logs.filter((line) => line.msg.startsWith('无法连接 MQTT 代理'));
      expect(unreachable[0]!.msg).toMatch(
        /^无法连接 MQTT 代理 mqtt:\/\/127\.0\.0\.1:\d+：连接被拒绝（代理未启动或端口不对），0\.2 秒后重试$/,
      );
      expect(logs.some((line) => line.msg === `已连接 MQTT 代理 ${broker.url}`)).toBe(true);
    });

    it('stores telemetry in batches: hundreds of messages, a handful of transactions', async () => {
      const before = { ...gateway.ingest.stats };
      const transactions = vi.spyOn(server.services.ctx.db, 'transaction');
      const rounds = 15;
      for (let round = 0; round < rounds; round++) {
        await Promise.all(
          lamps.map((lamp, index) => fleet.report(lamp.deviceId, { voltage: 215 + round, current: Math.round(index * 10 + round) / 10 })),
        );
      }
      const messages = rounds * lamps.length;
      await waitFor(() => gateway.ingest.stats.reportsWritten - before.reportsWritten >= messages, 'all telemetry written');
      const batches = gateway.ingest.stats.batches - before.batches;
      const transactionCount = transactions.mock.calls.length;
      transactions.mockRestore();
      expect(gateway.ingest.stats.dropped - before.dropped).toBe(0);
      // 300 messages, at most 50 per batch: at least 6 transactions, and far fewer than one per message.
      expect(batches).toBeGreaterThanOrEqual(messages / 50);
      expect(batches).toBeLessThanOrEqual(20);
      expect(transactionCount).toBe(batches);
      // Each batch updates a device once, however many of its messages it holds.
      expect(gateway.ingest.stats.rowsWritten - before.rowsWritten).toBeLessThan(messages);
      for (const [index, lamp] of lamps.entries()) {
        const stored = JSON.parse((await row(lamp.deviceId)).telemetry) as Record<string, number>;
        expect(stored).toMatchObject({ voltage: 215 + rounds - 1, current: Math.round(index * 10 + rounds - 1) / 10 });
        // Fields the messages left out keep their value.
        expect(stored.energy).toBe(lamp.telemetry.energy);
      }
    });

    it('drops bad payloads whole, logging the reason, and writes nothing of them', async () => {
      const lamp = lamps[0]!;
      const topic = (channel: string, code = lamp.code, tenant = 1) => `ops/${tenant}/${code}/${channel}`;
      const cases: [string, string | Buffer, string][] = [
        [topic('telemetry'), 'not json {', '消息不是有效的 JSON'],
        [topic('telemetry'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), '消息不是 UTF-8 文本'],
        [topic('telemetry'), JSON.stringify({ values: { voltage: 'high' } }), '遥测字段 values.voltage 类型不正确（应为数值）'],
        [topic('telemetry'), JSON.stringify({ values: { voltage: 220, bogus: 1 } }), '遥测字段 bogus 未在设备类型中声明'],
        [topic('telemetry'), JSON.stringify({ voltage: 220 }), '缺少字段 values'],
        [topic('telemetry'), JSON.stringify({ values: {} }), '字段 values 长度或数量不正确'],
        [topic('telemetry'), JSON.stringify([1, 2]), '消息类型不正确（应为对象）'],
        // JSON.parse makes 1e999 Infinity: no number a column could hold.
        [topic('telemetry'), `{"values":{"voltage":1e999}}`, '字段 values.voltage 类型不正确（应为数值或文本或布尔值）'],
        [topic('telemetry'), JSON.stringify({ values: { voltage: 220, padding: 'x'.repeat(9000) } }), '消息过大'],
        [
          topic('telemetry', 'NO-SUCH-DEVICE'),
          JSON.stringify({ values: { voltage: 220 } }),
          '未知设备：租户 1 下没有编码为 NO-SUCH-DEVICE 的设备',
        ],
        [
          topic('telemetry', lamp.code, 2),
          JSON.stringify({ values: { voltage: 220 } }),
          `未知设备：租户 2 下没有编码为 ${lamp.code} 的设备`,
        ],
        [topic('status'), JSON.stringify({ online: 'yes' }), '字段 online 类型不正确（应为布尔值）'],
        [topic('alarm'), JSON.stringify({ alarmType: 'NO_SUCH_ALARM' }), '未知的告警类型：NO_SUCH_ALARM'],
        [topic('alarm'), JSON.stringify({ alarmType: 'LAMP_FAULT', grade: 'ALARM_GRADE_EXTREME' }), '字段 grade 不是可选值'],
        // Acks reach only the instance that sent the command (or whose id they name): one nobody waits for is dropped on both databases.
        [topic('ack'), JSON.stringify({ id: 'no-such-command', success: true }), '应答 no-such-command 没有等待中的命令（已超时）'],
        [
          `${topic('ack')}/${gateway.instanceKey}`,
          JSON.stringify({ id: `${gateway.instanceKey}_gone`, success: true }),
          `应答 ${gateway.instanceKey}_gone 没有等待中的命令（已超时）`,
        ],
        [topic('ack'), JSON.stringify({ success: true }), '缺少字段 id（MQTT 5 设备也可在关联数据 correlationData 中带回命令编号）'],
        [
          topic('ack'),
          JSON.stringify({ id: 'x', success: true, state: { power: { on: true } } }),
          '字段 state.power 类型不正确（应为数值或文本或布尔值）',
        ],
        [
          topic('ack'),
          JSON.stringify({ id: 'x', success: true, state: { selfDestruct: 'on' } }),
          '状态字段 selfDestruct 未在设备类型中声明',
        ],
        // (Topics outside the server's subscriptions never reach it; topics.test.ts checks the parser on those.)
        ['ops/abc/DEV/telemetry', '{}', '主题中的租户编号不正确：abc'],
      ];
      const before = await row(lamp.deviceId);
      const alarmsBefore = await server.services.ctx.db
        .selectFrom('alarms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const stats = { ...gateway.ingest.stats };
      const logged = logs.length;
      for (const [target, payload] of cases) await probe.publishAsync(target, payload, { qos: 1 });
      await waitFor(() => gateway.ingest.stats.dropped - stats.dropped >= cases.length, `every bad message dropped: ${cases.length}`);
      await gateway.ingest.flush();
      expect(gateway.ingest.stats.dropped - stats.dropped).toBe(cases.length);
      expect(gateway.ingest.stats.reports - stats.reports).toBe(0);
      expect(gateway.ingest.stats.batches - stats.batches).toBe(0);
      const reasons = logs.slice(logged).filter((line) => line.msg.startsWith('MQTT 消息已丢弃'));
      // One log line per message, with its reason (in arrival order, which need not be the order sent).
      expect(reasons).toHaveLength(cases.length);
      for (const [target, , reason] of cases)
        expect(reasons).toContainEqual(expect.objectContaining({ topic: target, reason: expect.stringContaining(reason) }));
      expect(reasons.every((line) => line.level === 40 && line.msg === `MQTT 消息已丢弃：${line.reason}`)).toBe(true);
      expect(await row(lamp.deviceId)).toEqual(before);
      expect(
        await server.services.ctx.db
          .selectFrom('alarms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ).toEqual(alarmsBefore);
      // Still serving: the next good message is stored.
      await fleet.report(lamp.deviceId, { voltage: 233.3 });
      await waitFor(
        async () => (JSON.parse((await row(lamp.deviceId)).telemetry) as { voltage: number }).voltage === 233.3,
        'a good message after the bad ones',
      );
    });

    it('sends a command from the HTTP route to the device topic and answers with the device ack', async () => {
      const lamp = lamps[1]!;
      const seen: { topic: string; body: Record<string, unknown>; responseTopic?: string; correlationData?: string }[] = [];
      await probe.subscribeAsync(`ops/1/${lamp.code}/command`, { qos: 1 });
      probe.on('message', (topic, payload, packet) => {
        if (topic.endsWith('/command'))
          seen.push({
            topic,
            body: JSON.parse(payload.toString()) as Record<string, unknown>,
            ...(packet.properties?.responseTopic ? { responseTopic: packet.properties.responseTopic } : {}),
            ...(packet.properties?.correlationData ? { correlationData: packet.properties.correlationData.toString() } : {}),
          });
      });
      const reply = await server.api('POST', '/device/control/execute', {
        token,
        body: {
          command: 2,
          deviceType: 'DEVICE_LAMPPOST',
          commandType: 'light',
          deviceIds: lamp.deviceId,
          params: JSON.stringify({ brightness: 37 }),
        },
      });
      expect(reply.body).toMatchObject({
        code: 200,
        msg: '调光：1 台设备执行成功',
        data: { results: [{ deviceId: lamp.deviceId, success: true, message: '执行成功', state: { brightness: 37, power: 'off' } }] },
      });
      // The id names this instance; the device answered on this instance's reply topic with the id as correlation data.
      expect(seen).toEqual([
        {
          topic: `ops/1/${lamp.code}/command`,
          body: { id: expect.stringMatching(/^[0-9a-f]{12}_[0-9a-f-]{36}$/), command: 2, commandType: 'light', params: { brightness: 37 } },
          responseTopic: `ops/1/${lamp.code}/ack/${gateway.instanceKey}`,
          correlationData: seen[0]?.body.id,
        },
      ]);
      expect(String(seen[0]!.body.id).startsWith(`${gateway.instanceKey}_`)).toBe(true);
      expect(fleet.commandsAnswered.get(lamp.deviceId)).toBe(1);
      expect(JSON.parse((await row(lamp.deviceId)).state)).toEqual({ power: 'off', brightness: 37 });
      await probe.unsubscribeAsync(`ops/1/${lamp.code}/command`);
    });

    it('reports 设备响应超时 for a device that never acks, while the others answer (one of them the MQTT 3.1.1 way)', async () => {
      const started = Date.now();
      const reply = await server.api('POST', '/device/control/execute', {
        token,
        body: {
          command: 1,
          deviceType: 'DEVICE_LAMPPOST',
          commandType: 'light',
          deviceIds: `${lamps[2]!.deviceId},${silentLamp.deviceId}`,
        },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(750);
      expect(reply.body).toMatchObject({ code: 200, msg: '开灯：1 台成功，1 台失败' });
      const results = (reply.body.data as { results: { deviceId: number; success: boolean; message: string }[] }).results;
      expect(results.find((result) => result.deviceId === silentLamp.deviceId)).toMatchObject({ success: false, message: '设备响应超时' });
      expect(results.find((result) => result.deviceId === lamps[2]!.deviceId)).toMatchObject({ success: true, message: '执行成功' });
      expect(JSON.parse((await row(silentLamp.deviceId)).state)).toEqual(silentLamp.state);
      const log = await server.services.ctx.db
        .selectFrom('command_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(log.outcome).toBe('partial');
      expect(JSON.parse(log.results)).toContainEqual(
        expect.objectContaining({ deviceId: silentLamp.deviceId, success: false, message: '设备响应超时' }),
      );
      // Alone, the silent lamp's timeout is the whole answer.
      const alone = await server.api('POST', '/device/control/execute', {
        token,
        body: { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: silentLamp.deviceId },
      });
      expect(alone.body).toEqual({ code: 500, msg: `开灯失败：${(await row(silentLamp.deviceId)).name} 设备响应超时` });
    });

    it("refuses a device of tenant 1 publishing into tenant 2's topics: the message never arrives", async () => {
      const intruder = await deviceClient(lamps[3]!);
      const observed: string[] = [];
      const watcher = await mqtt.connectAsync(broker.url, { ...PROBE, protocolVersion: 5, reconnectPeriod: 0, clientId: 'test-watcher' });
      await watcher.subscribeAsync('ops/#', { qos: 1 });
      watcher.on('message', (topic) => observed.push(topic));
      const victim = await row(tenantTwo.deviceId);
      const alarms = await server.services.ctx.db
        .selectFrom('alarms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', 2)
        .executeTakeFirstOrThrow();
      const received = gateway.ingest.stats.received;
      for (const channel of ['telemetry', 'alarm', 'status', 'ack']) {
        const body =
          channel === 'telemetry'
            ? { values: { voltage: 1 } }
            : channel === 'alarm'
              ? { alarmType: 'LAMP_FAULT' }
              : channel === 'status'
                ? { online: false }
                : { id: 'x', success: true };
        await expect(intruder.publishAsync(`ops/2/${tenantTwo.code}/${channel}`, JSON.stringify(body), { qos: 1 })).rejects.toMatchObject({
          code: 135,
        });
      }
      // Nor may it pose as another device of its own tenant, or read another device's commands.
      await expect(
        intruder.publishAsync(`ops/1/${lamps[4]!.code}/telemetry`, JSON.stringify({ values: { voltage: 1 } }), { qos: 1 }),
      ).rejects.toMatchObject({ code: 135 });
      // (Mosquitto grants the subscription but delivers nothing the ACL does not let it read.)
      const other = await server.services.ctx.db
        .selectFrom('devices')
        .select('code')
        .where('tenant_id', '=', 2)
        .where('code', '!=', tenantTwo.code)
        .limit(1)
        .executeTakeFirstOrThrow();
      await intruder.subscribeAsync(`ops/2/${other.code}/command`, { qos: 1 });
      const overheard: string[] = [];
      intruder.on('message', (topic) => overheard.push(topic));
      await probe.publishAsync(`ops/2/${other.code}/command`, JSON.stringify({ id: 'x', command: 1, commandType: 'light', params: {} }), {
        qos: 1,
      });
      // Its own topic works, and the watcher sees it: the silence above is the broker's refusal.
      await intruder.publishAsync(`ops/1/${lamps[3]!.code}/telemetry`, JSON.stringify({ values: { voltage: 222.2 } }), { qos: 1 });
      await waitFor(() => observed.includes(`ops/1/${lamps[3]!.code}/telemetry`), 'the device’s own message');
      expect(
        observed.filter((topic) => topic.includes(lamps[4]!.code) || (topic.startsWith('ops/2/') && !topic.endsWith('/command'))),
      ).toEqual([]);
      expect(observed).toContain(`ops/2/${other.code}/command`);
      expect(overheard).toEqual([]);
      await gateway.ingest.flush();
      expect(gateway.ingest.stats.received - received).toBe(1);
      expect(await row(tenantTwo.deviceId)).toEqual(victim);
      expect(
        await server.services.ctx.db
          .selectFrom('alarms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', 2)
          .executeTakeFirstOrThrow(),
      ).toEqual(alarms);
      // A wrong password gets no connection at all.
      await expect(
        mqtt.connectAsync(broker.url, {
          username: deviceUsername(1, lamps[3]!.code),
          password: 'guess',
          protocolVersion: 5,
          reconnectPeriod: 0,
        }),
      ).rejects.toMatchObject({ code: 135 });
      await intruder.endAsync();
      await watcher.endAsync();
    });

    it('stores an alarm a device publishes and pushes it to its tenant', async () => {
      const lamp = lamps[5]!;
      const pushed: PushMessage[] = [];
      const unsubscribe = server.services.pushHub.subscribe(1, (message) => pushed.push(message));
      await fleet.raiseAlarm(lamp.deviceId, { alarmType: 'LAMP_FAULT', content: '灯杆电流异常' });
      await waitFor(() => pushed.some((message) => message.eventType === 'DEVICE_ALARM'), 'the alarm is pushed');
      unsubscribe();
      const name = (await row(lamp.deviceId)).name;
      const stored = await server.services.ctx.db
        .selectFrom('alarms')
        .selectAll()
        .where('device_id', '=', lamp.deviceId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        tenant_id: 1,
        alarm_type: 'LAMP_FAULT',
        status: 'ALARM_STATUS_UNTREATED',
        content: `${name}：灯杆电流异常`,
      });
      expect(pushed.find((message) => message.eventType === 'DEVICE_ALARM')!.data).toMatchObject({
        alarmId: stored.alarm_id,
        deviceId: lamp.deviceId,
        alarmContent: `${name}：灯杆电流异常`,
        alarmTypeName: expect.any(String),
      });
      const detail = await server.api('GET', `/alarm/detail/${stored.alarm_id}`, { token });
      expect(detail.body).toMatchObject({ code: 200, data: { deviceId: lamp.deviceId, history: [{ action: 'raise' }] } });
    });

    it('marks a device that drops off offline (its last will) and tells its tenant', async () => {
      const lamp = lamps[6]!;
      const pushed: PushMessage[] = [];
      const unsubscribe = server.services.pushHub.subscribe(1, (message) => pushed.push(message));
      expect((await row(lamp.deviceId)).online).toBe(1);
      // The fleet's own connection of this lamp drops without a goodbye: the broker publishes its will.
      fleet.dropConnection(lamp.deviceId);
      await waitFor(async () => (await row(lamp.deviceId)).online === 0, 'offline by last will');
      await waitFor(() => pushed.some((message) => message.eventType === 'offline_event'), 'offline_event pushed');
      unsubscribe();
      expect(pushed.find((message) => message.eventType === 'offline_event')!.data).toMatchObject({
        deviceId: lamp.deviceId,
        online: false,
      });
      // A command to it now is refused at once, as by the simulator.
      const reply = await server.api('POST', '/device/control/execute', {
        token,
        body: { command: 1, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: lamp.deviceId },
      });
      expect(reply.body.msg).toContain('设备离线，命令未执行');
    });

    // A process of its own (tsx compiles the script first): on cores shared with the other suites its start takes most of a minute.
    it('runs the simulated fleet as MQTT devices from scripts/mqttDevices.ts', { timeout: 90_000 }, async () => {
      const before = gateway.ingest.stats.reportsWritten;
      // The script reads the devices from the server's own database: under server-pg, the one the test
      // setup made for this server's data directory; on SQLite, the file in DATA_DIR.
      const adminUrl = inject('postgresAdminUrl');
      const database = adminUrl
        ? { DATABASE_URL: databaseUrl(adminUrl, TestDatabases.nameFor(databaseKey({ dataDir: server.dataDir }))) }
        : {};
      const { DATABASE_URL: _unused, ...inherited } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mqttDevices.ts'], {
        env: {
          ...inherited,
          ...database,
          MQTT_URL: broker.url,
          DATA_DIR: server.dataDir,
          MQTT_DEVICE_LIMIT: '5',
          SIM_TICK_MS: '100',
          SIM_ALARMS_PER_MINUTE: '0',
          MQTT_REPORT_SHARE: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        await waitFor(() => output.includes('模拟设备已连接 MQTT 代理：5/5 台'), `the script connects its devices\n${output}`, 60_000);
        await waitFor(() => gateway.ingest.stats.reportsWritten - before >= 20, `the script's telemetry is written\n${output}`);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    });
  },
);
