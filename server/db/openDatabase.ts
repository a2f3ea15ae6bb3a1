import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool, TypeOverrides } from 'pg';
import { registerDialect, type Database, type Db, type DialectName } from './Database';
import { DeviceDataVersion } from './DeviceDataVersion';
import { PreparingPool } from './PreparedStatements';
import { StatementCache } from './StatementCache';

export interface OpenedDatabase {
  db: Db;
  dialect: DialectName;
  /** Changes whenever devices may have changed (device list pages are cached against it). */
  deviceVersion: DeviceDataVersion;
  /** PostgreSQL: the pool's connections now (/metrics); SQLite has one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseTarget {
  /** `postgres://…`: PostgreSQL; absent: the SQLite file. */
  databaseUrl?: string | undefined;
  sqliteFile: string;
  /** Told about errors of idle PostgreSQL connections (a restarted database), which have no query to fail. */
  onIdleError?: (error: Error) => void;
  /** PostgreSQL: the channel committed device changes are announced on (NOTIFY), for the other instances. */
  notifyChannel?: string;
}

/** The SQLite file of a configuration: `dbFile`, else `dashboard.sqlite` in the data directory. */
export function sqliteFileOf(config: { dataDir: string; dbFile?: string | undefined }): string {
  return config.dbFile ?? join(config.dataDir, 'dashboard.sqlite');
}

/** PostgreSQL's connections per server instance. */
export const POSTGRES_POOL_SIZE = 10;

/** Opens the database the configuration names: PostgreSQL when a URL is given, else the SQLite file. */
export function openDatabase(target: DatabaseTarget): OpenedDatabase {
  return target.databaseUrl ? openPostgres(target.databaseUrl, target.onIdleError, target.notifyChannel) : openSqlite(target.sqliteFile);
}

/** Opens (creating if needed) the SQLite file in WAL mode behind Kysely. */
export function openSqlite(file: string): OpenedDatabase {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const deviceVersion = new DeviceDataVersion();
  // Another connection's commits (another process on the file) move data_version; this one's are counted by the cache.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  deviceVersion.external = () => dataVersion.get() as number;
  // Each SQL text prepared once (Kysely's dialect would prepare it on every query).
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new StatementCache(sqlite, undefined, deviceVersion) }) });
  registerDialect(db, 'sqlite');
  return { db, dialect: 'sqlite', deviceVersion, close: () => db.destroy() };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * int8 (bigint columns, count(), sum()) and numeric arrive from pg as text; the services expect numbers,
 * as SQLite gives them. Times in ms and counts stay far below 2^53; a value that does not fit is an error,
 * never a silently rounded number.
 */
function numberParsers(): TypeOverrides {
  const types = new TypeOverrides();
  types.setTypeParser(INT8_OID, 'text', (text: string) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new Error(`数据库返回的整数 ${text} 超出了安全范围`);
    return value;
  });
  types.setTypeParser(NUMERIC_OID, 'text', (text: string) => Number(text));
  return types;
}

/** A pool of PostgreSQL connections behind Kysely. Nothing connects until the first query. */
export function openPostgres(url: string, onIdleError?: (error: Error) => void, notifyChannel?: string): OpenedDatabase {
  const pool = new Pool({ connectionString: url, max: POSTGRES_POOL_SIZE, types: numberParsers(), application_name: 'city-ops-dashboard' });
  // An idle connection the database drops (restart, administrator) must not bring the server down.
  pool.on('error', (error) => onIdleError?.(error));
  // Nor one dropped while checked out (mid-transaction): pg emits 'error' on the client then, and the
  // pool listens only to idle ones. The query in flight fails on its own; this only keeps the process up.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Each SQL text prepared once per connection (pg would have PostgreSQL parse and plan it on every query).
  const deviceVersion = new DeviceDataVersion();
  // Other instances' writes are heard only through a listener: until one is wired up (createServer), nothing is trusted.
  deviceVersion.trusted = () => false;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new PreparingPool(pool, undefined, notifyChannel ? { version: deviceVersion, channel: notifyChannel } : undefined),
    }),
  });
  registerDialect(db, 'postgres');
  const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  return { db, dialect: 'postgres', deviceVersion, poolStats, close: () => db.destroy() };
}
