import { CompiledQuery } from 'kysely';
import type { Db } from './Database';

/** A value in COPY's text format: `\N` for null, and the characters that separate fields and rows escaped. */
function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`无法写入非有限数值：${value}`);
    return String(value);
  }
  return String(value).replace(/[\\\t\n\r]/g, (character) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[character]!);
}

/** Identifiers in COPY's text are quoted (table and column names come from code, never from input). */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes `rows` into `table` with PostgreSQL's `COPY … FROM STDIN`: one stream for all of them, no
 * statement to parse or plan per batch and no parameter per value (an unnest insert of the history's
 * month of recognition records took about twice as long). For new rows only: COPY cannot upsert.
 * PostgreSQL only (the pool's PreparingClient streams the data); inside a transaction it is part of it.
 * `columns` gives the columns and their order; a row's missing value is written as null.
 */
export async function copyRows<Row extends Record<string, unknown>>(
  db: Db,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<number> {
  if (!rows.length) return 0;
  const data = rows.map((row) => columns.map((name) => copyText(row[name])).join('\t')).join('\n') + '\n';
  const result = await db.executeQuery(CompiledQuery.raw(`copy ${quoted(table)} (${columns.map(quoted).join(', ')}) from stdin`, [data]));
  return Number(result.numAffectedRows ?? 0);
}
