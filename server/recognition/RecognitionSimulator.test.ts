import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECOGNITION_API, recognitionSnapshotPath, type RecognitionRecord } from '../../contracts/recognition';
import { seedRecognitionHistory } from '../seed/history/recognitionHistory';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { setupTestServer, type TestServer } from '../testing/testServer';
import { recordsPerDay, RECORDS_PER_CAMERA_HOUR, localHour } from './recognitionModel';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const db = () => server.services.ctx.db;
const countOf = async (tenantId: number) =>
  Number(
    (
      await db()
        .selectFrom('recognition_records')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const onlineCameras = async (tenantId: number) => (await server.services.recognition.onlineCameras()).get(tenantId)?.length ?? 0;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('the recognition simulator', () => {
  it("produces each tenant's records at the model's rate, with a snapshot file for each", async () => {
    const simulator = server.services.recognitionSimulator;
    await simulator.tick(); // the first tick only marks the time
    // An hour of ticks, 30 s apart.
    for (let step = 0; step < 120; step++) {
      server.advance(30_000);
      await simulator.tick();
    }
    for (const tenantId of [1, 2]) {
      const cameras = await onlineCameras(tenantId);
      const rows = await db()
        .selectFrom('recognition_records')
        .select(['at', 'snapshot', 'kind'])
        .where('tenant_id', '=', tenantId)
        .execute();
      const hour = localHour(rows[0]?.at ?? 0);
      const mean = RECORDS_PER_CAMERA_HOUR[hour]! * cameras;
      // A Poisson count: within four standard deviations of the hour's mean.
      expect(Math.abs(rows.length - mean)).toBeLessThan(4 * Math.sqrt(mean) + 1);
      expect(new Set(rows.map((row) => row.kind)).size).toBeGreaterThan(2);
      for (const row of rows.slice(0, 5)) expect(existsSync(join(server.dataDir, 'snapshots', String(tenantId), row.snapshot!))).toBe(true);
    }
    expect(recordsPerDay(50)).toBeGreaterThan(1000);
  });

  it('serves a snapshot while it is kept, draws a seeded record’s on first sight, and prunes days past the retention', async () => {
    const clock = TEST_CLOCK_START;
    const written = await seedRecognitionHistory(db(), ['camera', 'fireCamera'], clock, 10);
    expect(written).toBeGreaterThan(0);
    const search = async (beginTime: number, endTime: number) =>
      (await server.api('GET', `${RECOGNITION_API.list}?beginTime=${beginTime}&endTime=${endTime}&pageSize=1`, { token })).body
        .rows as RecognitionRecord[];
    const [recent] = await search(clock - DAY, clock);
    const [old] = await search(clock - 10 * DAY, clock - 8 * DAY);
    expect(recent!.hasSnapshot).toBe(true);
    expect(old!.hasSnapshot).toBe(false);
    const picture = await server.app.inject({
      method: 'GET',
      url: `/api${recognitionSnapshotPath(recent!.recordId)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(0, 4)).toEqual(PNG);
    const expired = await server.api('GET', recognitionSnapshotPath(old!.recordId), { token });
    expect(expired.body).toEqual({ code: 404, msg: '该记录的抓拍图片已超过保存期限，已被清理' });
    // A day folder past the retention goes; today's stays.
    const tenantFolder = join(server.dataDir, 'snapshots', '1');
    mkdirSync(join(tenantFolder, '20200101'), { recursive: true });
    writeFileSync(join(tenantFolder, '20200101', '1-1-00000000.png'), PNG);
    expect(await server.services.recognition.snapshots.prune()).toBe(1);
    expect(readdirSync(tenantFolder)).not.toContain('20200101');
    expect(readdirSync(tenantFolder).length).toBeGreaterThan(0);
  });

  it('gives every tenant without records the same month of history, once', async () => {
    const clock = TEST_CLOCK_START;
    const first = await seedRecognitionHistory(db(), ['camera', 'fireCamera'], clock, 3);
    const tenant1 = await countOf(1);
    expect(first).toBe(tenant1 + (await countOf(2)));
    const cameras = (await server.services.recognition.cameras(1)).length;
    // Three days at the model's rate, within a few percent.
    expect(Math.abs(tenant1 - 3 * recordsPerDay(cameras)) / (3 * recordsPerDay(cameras))).toBeLessThan(0.1);
    expect(await seedRecognitionHistory(db(), ['camera', 'fireCamera'], clock, 3)).toBe(0);
    const plates = await db()
      .selectFrom('recognition_records')
      .select('plate')
      .where('tenant_id', '=', 1)
      .where('plate', 'is not', null)
      .orderBy('at')
      .limit(5)
      .execute();
    const origins = await db().selectFrom('recognition_records').select('origin').distinct().execute();
    expect(origins).toEqual([{ origin: 'seed' }]);
    // The same seed per tenant: a second database gets the same plates.
    await db().deleteFrom('recognition_records').execute();
    await seedRecognitionHistory(db(), ['camera', 'fireCamera'], clock, 3);
    expect(
      await db()
        .selectFrom('recognition_records')
        .select('plate')
        .where('tenant_id', '=', 1)
        .where('plate', 'is not', null)
        .orderBy('at')
        .limit(5)
        .execute(),
    ).toEqual(plates);
  });
});
