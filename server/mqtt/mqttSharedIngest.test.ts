import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { createServer, type Server } from '../createServer';
import { startOnSeededCopy } from '../testing/seededDatabases';
import { databaseKey, testDataRemoved } from '../testing/testDatabases';
import { devicePassword, deviceUsername, loadSecret, mosquittoPasswordHash } from './credentials';
import { MqttDeviceFleet, type FleetDevice } from './MqttDeviceFleet';
import { LeanDevice } from './testing/LeanDevice';
import { freePort, mosquittoAvailability, startMosquitto, type RunningBroker } from './testing/mosquitto';
import { deviceTopic } from './topics';

// Three instances on one PostgreSQL database and one Mosquitto, in this process: 30,000 telemetry
// messages from 500 devices (each its own account and connection, QoS 1) are each stored exactly once and
// spread over the instances by the broker's shared subscription; commands sent through every instance
// complete on that instance, whether the device answers on the command's response topic (MQTT 5) or
// on its plain ack topic (MQTT 3.1.1: the instance that gets it hands it to the sender), and no
// instance logs an ack that nobody waits for.
const availability = mosquittoAvailability();
const onPostgres = Boolean(inject('postgresAdminUrl'));
const INSTANCES = 3;
const MESSAGES = 30_000;
const LOAD_DEVICES = 500;
const PROBE = { username: 'test-probe', password: 'probe-secret' };

interface Running {
  server: Server;
  logs: { level: number; msg: string }[];
}

let dataDir: string;
let broker: RunningBroker;
const instances: Running[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`等待超时：${what}\n代理日志：\n${broker?.output().slice(-2000) ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const gatewayOf = (running: Running) => running.server.services.mqttGateway!;

describe.skipIf(!onPostgres || !availability.run)(
  `three instances share the MQTT ingest and get their own acks${availability.note ? `：${availability.note}` : ''}`,
  () => {
    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'ops-mqtt-shared-'));
      await startOnSeededCopy({}, dataDir);
      const port = await freePort();
      const config = {
        dataDir,
        clock: () => Date.now(),
        seedHistoryDays: 0,
        mqtt: { url: `mqtt://127.0.0.1:${port}`, commandTimeoutMs: 5000, batchMs: 100, batchRows: 500, reconnectMs: 200 },
      };
      for (let index = 0; index < INSTANCES; index++) {
        const logs: Running['logs'] = [];
        const server = await createServer({
          ...config,
          logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as Running['logs'][number]) } },
        });
        await server.app.ready();
        instances.push({ server, logs });
      }
      const files = gatewayOf(instances[0]!).brokerFiles!;
      appendFileSync(files.passwordFile, `${PROBE.username}:${mosquittoPasswordHash(PROBE.password)}\n`);
      appendFileSync(files.aclFile, `user ${PROBE.username}\ntopic readwrite ops/#\n`);
      broker = await startMosquitto({ dir: join(dataDir, 'mqtt'), passwordFile: files.passwordFile, aclFile: files.aclFile, port });
      await Promise.all(instances.map((running) => gatewayOf(running).whenConnected()));
    }, 60_000);

    afterAll(async () => {
      for (const running of instances) await running.server.app.close();
      await broker?.stop();
      if (dataDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await testDataRemoved(databaseKey({ dataDir }));
      }
    });

    it(
      'stores 30,000 messages once each, spread over the instances, while commands through each complete on it',
      { timeout: 90_000 },
      async () => {
        const db = instances[0]!.server.services.ctx.db;
        const secret = loadSecret(dataDir, { create: false });
        const catalog = loadDeviceCatalog();
        const numeric = (kind: string) =>
          (catalog.byPage(kind)?.telemetry ?? []).filter((field) => field.type === 'number').map((f) => f.key);
        const rows = await db.selectFrom('devices').selectAll().orderBy('device_id').execute();
        // Lamps answer commands (half of them the MQTT 3.1.1 way); other devices with a numeric field carry the load.
        const lamps = rows.filter((row) => row.kind === 'lamp' && row.online === 1 && row.tenant_id === 1).slice(0, 4 * INSTANCES);
        const load = rows.filter((row) => row.kind !== 'lamp' && numeric(row.kind).length > 0).slice(0, LOAD_DEVICES);
        expect(load).toHaveLength(LOAD_DEVICES);
        expect(lamps).toHaveLength(4 * INSTANCES);
        const perDevice = MESSAGES / LOAD_DEVICES;

        const asFleet = (row: (typeof rows)[number]): FleetDevice => ({
          deviceId: row.device_id,
          tenantId: row.tenant_id,
          code: row.code,
          kind: row.kind,
          telemetry: JSON.parse(row.telemetry) as FleetDevice['telemetry'],
          state: JSON.parse(row.state) as FleetDevice['state'],
        });
        const fleets = [false, true].map(
          (plainAcks) =>
            new MqttDeviceFleet({
              url: broker.url,
              catalog,
              devices: lamps.filter((_, index) => index % 2 === Number(plainAcks)).map(asFleet),
              password: (device) => devicePassword(secret, device.tenantId, device.code),
              tickMs: 0,
              log: quiet,
              plainAcks,
            }),
        );
        const clients = load.map(
          (row) =>
            new LeanDevice({
              host: '127.0.0.1',
              port: broker.port,
              clientId: deviceUsername(row.tenant_id, row.code),
              username: deviceUsername(row.tenant_id, row.code),
              password: devicePassword(secret, row.tenant_id, row.code),
              topic: deviceTopic(row.tenant_id, row.code, 'telemetry'),
            }),
        );
        try {
          for (const fleet of fleets) expect(await fleet.start()).toBe(2 * INSTANCES);
          expect((await Promise.all(clients.map((client) => client.connect(10_000)))).filter(Boolean)).toEqual([]);
          // The fleets' "online" reports are written before anything is counted.
          await waitFor(
            () => instances.reduce((sum, running) => sum + gatewayOf(running).ingest.stats.reportsWritten, 0) >= lamps.length,
            'the lamps say they are online',
          );
          const before = instances.map((running) => ({ ...gatewayOf(running).ingest.stats, forwarded: gatewayOf(running).acksForwarded }));

          // Each device publishes its reports one after another (each after the broker's PUBACK), the counter field 1…n.
          const publish = (from: number, to: number) =>
            Promise.all(
              load.map(async (row, index) => {
                const field = numeric(row.kind)[0]!;
                for (let count = from; count <= to; count++) {
                  const error = await clients[index]!.publish(JSON.stringify({ values: { [field]: count } }));
                  if (error) throw new Error(`${row.code} 第 ${count} 条发布失败：${error}`);
                }
              }),
            );
          const publishing = publish(1, perDevice - 1);
          // Meanwhile each instance sends each lamp of its own a command (two MQTT 5 lamps, two MQTT 3.1.1 ones).
          const token = (await instances[0]!.server.app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' })).json<{
            token: string;
          }>().token;
          const commands = instances.map(async (running, index) => {
            const own = lamps.slice(index * 4, index * 4 + 4);
            const reply = await running.server.app.inject({
              method: 'POST',
              url: '/api/device/control/execute',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              payload: {
                command: 2,
                deviceType: 'DEVICE_LAMPPOST',
                commandType: 'light',
                deviceIds: own.map((lamp) => lamp.device_id).join(','),
                params: JSON.stringify({ brightness: 40 + index }),
              },
            });
            return reply.json<{
              code: number;
              msg: string;
              data?: { results: { deviceId: number; success: boolean; message: string }[] };
            }>();
          });
          const replies = await Promise.all(commands);
          await publishing;

          const written = () =>
            instances
              .map((running, index) => gatewayOf(running).ingest.stats.reportsWritten - before[index]!.reportsWritten)
              .reduce((sum, count) => sum + count, 0);
          // Instances commit their batches in their own order: a device's reports handled by two instances at
          // once may land in either order. Its last one, sent once the others are stored, must win.
          await waitFor(() => written() >= MESSAGES - LOAD_DEVICES, `${MESSAGES - LOAD_DEVICES} messages written`);
          await publish(perDevice, perDevice);
          await waitFor(() => written() >= MESSAGES, `${MESSAGES} messages written`);
          await Promise.all(instances.map((running) => gatewayOf(running).ingest.flush()));
          const after = instances.map((running) => ({ ...gatewayOf(running).ingest.stats, forwarded: gatewayOf(running).acksForwarded }));
          const share = after.map((stats, index) => stats.reportsWritten - before[index]!.reportsWritten);
          console.info(`[mqttSharedIngest] ${MESSAGES} 条消息各实例写入：${share.join(' / ')}`);

          // Exactly once: as many written as published, none dropped, and every device's last report stored.
          expect(share.reduce((sum, count) => sum + count, 0)).toBe(MESSAGES);
          expect(after.map((stats, index) => stats.received - before[index]!.received).reduce((sum, count) => sum + count, 0)).toBe(
            MESSAGES +
              lamps.length /* one ack per lamp */ +
              after.reduce((sum, stats, index) => sum + stats.forwarded - before[index]!.forwarded, 0),
          );
          expect(after.map((stats, index) => stats.dropped - before[index]!.dropped)).toEqual([0, 0, 0]);
          for (const count of share) expect(count).toBeGreaterThan(0);
          const stored = await db
            .selectFrom('devices')
            .select(['device_id', 'kind', 'telemetry', 'online'])
            .where(
              'device_id',
              'in',
              load.map((row) => row.device_id),
            )
            .execute();
          for (const row of stored) {
            expect((JSON.parse(row.telemetry) as Record<string, number>)[numeric(row.kind)[0]!]).toBe(perDevice);
            expect(row.online).toBe(1);
          }

          // Every command completed on the instance that sent it: acks settled there (forwarded ones not counted).
          for (const [index, reply] of replies.entries()) {
            expect(reply).toMatchObject({ code: 200 });
            expect(reply.data?.results.map((result) => [result.success, result.message])).toEqual(Array(4).fill([true, '执行成功']));
            const settled = after[index]!.acks - before[index]!.acks - (after[index]!.forwarded - before[index]!.forwarded);
            expect(settled).toBe(4);
          }
          for (const [index, lamp] of lamps.entries()) {
            const row = await db.selectFrom('devices').select('state').where('device_id', '=', lamp.device_id).executeTakeFirstOrThrow();
            expect(JSON.parse(row.state)).toMatchObject({ brightness: 40 + Math.floor(index / 4) });
          }
          for (const running of instances)
            expect(running.logs.filter((line) => line.msg.includes('没有等待中的命令') || line.msg.includes('MQTT 消息已丢弃'))).toEqual(
              [],
            );
        } finally {
          await Promise.all(clients.map((client) => client.end().catch(() => undefined)));
          for (const fleet of fleets) await fleet.stop();
        }
      },
    );
  },
);
