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
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
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
