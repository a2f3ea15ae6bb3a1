import { sql, type Expression, type RawBuilder } from 'kysely';

/** What a column holds, as PostgreSQL names the type of the array its values travel in. */
export type ColumnType = 'integer' | 'bigint' | 'float8' | 'text';

/**
 * `select * from unnest($1::integer[], $2::text[], …)`: many rows in one statement whose parameters are
 * one array per column, for `insertInto(table).columns(names).expression(…)` on PostgreSQL. A VALUES list
 * of the same rows has a parameter per cell, which PostgreSQL parses and plans each time (thousands for a
 * day of tickets); this text is the same for any number of rows. `columns` gives the order of both.
 */
export function unnestRows<Row extends Record<string, unknown>>(
  columns: { readonly [Name in keyof Row & string]: ColumnType },
  rows: readonly Row[],
): RawBuilder<unknown> & Expression<unknown> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  const arrays = names.map((name) => sql`${rows.map((row) => row[name] ?? null)}::${sql.raw(columns[name])}[]`);
  return sql`select * from unnest(${sql.join(arrays)})`;
}

/** The column names of `columns`, in its order (for `.columns()` beside `unnestRows`). */
export const columnNames = <Name extends string>(columns: { readonly [Key in Name]: ColumnType }): Name[] => Object.keys(columns) as Name[];
