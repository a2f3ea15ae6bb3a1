import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/Database';

/**
 * A fingerprint of everything the server stores, to show a refused request changed nothing. Left
 * out: a session's last-seen time (every authenticated request slides it) and the rate-limit
 * counters (counting attempts is their job). The same on both databases: tables from Kysely's
 * introspection, rows sorted here (PostgreSQL returns rows in no stable order, and an update that
 * changes nothing may still move one).
 */
export async function stateDigest(db: Db): Promise<string> {
  const tables = await tablesOf(db);
  const hash = createHash('sha256');
  for (const table of tables) {
    if (table === 'rate_limit_hits') continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows.map((row) => {
      if (table === 'sessions') delete row.last_seen_at;
      return JSON.stringify(row);
    });
    hash.update(table);
    for (const row of rows.sort()) hash.update(row);
  }
  return hash.digest('hex');
}

/** The schema is migrated once, before any test calls: its table list is read once per database. */
const tableLists = new WeakMap<Db, Promise<string[]>>();
function tablesOf(db: Db): Promise<string[]> {
  let tables = tableLists.get(db);
  if (!tables) {
    tables = db.introspection.getTables().then((list) => list.map((table) => table.name).sort());
    tableLists.set(db, tables);
  }
  return tables;
}
