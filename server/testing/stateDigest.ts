import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/Database';

/**
 * A fingerprint of everything the server stores, to show a refused request changed nothing. Left
 * out: a session's last-seen time (every authenticated request slides it) and the rate-limit
 * counters (counting attempts is their job).
 */
export async function stateDigest(db: Db): Promise<string> {
  const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name`.execute(db)).rows.map((row) => row.name);
  const hash = createHash('sha256');
  for (const table of tables) {
    if (table === 'rate_limit_hits') continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(db)).rows;
    hash.update(table);
    for (const row of rows) {
      if (table === 'sessions') delete row.last_seen_at;
      hash.update(JSON.stringify(row));
    }
  }
  return hash.digest('hex');
}
