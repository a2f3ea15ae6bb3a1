import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { requireMigrations, schemaVersion, sqliteMigrations } from './backupFile';
import { putInPlace, type BackupReport } from './putInPlace';

/** Pages per step of the online backup: all of them, so the copy is one read transaction (see below). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database `source` to `file` with SQLite's online backup API while the server may be
 * writing to it. The copy is taken in one step, inside one read transaction: in WAL mode writers go on
 * meanwhile and the copy is the database as of one commit (copied in small steps, every commit of the
 * server in between would restart it). The copy is written beside `file` and renamed when complete, in
 * rollback-journal mode so the one file is the whole backup.
 */
export async function backupSqlite(source: string, file: string): Promise<BackupReport> {
  if (!existsSync(source)) throw new Error(`数据库文件不存在：${source}（DATA_DIR 是否正确？）`);
  return putInPlace(file, async (partial) => {
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      requireMigrations(sqliteMigrations(db), `数据库文件 ${source} `);
      await db.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
    const copy = new SQLite(partial);
    try {
      copy.pragma('journal_mode = DELETE');
      return { kind: 'sqlite', version: schemaVersion(sqliteMigrations(copy)) };
    } finally {
      copy.close();
    }
  });
}
