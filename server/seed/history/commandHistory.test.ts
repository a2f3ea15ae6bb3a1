import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeviceCatalog } from '../../catalog/deviceCatalog';
import type { Db } from '../../db/Database';
import { DeviceService } from '../../devices/DeviceService';
import { DAY_MS, HOUR_MS } from '../../stats/periods';
import { TEST_CLOCK_START } from '../../testing/seededDatabases';
import { testServer, type TestServer } from '../../testing/testServer';
import type { Outage } from '../seedOperationsHistory';
import { CommandHistoryModel, HistoryGateway, scheduleCommandHistory, type CommandControl } from './commandHistory';
import { HistoryTimeline } from './HistoryTimeline';
import { historyRandom, loadHistoryTenant } from './historyTenant';

const DAYS = 3;
const NOW = TEST_CLOCK_START;
const START = NOW - DAYS * DAY_MS;
const catalog = loadDeviceCatalog();

/** Each table's rows, sorted (PostgreSQL returns them in no stable order), ids included. */
async function contents(db: Db) {
  const rows = async (table: 'command_log' | 'device_command_results') =>
    (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows.map((row) => JSON.stringify(row)).sort();
  return { log: await rows('command_log'), results: await rows('device_command_results') };
}

/** Every tenant's history of commands through `control` (made per tenant on the tenant's timeline and gateway). */
async function sendCommands(
  server: TestServer,
  control: (timeline: HistoryTimeline, gateway: HistoryGateway) => { control: CommandControl; done(): Promise<unknown> },
) {
  const db = server.services.ctx.db;
  const devices = await db.selectFrom('devices').select(['device_id', 'tenant_id']).orderBy('device_id').execute();
  for (const tenantId of [1, 2]) {
    // A third of the tenant's devices offline for the middle day: their commands fail as 设备离线.
    const outages = new Map<number, Outage[]>(
      devices
        .filter((device) => device.tenant_id === tenantId && device.device_id % 3 === 0)
        .map((device) => [device.device_id, [{ from: START + DAY_MS, to: START + 2 * DAY_MS - HOUR_MS }]]),
    );
    const timeline = new HistoryTimeline(START, NOW);
    const sender = control(timeline, new HistoryGateway(outages, timeline.now, historyRandom(tenantId, 'commands')));
    const tenant = await loadHistoryTenant(db, tenantId);
    scheduleCommandHistory({ timeline, tenant, random: historyRandom(tenantId, 'commands') }, catalog, sender.control);
    await timeline.play();
    await sender.done();
  }
}

let throughService: TestServer;
let inBulk: TestServer;
beforeAll(async () => {
  [throughService, inBulk] = await Promise.all([testServer(), testServer()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([throughService?.close(), inBulk?.close()]);
});

describe('the commands’ history', () => {
  it('writes in bulk the log rows and results that sending it through DeviceService.control writes', async () => {
    const serviceDb = throughService.services.ctx.db;
    await sendCommands(throughService, (timeline, gateway) => {
      const devices = new DeviceService(serviceDb, catalog, gateway, timeline.now);
      return {
        control: (request) => devices.control(request),
        // Past failures are looked at (the history marks them for the fault job).
        done: () => serviceDb.updateTable('device_command_results').set({ fault_checked: 1 }).execute(),
      };
    });
    await sendCommands(inBulk, (timeline, gateway) => {
      const devices = inBulk.services.ctx.db.selectFrom('devices').select(['device_id', 'tenant_id', 'kind', 'name', 'online']).execute();
      let model: CommandHistoryModel | undefined;
      return {
        control: async (request) => (model ??= new CommandHistoryModel(catalog, await devices, gateway, timeline.now)).control(request),
        done: async () => model?.write(inBulk.services.ctx.db),
      };
    });
    const [expected, actual] = [await contents(serviceDb), await contents(inBulk.services.ctx.db)];
    expect(actual).toEqual(expected);
    // Something of each outcome to compare: all done, some failed offline, all failed.
    for (const outcome of ['"ok"', '"partial"', '"failed"'])
      expect(
        expected.log.some((row) => row.includes(`"outcome":${outcome}`)),
        outcome,
      ).toBe(true);
    expect(expected.results.some((row) => row.includes('设备离线'))).toBe(true);
  });
});
