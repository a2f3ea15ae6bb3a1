import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceRow } from '../../contracts/devices';
import { dialectOf } from '../db/Database';
import { testServer, type TestServer } from '../testing/testServer';
import { deviceRowJson, toDeviceRow } from './DeviceService';

// Device list pages are kept in memory for a moment (DeviceService.listPage): every way a device or a
// group membership changes must show on the next list call, on this instance and on another one sharing
// the data (a second connection to the SQLite file; on PostgreSQL a second instance, told by NOTIFY).

type ListBody = { code: number; msg: string; rows: DeviceRow[]; total: number };
const LAMPS = '/devi/aep/child?deviceType=lamp&pageSize=5';

const servers: TestServer[] = [];
afterEach(async () => {
  // The second instance first: the first one's close removes the shared database.
  for (const server of servers.reverse()) await server.close();
  servers.length = 0;
});

async function twoInstances() {
  const a = await testServer();
  servers.push(a);
  const b = await testServer({ dataDir: a.dataDir });
  servers.push(b);
  const token = await a.login();
  const list = async (server: TestServer, url = LAMPS) => (await server.api('GET', url, { token })).body as unknown as ListBody;
  return { a, b, token, list };
}

/** The next list calls until `seen` holds; on PostgreSQL another instance's NOTIFY may still be on its way. */
async function eventually(read: () => Promise<ListBody>, seen: (body: ListBody) => boolean): Promise<{ body: ListBody; ms: number }> {
  const start = performance.now();
  for (;;) {
    const body = await read();
    if (seen(body) || performance.now() - start > 2000) return { body, ms: performance.now() - start };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('device list pages kept in memory', () => {
  it('write the same JSON as the objects would', async () => {
    const { a } = await twoInstances();
    const rows = await a.services.ctx.db
      .selectFrom('devices')
      .selectAll()
      .where('tenant_id', '=', 1)
      .orderBy('device_id')
      .limit(50)
      .execute();
    for (const row of rows) expect(deviceRowJson(row)).toBe(JSON.stringify(toDeviceRow(row)));
    const odd = { ...rows[0]!, name: '引号"与\\反斜杠\u2028', longitude: Number.NaN, telemetry: '{ "spaced" : 1 }' };
    expect(JSON.parse(deviceRowJson(odd))).toEqual(JSON.parse(JSON.stringify(toDeviceRow(odd))));
  });

  it('show every change on the next call of this instance', async () => {
    const { a, token, list } = await twoInstances();
    const first = await list(a);
    const lamp = first.rows[0]!;
    // Served again unchanged while nothing changes.
    expect(await list(a)).toEqual(first);

    // A direct update through the data layer.
    await a.services.ctx.db
      .updateTable('devices')
      .set({ telemetry: JSON.stringify({ voltage: 7 }) })
      .where('device_id', '=', lamp.deviceId)
      .execute();
    expect((await list(a)).rows[0]!.telemetry).toEqual({ voltage: 7 });
    // Raw SQL, as the MQTT ingest writes on PostgreSQL.
    await sql`update devices set telemetry = ${JSON.stringify({ voltage: 8 })} where device_id = ${lamp.deviceId}`.execute(
      a.services.ctx.db,
    );
    expect((await list(a)).rows[0]!.telemetry).toEqual({ voltage: 8 });
    // In a transaction, as the ingest batches and the simulator's tick do.
    await a.services.ctx.db
      .transaction()
      .execute((trx) => trx.updateTable('devices').set({ name: '事务中改名' }).where('device_id', '=', lamp.deviceId).execute());
    expect((await list(a)).rows[0]!.deviceName).toBe('事务中改名');
    // Online changes (the simulator's and the dev endpoint's way).
    await a.services.simulator.setOnline(lamp.deviceId, !lamp.online);
    expect((await list(a)).rows[0]!.online).toBe(!lamp.online);
    await a.services.simulator.setOnline(lamp.deviceId, lamp.online);
    // A command changes the device's state.
    const online = (await list(a, '/devi/aep/child?deviceType=lamp&online=1&pageSize=5')).rows[0]!;
    const before = JSON.stringify(online.state);
    let changed = false;
    for (const command of [1, 0]) {
      const reply = await a.api('POST', '/device/control/execute', {
        token,
        body: { command, deviceType: 'DEVICE_LAMPPOST', commandType: 'light', deviceIds: online.deviceId },
      });
      expect(reply.body.code).toBe(200);
      const now = (await list(a, '/devi/aep/child?deviceType=lamp&online=1&pageSize=5')).rows.find(
        (row) => row.deviceId === online.deviceId,
      )!;
      const stored = await a.services.ctx.db
        .selectFrom('devices')
        .select('state')
        .where('device_id', '=', online.deviceId)
        .executeTakeFirstOrThrow();
      expect(now.state).toEqual(JSON.parse(stored.state));
      changed ||= JSON.stringify(now.state) !== before;
    }
    expect(changed).toBe(true);
    // Moved on the map.
    const moved = await a.api('POST', '/devi/aep/position', { token, body: { deviceId: lamp.deviceId, longitude: 106.5, latitude: 29.5 } });
    expect(moved.body.code).toBe(200);
    expect((await list(a)).rows[0]).toMatchObject({ longitude: 106.5, latitude: 29.5 });
    // The simulator's tick moves telemetry of many devices.
    // A tick reports a random few devices of all tenants: ticks go on until one of this page's lamps moved
    // in the database (read directly, past the cache), and the page must show it.
    const ticked = JSON.stringify(await list(a, '/devi/aep/child?deviceType=lamp&pageSize=500'));
    const storedLamps = async () =>
      JSON.stringify(
        await a.services.ctx.db
          .selectFrom('devices')
          .select(['device_id', 'telemetry', 'online'])
          .where('tenant_id', '=', 1)
          .where('kind', '=', 'lamp')
          .orderBy('device_id')
          .execute(),
      );
    const lampsBefore = await storedLamps();
    for (let tick = 0; tick < 50 && (await storedLamps()) === lampsBefore; tick++)
      expect(await a.services.simulator.tick()).toBeGreaterThan(0);
    expect(await storedLamps()).not.toBe(lampsBefore);
    expect(JSON.stringify(await list(a, '/devi/aep/child?deviceType=lamp&pageSize=500'))).not.toBe(ticked);
    // Group membership (the groupId filter).
    const groups = (await a.api('GET', '/devi/web/lightgroup/list', { token })).body.data as { groupId: number }[];
    const groupId = groups[0]!.groupId;
    const members = (await list(a, `/devi/aep/child?deviceType=light&groupId=${groupId}&pageSize=500`)).total;
    await a.services.ctx.db.deleteFrom('device_group_members').where('group_id', '=', groupId).execute();
    expect(members).toBeGreaterThan(0);
    expect((await list(a, `/devi/aep/child?deviceType=light&groupId=${groupId}&pageSize=500`)).total).toBe(0);
    expect((await list(a, `/devi/aep/groupChild?groupId=${groupId}&pageSize=500`)).total).toBe(0);
  });

  it('show a change made through another connection or instance on its next call', async () => {
    const { a, b, token, list } = await twoInstances();
    const lamp = (await list(b)).rows[0]!;
    expect(await list(b)).toEqual(await list(b));

    const moved = await a.api('POST', '/devi/aep/position', {
      token,
      body: { deviceId: lamp.deviceId, longitude: 106.25, latitude: 29.25 },
    });
    expect(moved.body.code).toBe(200);
    if (dialectOf(b.services.ctx.db) === 'sqlite') expect((await list(b)).rows[0]).toMatchObject({ longitude: 106.25, latitude: 29.25 });
    // SQLite: at once (data_version). PostgreSQL: as soon as B hears A's NOTIFY, far within the pages' 1 s limit.
    const seen = await eventually(
      () => list(b),
      (body) => body.rows[0]!.longitude === 106.25,
    );
    expect(seen.body.rows[0]).toMatchObject({ longitude: 106.25, latitude: 29.25 });
    // Within the pages' 1 s limit even on CI's 2 shared cores (alone it takes a few ms).
    expect(seen.ms).toBeLessThan(1000);

    await a.services.ctx.db.transaction().execute((trx) =>
      trx
        .updateTable('devices')
        .set({ telemetry: JSON.stringify({ voltage: 3 }) })
        .where('device_id', '=', lamp.deviceId)
        .execute(),
    );
    const ticked = await eventually(
      () => list(b),
      (body) => JSON.stringify(body.rows[0]!.telemetry) === '{"voltage":3}',
    );
    expect(ticked.body.rows[0]!.telemetry).toEqual({ voltage: 3 });
    expect(ticked.ms).toBeLessThan(1000);
  });
});
