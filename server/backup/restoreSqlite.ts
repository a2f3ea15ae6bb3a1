import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { errorMessage } from '../../contracts/errorMessage';
import { advancePushCountersSql, type PushCounter } from './advancePushCounters';
import { refuseNewerBackup, requireMigrations, schemaVersion, sqliteMigrations } from './backupFile';
import { besideName, syncToDisk, type BackupReport } from './putInPlace';

/** What the database being replaced holds, as far as a restore cares. */
interface Existing {
  empty: boolean;
  pushCounters: PushCounter[];
}

/**
 * Restores the SQLite backup `file` as the database `target` (DATA_DIR/dashboard.sqlite). The backup is
 * copied beside the target and checked there (intact, this program's, not newer than it); a non-empty
 * target is replaced only with `force`, and never while a server has it open. The copy then takes the
 * target's name in one rename, after the old database's write-ahead log was folded in and its -wal and
 * -shm files removed (a stale log beside the new file would be replayed into it): at any moment the
 * target is the old database or the whole restored one. A refusal changes nothing.
 */
export async function restoreSqlite(file: string, target: string, force: boolean): Promise<BackupReport> {
  // A data directory made here goes again if the restore does not happen.
  const madeDir = mkdirSync(dirname(target), { recursive: true });
  const copy = besideName(target, 'restoring');
  let restored = false;
  try {
    copyFileSync(file, copy);
    const db = openIntact(copy, file);
    let migrations: string[];
    try {
      migrations = requireMigrations(sqliteMigrations(db), `备份文件 ${file} `);
      refuseNewerBackup(migrations, 'sqlite');
      const existing = readExisting(target);
      if (!existing.empty && !force)
        throw new Error(`数据库 ${target} 中已有数据：恢复会覆盖它，确认要覆盖请加 --force（建议先用 npm run backup 备份它）`);
      db.transaction(() => {
        for (const statement of advancePushCountersSql(existing.pushCounters, (name) => name)) db.prepare(statement).run();
      })();
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
    syncToDisk(copy);
    if (existsSync(target)) releaseOld(target);
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(copy, target);
    syncToDisk(target);
    restored = true;
    return { kind: 'sqlite', version: schemaVersion(migrations) };
  } finally {
    rmSync(copy, { force: true });
    rmSync(`${copy}-journal`, { force: true });
    if (madeDir && !restored) rmSync(madeDir, { recursive: true, force: true });
  }
}

/** The copy of the backup, opened once SQLite's quick_check finds it intact. */
function openIntact(copy: string, file: string): SQLite.Database {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(copy);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(String(check));
    return db;
  } catch (error) {
    db?.close();
    throw new Error(`备份文件 ${file} 已损坏：${errorMessage(error)}`, { cause: error });
  }
}

/** Whether the target holds tables, and its push counters (so the restored ones are not below them). */
function readExisting(target: string): Existing {
  if (!existsSync(target)) return { empty: true, pushCounters: [] };
  let db: SQLite.Database | undefined;
  try {
    // Read-write: a read-only connection would leave -wal and -shm files behind on a database nobody has open.
    db = new SQLite(target, { fileMustExist: true });
    const tables = db.prepare<[], string>("select name from sqlite_master where type = 'table'").pluck().all();
    const pushCounters = tables.includes('push_counters')
      ? db.prepare<[], PushCounter>('select tenant_id as tenantId, seq from push_counters').all()
      : [];
    return { empty: tables.length === 0, pushCounters };
  } catch {
    // Not a database at all (or unreadable): something is there, so only --force replaces it.
    return { empty: false, pushCounters: [] };
  } finally {
    db?.close();
  }
}

/**
 * Takes the old database out of WAL mode, which folds its log into the file and needs every other
 * connection gone: a server still running on it makes this fail, and the restore stops there.
 */
function releaseOld(target: string): void {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(target, { fileMustExist: true });
  } catch {
    return; // not a database: nothing to fold in, the rename replaces it
  }
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    if (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY'))
      throw new Error(`数据库 ${target} 正被运行中的服务使用：请先停止服务（所有实例）再恢复`, { cause: error });
    throw error;
  } finally {
    db.close();
  }
}
