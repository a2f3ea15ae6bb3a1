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

/** Rows of COPY text made at a time: between them the event loop serves other work (a month of recognition records is ~9 MB). */
const ROWS_PER_CHUNK = 500;

/**
 * Writes `rows` into `table` with PostgreSQL's `COPY … FROM STDIN`: one stream for all of them, no
 * statement to parse or plan per batch and no parameter per value (an unnest insert of the history's
 * month of recognition records took about twice as long). For new rows only: COPY cannot upsert.
 * PostgreSQL only (the pool's PreparingClient streams the data); inside a transaction it is part of it.
 * `columns` gives the columns and their order; a row's missing value is written as null. The text is
 * made in chunks with the event loop's turn between them (all of it before the stream starts, so a value
 * COPY cannot carry refuses the whole batch): one block of 58k rows held the process for a second, and
 * every other part's round trips with it, its one large string also costing the garbage collector most of that.
 */
export async function copyRows<Row extends Record<string, unknown>>(
  db: Db,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
): Promise<number> {
  if (!rows.length) return 0;
  const chunks: string[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    if (start) await new Promise((resolve) => setImmediate(resolve));
    let text = '';
    for (let index = start; index < Math.min(rows.length, start + ROWS_PER_CHUNK); index++) {
      const row = rows[index]!;
      // A line by concatenation: no array per row (350k rows in a fresh start's history).
      let line = copyText(row[columns[0]!]);
      for (let column = 1; column < columns.length; column++) line += '\t' + copyText(row[columns[column]!]);
      text += line + '\n';
    }
    chunks.push(text);
  }
  const result = await db.executeQuery(CompiledQuery.raw(`copy ${quoted(table)} (${columns.map(quoted).join(', ')}) from stdin`, [chunks]));
  return Number(result.numAffectedRows ?? 0);
}
