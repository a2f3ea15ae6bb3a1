import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyRows } from './copyRows';
import { registerDialect, type Database, type Db } from './Database';
import { PreparingPool } from './PreparedStatements';

// PostgreSQL only (project server-pg, where DATABASE_URL is this file's own database).
const onPostgres = Boolean(inject('postgresAdminUrl'));

describe.skipIf(!onPostgres)('copyRows', () => {
  let pool: pg.Pool;
  let db: Db;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    // As openDatabase's pool: a connection ended by the file's database being dropped must not throw in the worker.
    // An idle connection's error is re-emitted on the pool, which throws without a listener.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PreparingPool(pool) }) });
    registerDialect(db, 'postgres');
    await sql`create table copy_probe (id serial primary key, label text, amount bigint, share double precision)`.execute(db);
  });
  afterAll(async () => {
    await sql`drop table copy_probe`.execute(db);
    await db.destroy();
  });

  const stored = async () =>
    (
      await sql<{
        label: string | null;
        amount: string | null;
        share: number | null;
      }>`select label, amount, share from copy_probe order by id`.execute(db)
    ).rows;

  it('writes every row as given: nulls, tabs, new lines, backslashes and 汉字 come back unchanged', async () => {
    const rows = [
      { label: '浙A·12345\t车牌', amount: 1, share: 0.5 },
      { label: '第一行\n第二行\r\n', amount: null, share: -1.25 },
      { label: 'C:\\路径\\N', amount: 9_007_199_254_740_991, share: null },
      { label: null, amount: 0, share: 0 },
      { label: '\\N', amount: 2, share: 1e-9 },
    ];
    expect(await copyRows(db, 'copy_probe', ['label', 'amount', 'share'], rows)).toBe(5);
    expect((await stored()).map((row) => ({ ...row, amount: row.amount === null ? null : Number(row.amount) }))).toEqual(rows);
    expect(await copyRows(db, 'copy_probe', ['label'], [])).toBe(0);
  });

  it('is part of the transaction it runs in: rolled back with it', async () => {
    const before = (await stored()).length;
    await expect(
      db.transaction().execute(async (trx) => {
        await copyRows(trx, 'copy_probe', ['label'], [{ label: '回滚' }, { label: '回滚' }]);
        expect((await sql`select count(*) as n from copy_probe`.execute(trx)).rows).toEqual([{ n: String(before + 2) }]);
        throw new Error('回滚');
      }),
    ).rejects.toThrow('回滚');
    expect((await stored()).length).toBe(before);
  });

  it('refuses a value COPY cannot carry and a row the table refuses, writing none of the rows', async () => {
    const before = (await stored()).length;
    await expect(copyRows(db, 'copy_probe', ['label', 'share'], [{ label: 'a', share: Number.NaN }])).rejects.toThrow('无法写入非有限数值');
    await expect(
      copyRows(
        db,
        'copy_probe',
        ['label', 'amount'],
        [
          { label: 'a', amount: 1 },
          { label: 'b', amount: 'not a number' },
        ],
      ),
    ).rejects.toThrow(/bigint/);
    expect((await stored()).length).toBe(before);
  });
});
