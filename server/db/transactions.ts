import { sql, type Transaction } from 'kysely';
import { dialectOf, type Database, type Db } from './Database';

/**
 * Runs `work` in a transaction that no other transaction locked on the same key overlaps, in this
 * instance or another one on the same database: for check-then-write steps (a limit counted, then an
 * attempt stored) that must not both pass when requests race.
 * - PostgreSQL: a transaction-scoped advisory lock on the key's 64-bit hash, released at commit or rollback.
 * - SQLite: one write transaction at a time already. In one process Kysely runs every transaction on the
 *   single connection, one after another; another process waits (busy_timeout) as long as `work` writes
 *   before it reads, so callers write first where several processes may share the file.
 */
export async function lockedTransaction<T>(db: Db, key: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const postgres = dialectOf(db) === 'postgres';
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    return work(trx);
  });
}
