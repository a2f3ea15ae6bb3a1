import type { Database as SqliteConnection, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { changesDevices, type DeviceDataVersion } from './DeviceDataVersion';

/** Distinct SQL texts kept prepared: the server's queries are a few dozen shapes; `in (?, ?, …)` lists of every length add more. */
export const STATEMENT_CACHE_SIZE = 256;

/** Statements that change rows only: everything else (DDL, `rollback`, pragmas) may change the schema this connection sees. */
const ROW_WRITE = /^\s*(insert|update|delete|replace)\b/i;

/**
 * The better-sqlite3 database handed to Kysely's SqliteDialect, which would prepare every query again
 * (parsing and planning: about a third of a small device-list query's time). Statements are kept by SQL
 * text, the least recently used dropped beyond `capacity`; SQLite re-prepares a kept one by itself when
 * the schema changes.
 *
 * Rows are read as arrays and made into objects here: better-sqlite3 builds each row object from the
 * column names afresh (about 40 % of reading a 20-row page of devices), where objects made in JavaScript
 * with the same keys in the same order share one shape. The names come from the statement and are taken
 * again whenever the schema may have changed (see `CachedStatement.all`).
 */
export class StatementCache implements SqliteDatabase {
  /** In use order: the first key is the least recently used. */
  private readonly statements = new Map<string, CachedStatement>();
  private versionStatement: Statement | undefined;
  /**
   * `pragma schema_version` as last read. Committed versions only grow, so any statement run after the
   * read sees this schema or a later one (a rollback on this connection clears it: see `schemaMayHaveChanged`).
   */
  lastSchemaVersion: number | undefined;
  /** Counts statements that may have changed the schema without `schema_version` growing (a `rollback` of DDL). */
  schemaEpoch = 0;

  constructor(
    private readonly database: SqliteConnection,
    readonly capacity = STATEMENT_CACHE_SIZE,
    /** Told of every statement that may change devices (one connection: nothing reads between it and its commit). */
    readonly deviceVersion?: DeviceDataVersion,
  ) {}

  prepare(sql: string): SqliteStatement {
    // A closed database's statements are dead: nothing kept is handed out (prepare below throws as before).
    if (!this.database.open) this.statements.clear();
    const kept = this.statements.get(sql);
    if (kept) {
      this.statements.delete(sql);
      this.statements.set(sql, kept);
      return kept;
    }
    const statement = new CachedStatement(this, sql, this.database.prepare(sql));
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) this.statements.delete(this.statements.keys().next().value!);
    return statement;
  }

  /** A statement of its own, in better-sqlite3's object mode: for iterators, which hold their statement until they finish. */
  prepareUncached(sql: string): Statement {
    return this.database.prepare(sql);
  }

  /** The schema cookie SQLite bumps on every committed schema change, by any connection. */
  readSchemaVersion(): number {
    this.versionStatement ??= this.database.prepare('pragma schema_version').pluck();
    const version = this.versionStatement.get() as number;
    this.lastSchemaVersion = version;
    return version;
  }

  /** After DDL or a `rollback` on this connection: the version may even go back, so nothing read before counts. */
  schemaMayHaveChanged(): void {
    this.schemaEpoch++;
    this.lastSchemaVersion = undefined;
  }

  close(): void {
    this.statements.clear();
    this.versionStatement = undefined;
    this.database.close();
  }

  get size(): number {
    return this.statements.size;
  }
}

/** One kept statement, as Kysely's driver uses it: `all` for statements that return rows, `run` for the others. */
class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  private readonly mayChangeSchema: boolean;
  private readonly changesDevices: boolean;
  /** The column names of the statement as last prepared, and the schema they are known to belong to. */
  private names: string[] | undefined;
  private namesVersion: number | undefined;
  private namesEpoch = -1;

  constructor(
    private readonly cache: StatementCache,
    private readonly sql: string,
    private readonly statement: Statement,
  ) {
    this.reader = statement.reader;
    this.mayChangeSchema = !this.reader && !ROW_WRITE.test(sql);
    this.changesDevices = changesDevices(sql);
    if (this.reader) statement.raw(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const before = this.cache.lastSchemaVersion;
    // `insert … returning` reads rows too.
    if (this.changesDevices) this.cache.deviceVersion?.bump();
    const rows = this.statement.all(parameters) as unknown[][];
    const after = this.cache.readSchemaVersion();
    // SQLite re-prepares a statement when the schema changed, which may change its columns (`select *`).
    // The names kept are right if they were taken for the schema this run saw, and it saw `after` (or an
    // older one, but the names were taken for `after` and it is never older than what was read before).
    if (this.namesVersion !== after || this.namesEpoch !== this.cache.schemaEpoch) {
      // Taken now, they are the names of the statement as it just ran: right for these rows. They belong
      // to schema `after` for sure only if nothing changed since the read before it.
      this.names = this.statement.columns().map((column) => column.name);
      this.namesVersion = before === after ? after : undefined;
      this.namesEpoch = this.cache.schemaEpoch;
    }
    const names = this.names!;
    // By assignment, as better-sqlite3 sets them (a repeated name keeps its first place and its last value).
    return rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index++) row[names[index]!] = values[index];
      return row;
    });
  }

  run(parameters: ReadonlyArray<unknown>) {
    try {
      return this.statement.run(parameters);
    } finally {
      if (this.changesDevices) this.cache.deviceVersion?.bump();
      if (this.mayChangeSchema) this.cache.schemaMayHaveChanged();
    }
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.cache.prepareUncached(this.sql).iterate(parameters);
  }
}
