import { sql } from 'kysely';
import { dialectOf, type Db } from './Database';

/**
 * `count` ids of `table`'s key `column` (a key the database numbers, migrationDialect's autoId), in
 * ascending order, for rows written later with their ids given: the ids the next `count` inserts would
 * have taken. PostgreSQL draws them from the column's identity sequence (no other writer gets them);
 * SQLite, whose one writer is the caller's transaction, continues from the table's highest id or its
 * AUTOINCREMENT counter, which an insert of a higher id moves on.
 */
export async function reserveIds(db: Db, table: string, column: string, count: number): Promise<number[]> {
  if (count <= 0) return [];
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ id: number | string }>`
      select nextval(pg_get_serial_sequence(${table}, ${column})) as "id" from generate_series(1, ${count})`.execute(db);
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  const { rows } = await sql<{ last: number | null }>`
    select max(coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0),
               coalesce((select seq from sqlite_sequence where name = ${table}), 0)) as "last"`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  return Array.from({ length: count }, (_, index) => last + index + 1);
}
