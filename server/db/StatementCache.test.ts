import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StatementCache } from './StatementCache';

interface Tables {
  items: { id: number; name: string };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ops-statements-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database with a few rows, behind Kysely through a cache of `capacity` statements. */
function open(capacity?: number) {
  const sqlite = new SQLite(join(dir, 'test.sqlite'));
  sqlite.exec('create table if not exists items (id integer primary key, name text not null)');
  const cache = new StatementCache(sqlite, capacity);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: cache }) });
  return { sqlite, cache, db };
}

describe('StatementCache', () => {
  it('gives the same results as preparing every time, and sees every write at once', async () => {
    const { cache, db } = open();
    const names = () => db.selectFrom('items').select('name').where('id', '>', 0).orderBy('id').execute();
    expect(await names()).toEqual([]);
    await db.insertInto('items').values({ id: 1, name: 'a' }).execute();
    expect(await names()).toEqual([{ name: 'a' }]);
    await db.insertInto('items').values({ id: 2, name: 'b' }).execute();
    await db.updateTable('items').set({ name: 'c' }).where('id', '=', 1).execute();
    expect(await names()).toEqual([{ name: 'c' }, { name: 'b' }]);
    // One statement per SQL text, whatever the parameters.
    expect(await db.selectFrom('items').select('id').where('name', '=', 'b').execute()).toEqual([{ id: 2 }]);
    expect(await db.selectFrom('items').select('id').where('name', '=', 'c').execute()).toEqual([{ id: 1 }]);
    // Inserts, the update, the select of names and the select of ids: the same texts again reuse their statements.
    expect(cache.size).toBe(4);
    await db.destroy();
  });

  it('hands out the kept statement for the same text, and a fresh one for another', () => {
    const { sqlite, cache } = open();
    const first = cache.prepare('select * from items where id = ?');
    expect(cache.prepare('select * from items where id = ?')).toBe(first);
    expect(cache.prepare('select * from items where id = ? ')).not.toBe(first);
    sqlite.close();
  });

  it('keeps at most `capacity` statements, dropping the least recently used', () => {
    const { sqlite, cache } = open(3);
    const a = cache.prepare('select 1');
    const b = cache.prepare('select 2');
    cache.prepare('select 3');
    // `select 1` used again: `select 2` is now the least recently used.
    expect(cache.prepare('select 1')).toBe(a);
    cache.prepare('select 4');
    expect(cache.size).toBe(3);
    expect(cache.prepare('select 1')).toBe(a);
    expect(cache.prepare('select 2')).not.toBe(b);
    for (let index = 0; index < 100; index++) cache.prepare(`select ${index}`);
    expect(cache.size).toBe(3);
    sqlite.close();
  });

  it('iterates on a statement of its own, so a kept one is never left busy', () => {
    const { sqlite, cache } = open();
    sqlite.exec("insert into items values (1, 'a'), (2, 'b')");
    const text = 'select id from items order by id';
    const iterator = cache.prepare(text).iterate([]);
    expect(iterator.next().value).toEqual({ id: 1 });
    expect(cache.prepare(text).all([])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(iterator.next().value).toEqual({ id: 2 });
    iterator.return?.();
    sqlite.close();
  });

  it('makes rows exactly as better-sqlite3 does: types, nulls, repeated and odd column names', () => {
    const { sqlite, cache } = open();
    sqlite.exec("insert into items values (1, 'a'), (2, '城市')");
    const texts = [
      'select * from items order by id',
      "select id, name, null as gone, 2.5 as half, x'00ff' as bytes, 9007199254740991 as big from items order by id",
      // Two columns of one name: the last value wins, in the first one's place (better-sqlite3 does the same).
      'select a.id, a.name, b.id, b.name from items a join items b on b.id = 3 - a.id order by a.id',
      'select id as "__proto__", name as "constructor", name as "toString" from items order by id',
      'select count(*) as n from items where id > ?',
    ];
    for (const text of texts) {
      const parameters = text.includes('?') ? [0] : [];
      const expected = sqlite.prepare(text).all(...parameters);
      const rows = cache.prepare(text).all(parameters);
      expect(rows, text).toEqual(expected);
      expect(
        rows.map((row) => Object.keys(row as object)),
        text,
      ).toEqual(expected.map((row) => Object.keys(row as object)));
      expect(JSON.stringify(rows), text).toBe(JSON.stringify(expected));
    }
    sqlite.close();
  });

  it('never reuses the statements of a closed database', async () => {
    const { sqlite, cache, db } = open();
    await sql`select count(*) as n from items`.execute(db);
    expect(cache.size).toBe(1);
    await db.destroy();
    expect(cache.size).toBe(0);
    expect(() => cache.prepare('select count(*) as n from items')).toThrow(/not open/);

    // Closed behind the cache's back: what it kept is dropped, and the database's own error is thrown.
    const again = open();
    again.cache.prepare('select 1');
    again.sqlite.close();
    expect(() => again.cache.prepare('select 1')).toThrow(/not open/);
    expect(again.cache.size).toBe(0);
    expect(sqlite.open).toBe(false);
  });

  it('names the columns of the schema each run saw: changed here, by another connection, or rolled back', async () => {
    const { sqlite, cache, db } = open();
    sqlite.exec("insert into items values (1, 'a')");
    const text = 'select * from items';
    const all = () => cache.prepare(text).all([]);
    expect(all()).toEqual([{ id: 1, name: 'a' }]);
    expect(all()).toEqual([{ id: 1, name: 'a' }]);
    // Another connection renames a column: as many columns as before, another name.
    const other = new SQLite(join(dir, 'test.sqlite'));
    other.exec('alter table items rename column name to title');
    expect(all()).toEqual([{ id: 1, title: 'a' }]);
    expect(all()).toEqual([{ id: 1, title: 'a' }]);
    other.exec('alter table items add column size integer not null default 7');
    expect(all()).toEqual([{ id: 1, title: 'a', size: 7 }]);
    // Changed in a transaction of this connection, then rolled back: the schema version goes back too.
    const renamedThenRolledBack = (to: string) =>
      db.transaction().execute(async (trx) => {
        await sql.raw(`alter table items rename column size to ${to}`).execute(trx);
        expect((await sql`select * from items`.execute(trx)).rows).toEqual([{ id: 1, title: 'a', [to]: 7 }]);
        expect(all()).toEqual([{ id: 1, title: 'a', [to]: 7 }]);
        throw new Error('rolled back');
      });
    await expect(renamedThenRolledBack('weight')).rejects.toThrow('rolled back');
    expect((await sql`select * from items`.execute(db)).rows).toEqual([{ id: 1, title: 'a', size: 7 }]);
    expect(all()).toEqual([{ id: 1, title: 'a', size: 7 }]);
    // Rolled back, then another connection's change brings the version to the one seen in the transaction.
    await expect(renamedThenRolledBack('mass')).rejects.toThrow('rolled back');
    other.exec('alter table items rename column title to label');
    expect((await sql`select * from items`.execute(db)).rows).toEqual([{ id: 1, label: 'a', size: 7 }]);
    expect(all()).toEqual([{ id: 1, label: 'a', size: 7 }]);
    other.close();
    await db.destroy();
  });

  it('goes on working across schema changes', async () => {
    const { db } = open();
    await db.insertInto('items').values({ id: 1, name: 'a' }).execute();
    const all = () => sql<Record<string, unknown>>`select * from items`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a' }]);
    await sql`alter table items add column size integer not null default 7`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'a', size: 7 }]);
    await sql`drop table items`.execute(db);
    await expect(all()).rejects.toThrow(/no such table/);
    await db.destroy();
  });
});
