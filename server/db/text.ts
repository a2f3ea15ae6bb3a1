import { sql, type RawBuilder } from 'kysely';
import { dialectOf, type Db } from './Database';

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (char) => char.toLowerCase());

/**
 * `column` contains `keyword` (taken literally: `%`, `_` and `\` are no wildcards), ASCII letters
 * matched without regard to case and every other character exactly, on both databases. That is what
 * SQLite's LIKE does; PostgreSQL's LIKE is case-sensitive and its lower() folds non-ASCII letters too,
 * except under the "C" collation, which folds A–Z only.
 */
export function containsText(db: Db, column: string, keyword: string): RawBuilder<boolean> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  if (dialectOf(db) === 'postgres') return sql<boolean>`lower(${sql.ref(column)} collate "C") like ${asciiLower(pattern)} escape '\\'`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * A text column to order by, compared byte by byte as SQLite does: PostgreSQL would otherwise follow
 * the database's locale (en_US puts `b` before `C`, `C` before `b` in SQLite).
 */
export function byteOrder(db: Db, column: string): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`${sql.ref(column)} collate "C"` : sql<string>`${sql.ref(column)}`;
}
