import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDeviceCatalog, type DeviceCatalog } from '../devices/deviceCatalog';
import { testServer, type TestServer } from '../testing/testServer';
import { DeviceDirectory } from './DeviceDirectory';
import { MqttIngest } from './MqttIngest';
import { deviceTopic } from './topics';

/**
 * The batch write of MqttIngest against the real database (SQLite, and PostgreSQL in project server-pg,
 * where a batch is written by one SELECT … FOR UPDATE and one multi-row UPDATE per chunk of 1,000 devices).
 */
const onPostgres = Boolean(inject('postgresAdminUrl'));
const NOW = Date.UTC(2026, 10, 24, 6, 0, 0);

interface DeviceRow {
  device_id: number;
  tenant_id: number;
  code: string;
  kind: string;
  online: number;
  telemetry: string;
  updated_at: number;
}

let server: TestServer;
let catalog: DeviceCatalog;
let directory: DeviceDirectory;
/** Devices whose kind declares at least two numeric telemetry fields, with those fields. */
let devices: (DeviceRow & { fields: [string, string] })[];
const statusEvents: { tenantId: number; eventType: string; deviceId: number; online: boolean }[] = [];

const allRows = async (): Promise<DeviceRow[]> =>
  server.app.ctx.db
    .selectFrom('devices')
    .select(['device_id', 'tenant_id', 'code', 'kind', 'online', 'telemetry', 'updated_at'])
    .orderBy('device_id')
    .execute();
const rowOf = async (deviceId: number): Promise<DeviceRow> =>
  server.app.ctx.db
    .selectFrom('devices')
    .select(['device_id', 'tenant_id', 'code', 'kind', 'online', 'telemetry', 'updated_at'])
    .where('device_id', '=', deviceId)
    .executeTakeFirstOrThrow();

function newIngest(now = NOW): MqttIngest {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  return new MqttIngest(
    {
      db: server.app.ctx.db,
      catalog,
      directory,
      alarms: { raise: () => Promise.reject(new Error('no alarms here')), alarmTypeName: () => undefined },
      status: {
        publish: async (tenantId, topic, data) => {
          const { deviceId, online } = data as { deviceId: number; online: boolean };
          statusEvents.push({ tenantId, eventType: topic.eventType, deviceId, online });
        },
      },
      now: () => now,
      log: quiet,
      onAck: async () => undefined,
    },
    // Nothing is written until flush(): every message handed over before it is one batch.
    { batchMs: 60_000, batchRows: 100_000 },
  );
}

const payload = (body: object) => new TextEncoder().encode(JSON.stringify(body));
const telemetry = (device: DeviceRow, values: Record<string, number>) => ({
  topic: deviceTopic(device.tenant_id, device.code, 'telemetry'),
  payload: payload({ values }),
});
const status = (device: DeviceRow, online: boolean) => ({
  topic: deviceTopic(device.tenant_id, device.code, 'status'),
  payload: payload({ online }),
});

/** Hands the messages to the ingest in order, writes them as one batch, and expects each acknowledged as stored. */
async function oneBatch(ingest: MqttIngest, messages: { topic: string; payload: Uint8Array }[]): Promise<void> {
  const batchesBefore = ingest.stats.batches;
  const reportsBefore = ingest.stats.reports;
  const handled = messages.map((message) => ingest.handle(message.topic, message.payload));
  // Each message's device is looked up first (asynchronously): flush once all of them wait in the batch.
  while (ingest.stats.reports - reportsBefore < messages.length) {
    if (ingest.stats.dropped) throw new Error('a message was dropped');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await ingest.flush();
  expect(await Promise.all(handled)).toEqual(messages.map(() => true));
  expect(ingest.stats.dropped).toBe(0);
  expect(ingest.stats.batches).toBe(batchesBefore + 1);
}

describe(`MqttIngest batch writes (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, { timeout: 60_000 }, () => {
  beforeAll(async () => {
    // Enough devices for a batch over 1,000 rows (two chunks on PostgreSQL).
    server = await testServer({ simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 6, alarmsPerMinute: 0 } });
    catalog = loadDeviceCatalog();
    directory = new DeviceDirectory(server.app.ctx.db);
    await directory.load();
    const numericFields = new Map(
      catalog.kinds.map(
        (kind) => [kind.page, (kind.telemetry ?? []).filter((field) => field.type === 'number').map((field) => field.key)] as const,
      ),
    );
    devices = (await allRows()).flatMap((row) => {
      const fields = numericFields.get(row.kind) ?? [];
      return fields.length >= 2 ? [{ ...row, fields: [fields[0]!, fields[1]!] as [string, string] }] : [];
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('merges a device reported twice in one batch in arrival order: the last report of a field wins, the others are kept', async () => {
    const [device, other] = devices.filter((entry) => entry.tenant_id === 1);
    const [a, b] = device!.fields;
    const before = JSON.parse(device!.telemetry) as Record<string, unknown>;
    await server.app.ctx.db
      .updateTable('devices')
      .set({ online: 1 })
      .where('device_id', 'in', [device!.device_id, other!.device_id])
      .execute();
    const ingest = newIngest();
    await oneBatch(ingest, [
      telemetry(device!, { [a]: 11, [b]: 12 }),
      telemetry(other!, { [a]: 1 }),
      telemetry(device!, { [a]: 21 }),
      status(other!, false),
    ]);
    const row = await rowOf(device!.device_id);
    // Exactly the text JSON.stringify gives: existing fields in place, replaced in place, the rest kept.
    expect(row.telemetry).toBe(JSON.stringify({ ...before, [a]: 21, [b]: 12 }));
    expect(row.online).toBe(1);
    expect(row.updated_at).toBe(NOW);
    // A telemetry report then the device's status (its last will): offline wins, the telemetry is kept.
    const otherRow = await rowOf(other!.device_id);
    expect(JSON.parse(otherRow.telemetry)).toMatchObject({ [a]: 1 });
    expect(otherRow.online).toBe(0);
    expect(ingest.stats).toMatchObject({ reports: 4, reportsWritten: 4, batches: 1, rowsWritten: 2 });

    // And the other way round: offline, then a report (a device that reports is online).
    const later = newIngest(NOW + 1000);
    await oneBatch(later, [status(device!, false), telemetry(device!, { [b]: 13 }), status(other!, false), telemetry(other!, { [b]: 2 })]);
    expect((await rowOf(device!.device_id)).online).toBe(1);
    expect((await rowOf(other!.device_id)).online).toBe(1);
    expect(JSON.parse((await rowOf(device!.device_id)).telemetry)).toMatchObject({ [a]: 21, [b]: 13 });
    expect(statusEvents.filter((event) => event.deviceId === other!.device_id).map((event) => event.online)).toEqual([false, true]);
  });

  it('writes only the devices of the batch, each in its own tenant, and keeps telemetry text as JSON.stringify gives it', async () => {
    const one = devices.find((entry) => entry.tenant_id === 1)!;
    const two = devices.find((entry) => entry.tenant_id === 2)!;
    // Text the array parameter must carry through unchanged: quotes, backslashes, non-ASCII, a newline.
    const odd = { note: 'a "quoted" \\ back\\slash, 中文, line\nbreak', [one.fields[0]]: 1 };
    await server.app.ctx.db
      .updateTable('devices')
      .set({ telemetry: JSON.stringify(odd) })
      .where('device_id', '=', one.device_id)
      .execute();
    const before = await allRows();
    // A tenant-2 topic naming tenant 1's device code reaches tenant 2's device of that code, if there is one, never tenant 1's.
    const sameCodeInTwo = before.find((row) => row.tenant_id === 2 && row.code === one.code);
    const ingest = newIngest(NOW + 2000);
    const messages = [telemetry(one, { [one.fields[1]]: 7 }), telemetry(two, { [two.fields[0]]: 8 })];
    if (sameCodeInTwo) messages.push({ topic: deviceTopic(2, one.code, 'status'), payload: payload({ online: false }) });
    await oneBatch(ingest, messages);
    const after = await allRows();
    const touched = new Set([one.device_id, two.device_id, ...(sameCodeInTwo ? [sameCodeInTwo.device_id] : [])]);
    expect(after.filter((row) => !touched.has(row.device_id))).toEqual(before.filter((row) => !touched.has(row.device_id)));
    const oneAfter = after.find((row) => row.device_id === one.device_id)!;
    expect(oneAfter.telemetry).toBe(JSON.stringify({ ...odd, [one.fields[1]]: 7 }));
    expect(oneAfter.tenant_id).toBe(1);
    const twoAfter = after.find((row) => row.device_id === two.device_id)!;
    expect(JSON.parse(twoAfter.telemetry)).toMatchObject({ [two.fields[0]]: 8 });
    expect(twoAfter.tenant_id).toBe(2);
    if (sameCodeInTwo) expect(after.find((row) => row.device_id === sameCodeInTwo.device_id)!.online).toBe(0);
    expect(ingest.stats.rowsWritten).toBe(touched.size);
  });

  it('writes a batch of over 1,000 devices whole: every row, every status change told once', async () => {
    expect(devices.length).toBeGreaterThan(1100);
    const batch = devices.slice(0, 1100);
    // Half of them offline first, so the batch brings them back online.
    await server.app.ctx.db
      .updateTable('devices')
      .set({ online: 0 })
      .where(
        'device_id',
        'in',
        batch.filter((_, index) => index % 2 === 0).map((device) => device.device_id),
      )
      .execute();
    await server.app.ctx.db
      .updateTable('devices')
      .set({ online: 1 })
      .where(
        'device_id',
        'in',
        batch.filter((_, index) => index % 2 === 1).map((device) => device.device_id),
      )
      .execute();
    const told = statusEvents.length;
    const ingest = newIngest(NOW + 3000);
    // In descending id order (arrival order is not id order), each device twice.
    const reversed = [...batch].reverse();
    await oneBatch(ingest, [
      ...reversed.map((device) => telemetry(device, { [device.fields[0]]: 1 })),
      ...reversed.map((device, index) => telemetry(device, { [device.fields[0]]: index + 2 })),
    ]);
    expect(ingest.stats.rowsWritten).toBe(batch.length);
    const rows = new Map((await allRows()).map((row) => [row.device_id, row]));
    reversed.forEach((device, index) => {
      const row = rows.get(device.device_id)!;
      expect((JSON.parse(row.telemetry) as Record<string, number>)[device.fields[0]]).toBe(index + 2);
      expect(row.online).toBe(1);
      expect(row.updated_at).toBe(NOW + 3000);
    });
    const events = statusEvents.slice(told);
    expect(events.map((event) => event.deviceId).sort((x, y) => x - y)).toEqual(
      batch
        .filter((_, index) => index % 2 === 0)
        .map((device) => device.device_id)
        .sort((x, y) => x - y),
    );
    expect(events.every((event) => event.eventType === 'online_event' && event.online)).toBe(true);
  });

  it('loses no field when two instances write batches of the same devices at once, in opposite orders (no deadlock)', async () => {
    const batch = devices.slice(0, 1500);
    const first = newIngest(NOW + 4000);
    const second = newIngest(NOW + 4000);
    const one = batch.map((device) => telemetry(device, { [device.fields[0]]: 31 }));
    const two = [...batch].reverse().map((device) => telemetry(device, { [device.fields[1]]: 32 }));
    await Promise.all([oneBatch(first, one), oneBatch(second, two)]);
    const rows = new Map((await allRows()).map((row) => [row.device_id, row]));
    for (const device of batch) {
      expect(JSON.parse(rows.get(device.device_id)!.telemetry)).toMatchObject({ [device.fields[0]]: 31, [device.fields[1]]: 32 });
    }
  });
});
