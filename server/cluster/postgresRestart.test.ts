import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createServer } from '../createServer';
import { devicePassword, deviceUsername, loadSecret } from '../mqtt/credentials';
import { freePort, mosquittoAvailability, startMosquitto, type RunningBroker } from '../mqtt/testing/mosquitto';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../testing/postgresCluster';
import { listening, pushClient, waitFor, type Received } from '../testing/pushTestClient';

// PostgreSQL goes down (a crash: pg_ctl -m immediate) and comes back while alarms are raised and
// devices report over MQTT: afterwards every committed alarm reached every connected client exactly
// once, in order; every alarm the server acknowledged is committed; every device's last acknowledged
// report is stored. The cluster is this file's own (the run's shared one must not go down).
const onPostgres = Boolean(inject('postgresAdminUrl'));
const withBroker = mosquittoAvailability().run;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!onPostgres || !withBroker)('a PostgreSQL restart while alarms and telemetry flow', () => {
  it('loses nothing: alarms reach every client once and in order, acknowledged reports are stored', { timeout: 120_000 }, async () => {
    const binDir = findPostgresBinDir();
    if (!binDir) throw new Error('找不到 PostgreSQL 服务端程序');
    const cluster: TestCluster = await startTestCluster(binDir, { durable: true });
    cleanups.push(() => cluster.stop());
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('create database ops_restart');
    await admin.end();
    const databaseUrl = cluster.urlOf('ops_restart');

    const dataDir = mkdtempSync(join(tmpdir(), 'ops-pg-restart-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const brokerPort = await freePort();
    const app = await createServer({
      dataDir,
      databaseUrl,
      simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 0.1, alarmsPerMinute: 0 },
      mqtt: { url: `mqtt://127.0.0.1:${brokerPort}`, batchMs: 100, batchRows: 100, reconnectMs: 200 },
      cluster: { listenerRetryMs: 200, leaderRetryMs: 500 },
    });
    cleanups.push(() => app.app.close());
    const target = await listening(app.app);
    const files = app.services.mqttGateway!.brokerFiles!;
    const broker: RunningBroker = await startMosquitto({
      dir: join(dataDir, 'mqtt'),
      passwordFile: files.passwordFile,
      aclFile: files.aclFile,
      port: brokerPort,
    });
    cleanups.push(() => broker.stop());
    await app.services.mqttGateway!.whenConnected();

    const login = (await (await fetch(`${target.api}/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };
    const start = await app.services.pushHub.lastSeq(1);
    const clients = [pushClient(target, login.token), pushClient(target, login.token)];
    for (const { client } of clients) client.start(1);
    cleanups.push(() => clients.forEach(({ client }) => client.stop()));
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Alarms, one after another, as devices raise them; an error answer is not an acknowledgement.
    const acknowledged: number[] = [];
    let refused = 0;
    let raising = true;
    const raiser = (async () => {
      for (let index = 0; raising; index++) {
        try {
          const alarm = await app.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: `数据库重启 ${index}` });
          acknowledged.push(alarm.alarmId);
        } catch {
          refused++;
        }
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();

    // Three lamps report energy readings 1, 2, 3 … with QoS 1.
    const secret = loadSecret(dataDir, { create: false });
    const lamps = await app.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'tenant_id', 'code'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'lamp')
      .orderBy('device_id')
      .limit(3)
      .execute();
    const devices: MqttClient[] = await Promise.all(
      lamps.map((lamp) =>
        mqtt.connectAsync(broker.url, {
          username: deviceUsername(lamp.tenant_id, lamp.code),
          password: devicePassword(secret, lamp.tenant_id, lamp.code),
          protocolVersion: 5,
          reconnectPeriod: 100,
        }),
      ),
    );
    cleanups.push(() => Promise.all(devices.map((device) => device.endAsync(true))).then(() => undefined));
    const acked = lamps.map(() => 0);
    let reporting = true;
    const reporters = lamps.map(async (lamp, index) => {
      for (let value = 1; reporting; value++) {
        await devices[index]!.publishAsync(`ops/${lamp.tenant_id}/${lamp.code}/telemetry`, JSON.stringify({ values: { energy: value } }), {
          qos: 1,
        });
        acked[index] = value;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = acknowledged.length;
    await cluster.restart('immediate', 1500);
    await waitFor(() => acknowledged.length > before + 30, 30_000, '数据库恢复后告警继续提交');
    raising = false;
    reporting = false;
    await raiser;
    await Promise.all(reporters);

    // Every committed alarm, every client, once, in order.
    const rows = await app.services.ctx.db
      .selectFrom('push_log')
      .select(['seq', 'payload'])
      .where('tenant_id', '=', 1)
      .where('seq', '>', start)
      .orderBy('seq')
      .execute();
    const committed: Received[] = rows.map((row) => ({
      seq: row.seq,
      alarmId: (JSON.parse(row.payload) as { data: { alarmId?: number } }).data.alarmId,
    }));
    await waitFor(() => clients.every(({ inbox }) => inbox.length >= committed.length), 20_000, '每个客户端收到全部已提交的告警');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const { inbox } of clients) expect(inbox).toEqual(committed);
    const committedIds = new Set(committed.map((message) => message.alarmId));
    expect(acknowledged.every((id) => committedIds.has(id))).toBe(true);
    expect(refused).toBeGreaterThan(0);

    // Every lamp's last acknowledged reading is stored (reports taken while the database was down were waited on, not dropped).
    for (const [index, lamp] of lamps.entries()) {
      await waitFor(
        async () => {
          const row = await app.services.ctx.db
            .selectFrom('devices')
            .select('telemetry')
            .where('device_id', '=', lamp.device_id)
            .executeTakeFirstOrThrow();
          return (JSON.parse(row.telemetry) as { energy?: number }).energy === acked[index];
        },
        20_000,
        `路灯 ${lamp.code} 的最后一条已确认读数 ${acked[index]} 已写入`,
      );
    }
    expect(app.services.mqttGateway!.ingest.stats.dropped).toBe(0);
    console.info(
      `[pg-restart] 提交 ${committed.length} 条告警（确认 ${acknowledged.length}，数据库不可用时拒绝 ${refused}）；遥测写入 ${app.services.mqttGateway!.ingest.stats.reportsWritten} 条`,
    );
  });
});
