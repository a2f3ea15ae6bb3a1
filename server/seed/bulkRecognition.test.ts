import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadDeviceCatalog } from '../catalog/deviceCatalog';
import { dialectOf } from '../db/Database';
import { loadPlugins } from '../pluginManifests';
import { localHour } from '../recognition/recognitionModel';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { testServer } from '../testing/testServer';
import { DAY_MS } from '../stats/periods';
import { BULK_RECOGNITION_DAYS, seedBulkRecognition } from './bulkRecognition';

const cameraKinds = loadDeviceCatalog(loadPlugins('plugins', { disabledPlugins: [] }).plugins)
  .kinds.filter((kind) => kind.liveVideo)
  .map((kind) => kind.page);

describe('the bulk recognition seed', () => {
  it('brings every tenant to SEED_RECOGNITION_RECORDS on start, over a year, on its own cameras, drawn by the model; then only tops up', async () => {
    const server = await testServer({ seedRecognitionRecords: 3000 });
    const db = server.services.ctx.db;
    const perTenant = async () =>
      (
        await db
          .selectFrom('recognition_records')
          .select(['tenant_id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('tenant_id')
          .orderBy('tenant_id')
          .execute()
      ).map((row) => [row.tenant_id, Number(row.n)]);
    expect(await perTenant()).toEqual([
      [1, 3000],
      [2, 3000],
    ]);

    const rows = await db
      .selectFrom('recognition_records as r')
      .leftJoin('devices as d', (join) => join.onRef('d.device_id', '=', 'r.device_id').onRef('d.tenant_id', '=', 'r.tenant_id'))
      .select([
        'r.at',
        'r.kind',
        'r.origin',
        'r.plate',
        'r.power_type',
        'r.age_band',
        'r.target_type',
        'r.snapshot',
        'd.kind as device_kind',
      ])
      .execute();
    // Every record on a camera of its own tenant, within the year before now, marked as seeded.
    expect(rows.every((row) => row.device_kind !== null && cameraKinds.includes(row.device_kind))).toBe(true);
    expect(
      rows.every((row) => Number(row.at) >= TEST_CLOCK_START - BULK_RECOGNITION_DAYS * DAY_MS && Number(row.at) < TEST_CLOCK_START),
    ).toBe(true);
    expect(new Set(rows.map((row) => row.origin))).toEqual(new Set(['seed']));
    // The model's kinds and their attributes.
    expect(new Set(rows.map((row) => row.kind))).toEqual(new Set(['vehicle', 'face', 'nonMotor', 'peopleCount', 'target']));
    const vehicles = rows.filter((row) => row.kind === 'vehicle');
    expect(vehicles.length).toBeGreaterThan(1000);
    expect(vehicles.every((row) => row.plate && row.power_type)).toBe(true);
    expect(rows.filter((row) => row.kind === 'face').every((row) => row.age_band)).toBe(true);
    expect(rows.filter((row) => row.kind === 'target').every((row) => row.target_type)).toBe(true);
    // The model's day: many more records at the morning peak (08:00 Shanghai) than at night (03:00).
    const atHour = (hour: number) => rows.filter((row) => localHour(Number(row.at)) === hour).length;
    expect(atHour(8)).toBeGreaterThan(10 * atHour(3));
    // Spread over the year: every month has some.
    const months = new Set(rows.map((row) => Math.floor((TEST_CLOCK_START - Number(row.at)) / (31 * DAY_MS))));
    expect(months.size).toBe(12);

    // A tenant at the size is left alone; one below it gets the difference only, within the span asked for.
    expect(await seedBulkRecognition(db, cameraKinds, { records: 3000, now: TEST_CLOCK_START })).toEqual([]);
    const added = await seedBulkRecognition(db, cameraKinds, { records: 3500, now: TEST_CLOCK_START, days: 2, tenantIds: [2] });
    expect(added.map(({ tenantId, written }) => [tenantId, written])).toEqual([[2, 500]]);
    expect(await perTenant()).toEqual([
      [1, 3000],
      [2, 3500],
    ]);
    // A large write on SQLite drops the indexes and builds them again from their own definitions: all of them are back.
    const indexes = async () =>
      dialectOf(db) === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'recognition_records' order by name`.execute(db)
          ).rows.map((row) => row.name)
        : [];
    const indexesBefore = await indexes();
    const rebuilt = await seedBulkRecognition(db, cameraKinds, { records: 3200, now: TEST_CLOCK_START, tenantIds: [1], reindexFrom: 1 });
    expect(rebuilt.map(({ written }) => written)).toEqual([200]);
    expect(await indexes()).toEqual(indexesBefore);
    if (dialectOf(db) === 'sqlite') expect(indexesBefore).toContain('recognition_records_plate');
    const recent = await sql<{
      n: number;
    }>`select count(*) as n from recognition_records where tenant_id = 2 and at >= ${TEST_CLOCK_START - 2 * DAY_MS}`.execute(db);
    expect(Number(recent.rows[0]!.n)).toBeGreaterThanOrEqual(500);
  });
});
