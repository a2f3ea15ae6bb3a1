import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { errorMessage } from '../../contracts/errorMessage';
import type { DialectName } from '../db/Database';
import { newerMigrations } from '../db/migrate';
import { runProgram, type PostgresTools } from './postgresTools';

/**
 * A backup file is the database's own format, so the usual tools read it too: on SQLite a database
 * file (made by the online backup API), on PostgreSQL a pg_dump custom-format archive. The first bytes
 * say which; the migrations it is at are its kysely_migration table.
 */
export type BackupKind = DialectName;

export const KIND_NAMES: Record<BackupKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_DUMP_MAGIC = 'PGDMP';

/** Which database `file` is a backup of; a missing or foreign file is a Chinese error. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new Error(`备份文件不存在：${file}`);
  if (!statSync(file).isFile()) throw new Error(`备份文件不是普通文件：${file}`);
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = head.subarray(0, read).toString('latin1');
  if (text === SQLITE_MAGIC) return 'sqlite';
  if (text.startsWith(PG_DUMP_MAGIC)) return 'postgres';
  throw new Error(`${file} 不是本程序的备份文件（既不是 SQLite 数据库，也不是 pg_dump -Fc 的归档）`);
}

/** The migrations an open SQLite database (a backup, a copy of one, the server's) has run, oldest first. */
export function sqliteMigrations(db: SQLite.Database): string[] {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  return table ? db.prepare<[], string>('select name from kysely_migration order by name').pluck().all() : [];
}

/** A database to back up or a backup to restore has run no migration: it is not this program's. */
export function requireMigrations(migrations: string[], what: string): string[] {
  if (!migrations.length) throw new Error(`${what}不是本程序的数据库：其中没有结构版本记录（kysely_migration）`);
  return migrations;
}

/**
 * The rows of `tables` in a pg_dump archive, each row as its column texts (COPY's text format, `\N` for
 * null), read by pg_restore without a database; a table the archive holds no data of is absent.
 */
export async function postgresDumpTables(tools: PostgresTools, file: string, tables: readonly string[]): Promise<Map<string, string[][]>> {
  const args = ['--data-only', ...tables.map((table) => `--table=${table}`), '--file=-', file];
  const script = await runProgram(tools.pgRestore, args).catch((error: unknown) => {
    throw new Error(`无法读取备份文件 ${file}（不完整或已损坏？）：${errorMessage(error)}`, { cause: error });
  });
  const found = new Map<string, string[][]>();
  let rows: string[][] | undefined;
  for (const line of script.split('\n')) {
    if (rows) {
      if (line === '\\.') rows = undefined;
      else rows.push(line.split('\t').map(unescapeCopyText));
      continue;
    }
    const copy = /^COPY (?:\w+\.)?"?(\w+)"? \(.*\) FROM stdin;$/.exec(line);
    if (copy) found.set(copy[1]!, (rows = []));
  }
  if (rows) throw new Error(`备份文件 ${file} 中的数据不完整`);
  return found;
}

/** COPY's text format: `\N` is null (kept as is), and backslash escapes control characters and itself. */
function unescapeCopyText(field: string): string {
  if (field === '\\N') return field;
  const controls: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
  return field.replace(/\\(.)/g, (_, char: string) => controls[char] ?? char);
}

/** The migrations a pg_dump archive's database had run, oldest first. */
export async function postgresMigrations(tools: PostgresTools, file: string): Promise<string[]> {
  const rows = (await postgresDumpTables(tools, file, ['kysely_migration'])).get('kysely_migration') ?? [];
  return rows.map((row) => row[0] ?? '').sort();
}

/** The migrations guard of server/db/migrate.ts, for a backup: one made by a newer program is refused. */
export function refuseNewerBackup(migrations: readonly string[], kind: BackupKind): void {
  const newer = newerMigrations(migrations, kind);
  if (newer.length) throw new Error(`备份的数据库结构版本 ${newer.join('、')} 比本程序新，请升级程序后再恢复`);
}

/** The newest migration, as the commands report it. */
export const schemaVersion = (migrations: readonly string[]) => migrations[migrations.length - 1] ?? '无';
