import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { dialectOf, registerDialect, type Database, type Db } from '../../db/Database';
import { HOLD_SCHEMA_SQL } from '../../db/PreparedStatements';

const raw = (connection: DatabaseConnection, text: string) => connection.executeQuery(CompiledQuery.raw(text));

/**
 * A driver over one connection that is already inside a transaction: a service's own transaction runs
 * in it as it is, so the whole history commits once instead of thousands of times (a commit waits for
 * the disk, and on PostgreSQL each statement is a round trip). A service's transaction that rolls back
 * fails the whole history: the outer transaction then rolls back too, so nothing half-written stays.
 */
class EnclosedDriver implements Driver {
  /** A service's transaction was rolled back: the enclosing one must not commit. */
  failed = false;
  private readonly serial: DatabaseConnection;
  constructor(connection: DatabaseConnection) {
    // One statement at a time on the one connection, as a pool would run concurrent reads (Promise.all) on several.
    let tail: Promise<unknown> = Promise.resolve();
    this.serial = {
      executeQuery: <R>(query: CompiledQuery) => {
        const result = tail.then(() => connection.executeQuery<R>(query));
        tail = result.catch(() => undefined);
        return result;
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.serial;
  }
  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {
    this.failed = true;
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/**
 * Runs `work` with a database whose every statement and transaction runs in one transaction of `db`,
 * holding the lock `key` (PostgreSQL: an advisory lock, so instances starting together write one
 * history; SQLite: its one writer). Committed when `work` resolves, rolled back when it throws.
 */
export async function inOneTransaction<T>(db: Db, key: string, work: (inside: Db) => Promise<T>): Promise<T> {
  const dialect = dialectOf(db);
  const postgres = dialect === 'postgres';
  return db.getExecutor().provideConnection(async (connection) => {
    await raw(connection, postgres ? 'begin' : 'begin immediate');
    try {
      if (postgres) {
        await connection.executeQuery(CompiledQuery.raw('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]));
        // No migration until the history commits: its thousands of statements (a few dozen texts) are
        // then prepared once each instead of parsed and planned every time (about a third of its time).
        await raw(connection, HOLD_SCHEMA_SQL);
      }
      const driver = new EnclosedDriver(connection);
      const inside = new Kysely<Database>({
        dialect: {
          createDriver: () => driver,
          createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
          createIntrospector: (kysely) => (postgres ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely)),
          createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
        },
      });
      registerDialect(inside, dialect);
      const result = await work(inside);
      if (driver.failed) throw new Error('历史数据写入中有事务回滚，已全部撤销');
      await raw(connection, 'commit');
      return result;
    } catch (error) {
      await raw(connection, 'rollback');
      throw error;
    }
  });
}
