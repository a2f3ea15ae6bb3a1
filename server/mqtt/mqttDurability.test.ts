import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseKey, databaseUrl, TestDatabases } from '../testing/testDatabases';
import { testServer, type TestServer } from '../testing/testServer';
import { devicePassword, deviceUsername, loadSecret, mosquittoPasswordHash } from './credentials';
import type { MqttDeviceGateway } from './MqttDeviceGateway';
import { freePort, mosquittoAvailability, startMosquitto, type RunningBroker } from './testing/mosquitto';

// What a device was told is received (its PUBACK) is stored: the server acknowledges only after the
// commit, holds on while the database is away, the broker keeps its sessions across a restart, and the
// session of an instance that died is taken over and drained by the leader.
const availability = mosquittoAvailability();
const onPostgres = Boolean(inject('postgresAdminUrl'));
const PROBE = { username: 'test-probe', password: 'probe-secret' };
const SHARED_GROUP = '$share/ops-server/ops/+/+/telemetry';

let server: TestServer;
let broker: RunningBroker;
let brokerOptions: Parameters<typeof startMosquitto>[0];
let gateway: MqttDeviceGateway;
let secret: Buffer;
let lamps: { deviceId: number; tenantId: number; code: string }[];
const devices: MqttClient[] = [];

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`等待超时：${what}\n代理日志：\n${broker?.output().slice(-3000) ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const storedEnergy = async (deviceId: number) => {
  const row = await server.services.ctx.db
    .selectFrom('devices')
    .select('telemetry')
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.telemetry) as { energy?: number }).energy;
};

/** A lamp as a device: its own account, reconnecting by itself (mqtt.js sends unacknowledged messages again). */
async function lampClient(lamp: (typeof lamps)[number]): Promise<MqttClient> {
  const client = await mqtt.connectAsync(broker.url, {
    username: deviceUsername(lamp.tenantId, lamp.code),
    password: devicePassword(secret, lamp.tenantId, lamp.code),
    protocolVersion: 5,
    reconnectPeriod: 100,
    clientId: `durability-${lamp.code}`,
  });
  devices.push(client);
  return client;
}

/** Publishes energy readings 1, 2, 3 … with QoS 1; `acked` is the highest the broker acknowledged. */
function reporter(client: MqttClient, lamp: (typeof lamps)[number], start: number) {
  const state = { sent: start, acked: start, running: true, failures: 0 };
  const done = (async () => {
    while (state.running) {
      const value = ++state.sent;
      try {
        await client.publishAsync(`ops/${lamp.tenantId}/${lamp.code}/telemetry`, JSON.stringify({ values: { energy: value } }), { qos: 1 });
        state.acked = Math.max(state.acked, value);
      } catch {
        state.failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return { state, stop: async () => ((state.running = false), await done) };
}

describe.skipIf(!availability.run)(`MQTT durability${availability.note ? `：${availability.note}` : ''}`, { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const port = await freePort();
    // The real clock: the leader judges sessions stale by the time their rows were last renewed.
    server = await testServer({
      clock: () => Date.now(),
      mqtt: { url: `mqtt://127.0.0.1:${port}`, commandTimeoutMs: 800, batchMs: 100, batchRows: 50, reconnectMs: 200, sessionStaleMs: 1500 },
    });
    gateway = server.services.mqttGateway!;
    await server.app.ready();
    const files = gateway.brokerFiles!;
    appendFileSync(files.passwordFile, `${PROBE.username}:${mosquittoPasswordHash(PROBE.password)}\n`);
    appendFileSync(files.aclFile, `user ${PROBE.username}\ntopic readwrite ops/#\ntopic readwrite $share/#\n`);
    const persistenceDir = join(server.dataDir, 'mqtt', 'broker-data');
    mkdirSync(persistenceDir, { recursive: true });
    brokerOptions = { dir: join(server.dataDir, 'mqtt'), passwordFile: files.passwordFile, aclFile: files.aclFile, port, persistenceDir };
    broker = await startMosquitto(brokerOptions);
    await gateway.whenConnected();
    secret = loadSecret(server.dataDir, { create: false });
    const rows = await server.services.ctx.db
      .selectFrom('devices')
      .select(['device_id', 'tenant_id', 'code'])
      .where('tenant_id', '=', 1)
      .where('kind', '=', 'lamp')
      .orderBy('device_id')
      .limit(6)
      .execute();
    lamps = rows.map((row) => ({ deviceId: row.device_id, tenantId: row.tenant_id, code: row.code }));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(devices.map((device) => device.endAsync(true)));
    await server?.close();
    await broker?.stop();
  });

  it("hands a plain ack of another instance's command on to that instance's reply topic, once, storing nothing", async () => {
    const lamp = lamps[5]!;
    const other = 'abcdef012345';
    const probe = await mqtt.connectAsync(broker.url, { ...PROBE, protocolVersion: 5, reconnectPeriod: 0, clientId: 'durability-probe' });
    const forwarded: { topic: string; body: unknown; correlationData?: string }[] = [];
    await probe.subscribeAsync(`ops/1/${lamp.code}/ack/${other}`, { qos: 1 });
    probe.on('message', (topic, payload, packet) =>
      forwarded.push({ topic, body: JSON.parse(payload.toString()), correlationData: packet.properties?.correlationData?.toString() }),
    );
    const before = { forwarded: gateway.acksForwarded, dropped: gateway.ingest.stats.dropped };
    const state = async () =>
      (await server.services.ctx.db.selectFrom('devices').select('state').where('device_id', '=', lamp.deviceId).executeTakeFirstOrThrow())
        .state;
    const stateBefore = await state();
    const ack = { id: `${other}_0d1c7a`, success: true, state: { brightness: 12 } };
    await probe.publishAsync(`ops/1/${lamp.code}/ack`, JSON.stringify(ack), { qos: 1 });
    await waitFor(() => forwarded.length > 0, 'the ack arrives on the sender’s reply topic');
    await probe.endAsync();
    expect(forwarded).toEqual([{ topic: `ops/1/${lamp.code}/ack/${other}`, body: ack, correlationData: ack.id }]);
    expect(gateway.acksForwarded - before.forwarded).toBe(1);
    expect(gateway.ingest.stats.dropped - before.dropped).toBe(0);
    // The state belongs to the sender's command: nothing of it is stored here.
    expect(await state()).toBe(stateBefore);
  });

  it('acknowledges a report to the broker only once it is stored, and holds on while the database refuses writes', async () => {
    const lamp = lamps[0]!;
    const device = await lampClient(lamp);
    // The server's own connection: which PUBACKs it sends the broker, and when.
    const serverClient = (gateway as unknown as { client: MqttClient }).client;
    const pubacks: number[] = [];
    serverClient.on('packetsend', (packet) => {
      if (packet.cmd === 'puback') pubacks.push(Date.now());
    });
    await device.publishAsync(`ops/1/${lamp.code}/telemetry`, JSON.stringify({ values: { energy: 100 } }), { qos: 1 });
    await waitFor(async () => (await storedEnergy(lamp.deviceId)) === 100, 'the first report is stored');
    await waitFor(() => pubacks.length === 1, 'and then acknowledged');

    // Another connection keeps the devices table from being written.
    const release = await blockDeviceWrites();
    const received = gateway.ingest.stats.received;
    await device.publishAsync(`ops/1/${lamp.code}/telemetry`, JSON.stringify({ values: { energy: 101 } }), { qos: 1 });
    await waitFor(() => gateway.ingest.stats.received > received, 'the server has the report');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Received, not stored: not acknowledged, so the broker would send it again to whoever takes the session.
    expect(pubacks).toHaveLength(1);
    await release();
    await waitFor(async () => (await storedEnergy(lamp.deviceId)) === 101, 'stored once the database takes writes again');
    await waitFor(() => pubacks.length === 2, 'then acknowledged');
    expect(gateway.ingest.stats.dropped).toBe(0);
  });

  it('loses no acknowledged report when the broker restarts, even reports queued for a server that was away', async () => {
    const serverClient = (gateway as unknown as { client: MqttClient }).client;
    const clients = await Promise.all(lamps.slice(1, 4).map(lampClient));
    let reporters = clients.map((client, index) => reporter(client, lamps[index + 1]!, 1000));
    await waitFor(() => reporters.every(({ state }) => state.acked > 1010), 'reports flow');

    // The server's connection drops and stays away; the devices go on, the broker queues for its session.
    serverClient.options.reconnectPeriod = 600_000;
    serverClient.stream.destroy();
    await waitFor(() => !serverClient.connected, 'the server is away');
    const ackedBefore = reporters.map(({ state }) => state.acked);
    await waitFor(
      () => reporters.every(({ state }, index) => state.acked > ackedBefore[index]! + 20),
      'the broker takes reports meanwhile',
    );
    for (const { stop } of reporters) await stop();
    const queued = reporters.map(({ state }) => state.acked);

    // A clean broker restart (it saves its sessions), then the server comes back.
    await broker.stop();
    broker = await startMosquitto(brokerOptions);
    serverClient.options.reconnectPeriod = 200;
    serverClient.reconnect();
    for (const [index, acked] of queued.entries()) {
      await waitFor(
        async () => (await storedEnergy(lamps[index + 1]!.deviceId)) === acked,
        `lamp ${index + 1}: the report queued before the restart (${acked}) is stored`,
      );
    }

    // Reports flow again over the devices' own reconnections; the last acknowledged one is stored.
    reporters = clients.map((client, index) => reporter(client, lamps[index + 1]!, queued[index]!));
    await waitFor(() => reporters.every(({ state }, index) => state.acked > queued[index]! + 20), 'reports flow after the restart');
    for (const { stop } of reporters) await stop();
    for (const [index, { state }] of reporters.entries()) {
      await waitFor(
        async () => (await storedEnergy(lamps[index + 1]!.deviceId)) === state.acked,
        `lamp ${index + 1} stored ${state.acked}`,
      );
    }
    expect(gateway.ingest.stats.dropped).toBe(0);
  });

  it("takes over a dead instance's session and stores what the broker had routed to it", async () => {
    // A second "instance": same account, a persistent session in the shared group, then gone without a word.
    const account = { username: 'ops-server', password: gatewayPassword() };
    const deadId = 'ops-server-deadbeef0001';
    const dead = await mqtt.connectAsync(broker.url, {
      ...account,
      clientId: deadId,
      protocolVersion: 5,
      clean: false,
      reconnectPeriod: 0,
      properties: { sessionExpiryInterval: 3600 },
    });
    await dead.subscribeAsync(SHARED_GROUP, { qos: 1 });
    await server.services.ctx.db.insertInto('mqtt_sessions').values({ client_id: deadId, seen_at: Date.now() }).execute();
    dead.stream.destroy();
    await waitFor(() => !dead.connected, 'the dead instance is disconnected');
    dead.end(true);

    // Reports now go round robin to the live instance and to the dead one's queue.
    const lamp = lamps[4]!;
    const device = await lampClient(lamp);
    for (let value = 1; value <= 40; value++)
      await device.publishAsync(`ops/1/${lamp.code}/telemetry`, JSON.stringify({ values: { energy: value } }), { qos: 1 });
    const writtenBefore = gateway.ingest.stats.reportsWritten;
    // The leader sees the row go stale (sessionStaleMs 1.5 s), drains the session and forgets it.
    await waitFor(
      async () =>
        !(await server.services.ctx.db.selectFrom('mqtt_sessions').select('client_id').where('client_id', '=', deadId).executeTakeFirst()),
      'the orphaned session is drained and forgotten',
    );
    expect(gateway.ingest.stats.reportsWritten - writtenBefore).toBeGreaterThanOrEqual(10);
    expect(gateway.ingest.stats.dropped).toBe(0);
    // The drained session is gone from the broker: a later report reaches the live instance at once.
    await device.publishAsync(`ops/1/${lamp.code}/telemetry`, JSON.stringify({ values: { energy: 41 } }), { qos: 1 });
    await waitFor(async () => (await storedEnergy(lamp.deviceId)) === 41, 'the next report is stored');
    expect(await server.services.ctx.db.selectFrom('mqtt_sessions').select('client_id').execute()).toEqual([
      { client_id: gateway.clientId },
    ]);
  });
});

function gatewayPassword(): string {
  // The server's own account password, as the gateway derives it.
  return (gateway as unknown as { account: { password: string } }).account.password;
}

/** Holds a lock that keeps the server from writing devices; resolves to its release. */
async function blockDeviceWrites(): Promise<() => Promise<void>> {
  if (onPostgres) {
    const client = new pg.Client({
      connectionString: databaseUrl(inject('postgresAdminUrl'), TestDatabases.nameFor(databaseKey({ dataDir: server.dataDir }))),
    });
    await client.connect();
    await client.query('begin');
    await client.query('lock table devices in access exclusive mode');
    return async () => {
      await client.query('rollback');
      await client.end();
    };
  }
  const sqlite = new Sqlite(join(server.dataDir, 'dashboard.sqlite'));
  sqlite.exec('begin exclusive');
  return async () => {
    sqlite.exec('rollback');
    sqlite.close();
  };
}
