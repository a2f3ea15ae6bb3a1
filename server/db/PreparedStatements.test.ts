import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HOLD_SCHEMA_SQL, PreparingPool, type PreparingClient } from './PreparedStatements';

// PostgreSQL only (project server-pg, where DATABASE_URL is this file's own database).
const onPostgres = Boolean(inject('postgresAdminUrl'));

describe.skipIf(!onPostgres)('PreparingPool', () => {
  let pool: pg.Pool;
  let other: pg.Client;
  /** Errors the connections raised between queries (a dropped backend): reported by name, not as an unhandled error. */
  const connectionErrors: string[] = [];
  const noteError = (who: string) => (error: Error) => connectionErrors.push(`${who}: ${error.message}`);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    pool.on('error', noteError('pool'));
    other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    other.on('error', noteError('other'));
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await pool.end();
    expect(connectionErrors).toEqual([]);
  });

  /** A table of its own per test, a pool of one connection (so every query meets the statements it prepared). */
  async function table(name: string) {
    await other.query(`drop table if exists ${name}`);
    await other.query(`create table ${name} (id integer primary key, label text not null)`);
    await other.query(`insert into ${name} values (1, 'a'), (2, '城市')`);
  }

  async function withClient<T>(capacity: number | undefined, work: (client: PreparingClient) => Promise<T>): Promise<T> {
    const client = (await new PreparingPool(pool, capacity).connect()) as PreparingClient;
    try {
      return await work(client);
    } finally {
      client.release();
    }
  }

  it('gives the same rows as unnamed queries and prepares each text once per connection, when it comes again', async () => {
    await table('prepared_same');
    await withClient(undefined, async (client) => {
      const text = 'select id, label from prepared_same where id >= $1 order by id';
      for (const from of [1, 2, 1, 1, 1, 1, 1, 1]) {
        const expected = await other.query(text, [from]);
        const result = await client.query<{ id: number; label: string }>(text, [from]);
        expect(result.rows).toEqual(expected.rows);
        expect(result.command).toBe('SELECT');
      }
      for (const [id, label] of [
        [1, 'b'],
        [2, 'c'],
      ] as const)
        expect((await client.query('update prepared_same set label = $1 where id = $2', [label, id])).rowCount).toBe(1);
      expect((await client.query('select label from prepared_same where id = $1', [1])).rows).toEqual([{ label: 'b' }]);
      const listed = 'select statement from pg_prepared_statements where statement like $1 order by prepare_time';
      await client.query(listed, ['%prepared_same%']);
      const prepared = await client.query<{ statement: string }>(listed, ['%prepared_same%']);
      // Run once, `select label` is not prepared; the listing is, from its second run.
      expect(prepared.rows.map((row) => row.statement)).toEqual([text, 'update prepared_same set label = $1 where id = $2']);
      expect(
        (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [listed])).rows,
      ).toEqual([{ n: 1 }]);
      expect(client.preparedCount).toBe(3);
    });
  });

  it('prepares nothing in a transaction, DDL or transaction control, and at most `capacity` texts', async () => {
    await table('prepared_bounded');
    await withClient(3, async (client) => {
      await client.query('begin', []);
      expect((await client.query('select count(*)::int as n from prepared_bounded', [])).rows).toEqual([{ n: 2 }]);
      await client.query('commit', []);
      await client.query('create temporary table scratch (id integer)', []);
      expect(client.preparedCount).toBe(0);
      for (let index = 0; index < 10; index++)
        for (let run = 0; run < 2; run++)
          expect((await client.query(`select $1::int + ${index} as n`, [1])).rows).toEqual([{ n: 1 + index }]);
      expect(client.preparedCount).toBe(3);
      // The connection is the one earlier tests used: only this test's statements are counted (the query counting them is not prepared, the capacity is reached).
      const prepared = await client.query<{ statement: string }>(
        "select statement from pg_prepared_statements where statement like 'select $1::int%' or statement like '%prepared_bounded%' or statement like '%scratch%' order by statement",
        [],
      );
      expect(prepared.rows.map((row) => row.statement)).toEqual([
        'select $1::int + 0 as n',
        'select $1::int + 1 as n',
        'select $1::int + 2 as n',
      ]);
    });
  });

  it('prepares in a transaction that holds the migration lock, and no longer once it ends; a migration waits for it', async () => {
    await table('prepared_held');
    await withClient(undefined, async (client) => {
      const text = 'select label from prepared_held where id = $1';
      await client.query('begin', []);
      await client.query(HOLD_SCHEMA_SQL, []);
      for (let run = 0; run < 3; run++) expect((await client.query(text, [2])).rows).toEqual([{ label: '城市' }]);
      expect(client.preparedCount).toBe(1);
      // Kysely's migrator takes the same key as a session lock: it cannot while the transaction holds it.
      const { rows } = await other.query<{ locked: boolean }>('select pg_try_advisory_lock(3853314791062309107) as locked');
      expect(rows).toEqual([{ locked: false }]);
      await client.query('commit', []);
      await client.query('begin', []);
      for (let run = 0; run < 3; run++) await client.query('select id from prepared_held where label = $1', ['a']);
      await client.query('rollback', []);
      expect(client.preparedCount).toBe(1);
    });
  });

  it('prepares again a `select *` that another connection’s schema change made stale, and passes other errors on', async () => {
    await table('prepared_stale');
    await withClient(undefined, async (client) => {
      const all = async () => (await client.query<Record<string, unknown>>('select * from prepared_stale order by id', [])).rows;
      // Enough runs for PostgreSQL to settle on its generic plan.
      for (let run = 0; run < 7; run++)
        expect(await all()).toEqual([
          { id: 1, label: 'a' },
          { id: 2, label: '城市' },
        ]);
      await other.query('alter table prepared_stale add column size integer not null default 7');
      expect(await all()).toEqual([
        { id: 1, label: 'a', size: 7 },
        { id: 2, label: '城市', size: 7 },
      ]);
      await other.query('alter table prepared_stale drop column label');
      expect(await all()).toEqual([
        { id: 1, size: 7 },
        { id: 2, size: 7 },
      ]);
      // The stale statements were dropped on the server: only the current one is left.
      expect(
        (
          await client.query<{ n: number }>(
            "select count(*)::int as n from pg_prepared_statements where statement like 'select * from prepared_stale%'",
            [],
          )
        ).rows,
      ).toEqual([{ n: 1 }]);

      for (let run = 0; run < 2; run++)
        await expect(client.query('select * from prepared_missing where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
      await other.query('create table prepared_missing (id integer)');
      expect((await client.query('select * from prepared_missing where id = $1', [1])).rows).toEqual([]);
      await other.query('drop table prepared_missing');
    });
  });

  it('serves Kysely as the plain pool did', async () => {
    await table('prepared_kysely');
    const kyselyPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    kyselyPool.on('error', noteError('kysely pool'));
    const db = new Kysely<{ prepared_kysely: { id: number; label: string } }>({
      dialect: new PostgresDialect({ pool: new PreparingPool(kyselyPool) }),
    });
    try {
      for (let run = 0; run < 8; run++)
        expect(await db.selectFrom('prepared_kysely').selectAll().where('id', '>', 0).orderBy('id').execute()).toEqual([
          { id: 1, label: 'a' },
          { id: 2, label: '城市' },
        ]);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('prepared_kysely').values({ id: 3, label: 'c' }).execute();
        await trx.updateTable('prepared_kysely').set({ label: 'd' }).where('id', '=', 3).execute();
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('prepared_kysely').values({ id: 4, label: 'e' }).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await db.selectFrom('prepared_kysely').select('label').orderBy('id').execute()).map((row) => row.label)).toEqual([
        'a',
        '城市',
        'd',
      ]);
      expect((await sql<{ n: number }>`select count(*)::int as n from prepared_kysely where id = ${3}`.execute(db)).rows).toEqual([
        { n: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
