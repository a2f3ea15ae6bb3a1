import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RECOGNITION_SEARCH_COUNT_CAP } from '../../contracts/api/recognitionRoutes';
import { RECOGNITION_API, type RecognitionRecord } from '../../contracts/recognition';
import { dialectOf } from '../db/Database';
import { PLATE_SEARCH_TABLE } from '../db/migrations/024_plate_search';
import { seedBulkRecognition } from '../seed/bulkRecognition';
import { seedRecognitionHistory } from '../seed/history/recognitionHistory';
import { DAY_MS } from '../stats/periods';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { setupTestServer, type TestServer } from '../testing/testServer';
import type { RecognitionRow } from './recognitionModel';
import { parseRecognitionQuery, RecognitionService } from './RecognitionService';
import { recognitionRow } from './recognitionTestRows';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

const NOW = TEST_CLOCK_START;
const CAMERA_KINDS = ['camera', 'fireCamera'];
const db = () => server.services.ctx.db;
const range = { beginTime: NOW - 30 * DAY_MS, endTime: NOW + DAY_MS };

/** What a LIKE over the tenant's range finds: the ids the search must find, newest first. */
async function likeIds(tenantId: number, fragment: string): Promise<number[]> {
  const rows = await db()
    .selectFrom('recognition_records')
    .select('record_id')
    .where('tenant_id', '=', tenantId)
    .where('at', '>=', range.beginTime)
    .where('at', '<=', range.endTime)
    .where('plate', 'like', `%${fragment}%`)
    .orderBy('at', 'desc')
    .orderBy('record_id', 'desc')
    .execute();
  return rows.map((row) => Number(row.record_id));
}

/** What the search finds (its count and its every row, through the export's iteration). */
async function searchIds(
  tenantId: number,
  fragment: string,
  service = server.services.recognition,
): Promise<{ count: number; ids: number[] }> {
  const filter = parseRecognitionQuery({ ...range, plate: fragment });
  const ids: number[] = [];
  for await (const record of service.iterate(tenantId, filter)) ids.push(record.recordId);
  return { count: await service.count(tenantId, filter), ids };
}

/**
 * SQLite: the FTS table agrees with recognition_records row for row (FTS5's own check; it throws otherwise).
 * PostgreSQL: the pg_trgm index is there (this machine's and the CI's Debian PostgreSQL 15 ship pg_trgm).
 */
async function expectIndexIntact(): Promise<void> {
  // The plates per day (车辆管控's plate figures) equal the records' own counts, whoever wrote them.
  const counted = await db()
    .selectFrom('recognition_plate_days')
    .select(['tenant_id', 'day', 'kind', 'plate', 'n'])
    .orderBy(['tenant_id', 'day', 'kind', 'plate'])
    .execute();
  const recounted = await db()
    .selectFrom('recognition_records')
    .select(['tenant_id', sql<number>`at / ${sql.lit(DAY_MS)}`.as('day'), 'kind', 'plate', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plate', 'is not', null)
    .groupBy(['tenant_id', sql`at / ${sql.lit(DAY_MS)}`, 'kind', 'plate'])
    .orderBy(['tenant_id', 'day', 'kind', 'plate'])
    .execute();
  const asNumbers = (rows: typeof counted) => rows.map((row) => [row.tenant_id, Number(row.day), row.kind, row.plate, Number(row.n)]);
  expect(counted.length).toBeGreaterThan(0);
  expect(asNumbers(counted)).toEqual(asNumbers(recounted.map((row) => ({ ...row, plate: row.plate! }))));
  if (dialectOf(db()) === 'postgres') {
    const { rows } = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'recognition_records_plate_trigram'`.execute(db());
    expect(rows[0]?.indexdef).toContain('gin_trgm_ops');
    return;
  }
  const table = sql.table(PLATE_SEARCH_TABLE);
  await sql`insert into ${table} (${table}, rank) values ('integrity-check', 1)`.execute(db());
}

const vehicle = (tenantId: number, at: number, plate: string): RecognitionRow =>
  recognitionRow(tenantId, 1, at, { plate, plate_color: 'BLUE', vehicle_type: 'CAR', vehicle_color: 'WHITE', power_type: 'RYC' });

describe('the plate fragment search (migration 024)', () => {
  it('finds by any fragment exactly what LIKE finds, tenant by tenant, whichever writer stored the records', async () => {
    // The history (RecognitionService.insert), the bulk seed with its triggers kept and with them dropped and
    // the index rebuilt (reindexFrom), then the live simulator's ticks (store → insert).
    expect(await seedRecognitionHistory(db(), CAMERA_KINDS, NOW, 4)).toBeGreaterThan(1000);
    await seedBulkRecognition(db(), CAMERA_KINDS, { records: 6000, now: NOW, days: 30, tenantIds: [1] });
    await seedBulkRecognition(db(), CAMERA_KINDS, { records: 9000, now: NOW, days: 30, tenantIds: [2], reindexFrom: 1 });
    const simulator = server.services.recognitionSimulator;
    await simulator.tick();
    for (let step = 0; step < 20; step++) {
      server.advance(60_000);
      await simulator.tick();
    }
    await expectIndexIntact();
    // A rare fragment: the tail of a plate that is there.
    const [sample] = await likeIds(1, '浙');
    const stored = await db().selectFrom('recognition_records').select('plate').where('record_id', '=', sample!).executeTakeFirstOrThrow();
    const rare = stored.plate!.slice(-5);
    const fragments = ['浙A1', '苏E', 'A12', '123', '0000', rare, 'D1', '浙', '7', 'Z9Z'];
    // SQLite looks a fragment's records up by id, or LIKEs the range when the FTS index holds more than
    // plateLookupMax matches: both plans, whichever a fragment would get (0: every fragment found is LIKE'd).
    const likeEveryFound = new RecognitionService(db(), CAMERA_KINDS, server.services.recognition.snapshots, 0);
    for (const service of [server.services.recognition, likeEveryFound])
      for (const tenantId of [1, 2])
        for (const fragment of fragments) {
          const expected = await likeIds(tenantId, fragment);
          expect({ tenantId, fragment, ...(await searchIds(tenantId, fragment, service)) }).toEqual({
            tenantId,
            fragment,
            count: expected.length,
            ids: expected,
          });
        }
    expect((await likeIds(1, 'A12')).length).toBeGreaterThan(0);
    expect((await likeIds(2, rare)).length).toBeLessThan((await likeIds(1, rare)).length + (await likeIds(2, rare)).length);

    // Deleted records leave the index with them.
    await db()
      .deleteFrom('recognition_records')
      .where('tenant_id', '=', 1)
      .where('at', '>', NOW - 2 * DAY_MS)
      .execute();
    await expectIndexIntact();
    for (const fragment of ['A12', rare]) expect((await searchIds(1, fragment)).ids).toEqual(await likeIds(1, fragment));
  });

  it('counts a fragment of one or two characters up to 10,000 (totalCapped), a longer one exactly; another tenant sees none of it', async () => {
    const mine = Array.from({ length: RECOGNITION_SEARCH_COUNT_CAP + 50 }, (_, index) =>
      vehicle(1, NOW - 1000 * (index + 1), `浙A1${String(index).padStart(5, '0')}`),
    );
    await RecognitionService.insert(db(), mine);
    await RecognitionService.insert(db(), [vehicle(2, NOW - 5000, '浙A100049'), vehicle(2, NOW - 6000, '苏B200049')]);
    type Reply = { code: number; msg: string; rows?: RecognitionRecord[]; total?: number; totalCapped?: boolean };
    const search = async (plate: string, as = token) => {
      const query = new URLSearchParams({ beginTime: String(NOW - DAY_MS), endTime: String(NOW), plate });
      const { body } = await server.api('GET', `${RECOGNITION_API.list}?${query}`, { token: as });
      return body as Reply;
    };
    const short = await search('浙');
    expect([short.total, short.totalCapped, short.rows?.length]).toEqual([RECOGNITION_SEARCH_COUNT_CAP, true, 20]);
    expect(short.rows?.[0]?.plate).toBe('浙A100000');
    const twoCharacters = await search('a1');
    expect([twoCharacters.total, twoCharacters.totalCapped]).toEqual([RECOGNITION_SEARCH_COUNT_CAP, true]);
    // Three characters and more: counted exactly, however many.
    const common = await search('浙A1');
    expect([common.total, common.totalCapped]).toEqual([RECOGNITION_SEARCH_COUNT_CAP + 50, false]);
    const rare = await search('00049');
    expect([rare.total, rare.totalCapped, rare.rows?.map((row) => row.plate)]).toEqual([1, false, ['浙A100049']]);
    // A short fragment under the cap is counted exactly.
    const few = await search('苏');
    expect([few.total, few.totalCapped]).toEqual([0, false]);

    // The admin, switched to tenant 2, finds its own two and none of tenant 1's.
    const other = await server.login('ADMIN-2026-DEMO');
    expect((await server.api('POST', '/tenantLogin', { token: other, body: { tenantId: 2 } })).body.code).toBe(200);
    expect((await search('00049', other)).rows?.map((row) => row.plate)).toEqual(['浙A100049', '苏B200049']);
    expect([(await search('浙', other)).total, (await search('浙', other)).totalCapped]).toEqual([1, false]);
    expect((await searchIds(2, '00049')).ids).toEqual(await likeIds(2, '00049'));
    expect((await searchIds(2, '浙A1')).count).toBe(1);

    // Bad fragments are refused in Chinese as before, the FTS query syntax among them.
    for (const plate of ['12"3', '浙*', 'plate:A1', "A1'", '%']) {
      const refused = await search(plate);
      expect([refused.code, refused.msg]).toEqual([400, '车牌（plate）只能包含汉字、字母和数字']);
    }
    expect((await search(' · ')).msg).toBe('车牌（plate）不能为空');
  });
});
