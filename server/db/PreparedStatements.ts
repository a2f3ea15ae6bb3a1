import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { changesDevices, DEVICES_CHANGED, type DeviceDataVersion } from './DeviceDataVersion';

/** Where committed device changes are told: this instance's version, and other instances by NOTIFY on `channel`. */
export interface DeviceChangeNotice {
  version: DeviceDataVersion;
  channel: string;
}

const COMMIT = /^\s*commit\s*$/i;
/** `copy … from stdin`: its one parameter is the data, streamed in COPY's text format (copyRows.ts). */
export const COPY_FROM_STDIN = /^\s*copy\s[^;]*\sfrom\s+stdin\b/i;
const ROLLBACK = /^\s*rollback\s*$/i;

/**
 * Takes Kysely's migration lock (the key its PostgresAdapter locks, exclusively, while migrating) shared for
 * the rest of the transaction: no instance can change the schema until it ends, so none of its statements
 * can go stale, and a connection that runs this prepares the transaction's statements as it does outside
 * one. Shared: transactions that hold it run side by side (the history's two parts).
 */
export const HOLD_SCHEMA_SQL = 'select pg_advisory_xact_lock_shared(3853314791062309107)';

/** Named statements one connection prepares at most; further SQL texts run unnamed, as before. */
export const PREPARED_PER_CONNECTION = 200;

/** Texts run once that one connection remembers, to prepare them when they come again. */
const SEEN_ONCE_PER_CONNECTION = 500;

/** What can be prepared and is worth it: queries and row changes (not DDL, transaction control or `set`). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Statement names are never used twice in this process: pg remembers a name as parsed on its connection for good. */
let lastName = 0;

/** PostgreSQL refuses to run a prepared statement whose result columns a schema change altered (`select *` after `alter table … add column`). */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/**
 * The pg pool handed to Kysely's PostgresDialect, whose queries pg sends unnamed: PostgreSQL parses and
 * plans each one again (for a device-list page that was about two thirds of its time in the database).
 * Here each connection prepares a SQL text that comes again as a named statement, then only binds and
 * executes it; after a few runs PostgreSQL also keeps a generic plan when it costs no more than planning
 * each time. At most PREPARED_PER_CONNECTION of them, never dropped (pg remembers every name it parsed).
 *
 * Only outside transactions (or in one that holds the migration lock, HOLD_SCHEMA_SQL): a prepared `select *` that a schema change (another instance migrating)
 * made stale fails once, which is taken back here by preparing it again, but a transaction it failed in
 * could not go on.
 */
export class PreparingPool implements PostgresPool {
  private readonly clients = new WeakMap<PoolClient, PreparingClient>();

  constructor(
    private readonly pool: Pool,
    private readonly capacity = PREPARED_PER_CONNECTION,
    private readonly deviceChanges?: DeviceChangeNotice,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    // pg-pool hands out the same client object for the same connection: its statements go with it.
    let preparing = this.clients.get(client);
    if (!preparing) this.clients.set(client, (preparing = new PreparingClient(client, this.capacity, this.deviceChanges)));
    return preparing;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** One pooled connection and the statements it has prepared, by SQL text. */
export class PreparingClient implements PostgresPoolClient {
  private readonly names = new Map<string, string>();
  /** Texts run once outside a transaction and not prepared, least recently seen first. */
  private readonly seenOnce = new Set<string>();
  private prepared = 0;
  /** The open transaction has changed devices: announced with its commit. */
  private changedDevices = false;
  /** The open transaction holds the migration lock (HOLD_SCHEMA_SQL): its statements may be prepared. */
  private schemaHeld = false;

  constructor(
    private readonly client: PoolClient,
    private readonly capacity: number,
    private readonly deviceChanges?: DeviceChangeNotice,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor as never) as PostgresCursor<R>;
    const sql = sqlOrCursor;
    // Never into devices (copyRows' tables): nothing to announce.
    if (COPY_FROM_STDIN.test(sql)) return this.copyIn<R>(sql, parameters?.[0]);
    if (COMMIT.test(sql) || ROLLBACK.test(sql)) this.schemaHeld = false;
    else if (sql === HOLD_SCHEMA_SQL) this.schemaHeld = true;
    if (this.deviceChanges) return this.announcingDeviceChanges(sql, parameters, this.deviceChanges);
    return this.run(sql, parameters);
  }

  /**
   * Runs `sql`, announcing a change to devices once it is committed: NOTIFY inside the transaction
   * (delivered with the commit) or right after an autocommitted statement, and this instance's version
   * bumped before the caller hears the commit. A reader that started earlier is then not trusted, and
   * one that starts later sees the change.
   */
  private announcingDeviceChanges<R>(
    sql: string,
    parameters: ReadonlyArray<unknown> | undefined,
    notice: DeviceChangeNotice,
  ): Promise<PostgresQueryResult<R>> {
    if (this.changedDevices && COMMIT.test(sql)) return this.commitAnnounced(sql, parameters, notice);
    if (this.changedDevices && ROLLBACK.test(sql)) this.changedDevices = false;
    if (!changesDevices(sql)) return this.run<R>(sql, parameters);
    if (this.client.getTransactionStatus() !== 'I') {
      this.changedDevices = true;
      return this.run<R>(sql, parameters);
    }
    return this.runAnnounced(sql, parameters, notice);
  }

  private async commitAnnounced<R>(
    sql: string,
    parameters: ReadonlyArray<unknown> | undefined,
    notice: DeviceChangeNotice,
  ): Promise<PostgresQueryResult<R>> {
    try {
      // A failed transaction ('E') refuses it, and its commit rolls back: nothing to announce then.
      if (this.client.getTransactionStatus() === 'T')
        await this.client.query('select pg_notify($1, $2)', [notice.channel, DEVICES_CHANGED]).catch(() => undefined);
      return await this.run<R>(sql, parameters);
    } finally {
      this.changedDevices = false;
      notice.version.bump();
    }
  }

  private async runAnnounced<R>(
    sql: string,
    parameters: ReadonlyArray<unknown> | undefined,
    notice: DeviceChangeNotice,
  ): Promise<PostgresQueryResult<R>> {
    try {
      return await this.run<R>(sql, parameters);
    } finally {
      notice.version.bump();
      await this.client.query('select pg_notify($1, $2)', [notice.channel, DEVICES_CHANGED]).catch(() => undefined);
    }
  }

  private run<R>(sql: string, parameters: ReadonlyArray<unknown> | undefined): Promise<PostgresQueryResult<R>> {
    const values = [...(parameters ?? [])];
    const name = this.nameFor(sql);
    if (!name) return this.client.query(sql, values) as Promise<QueryResult> as Promise<PostgresQueryResult<R>>;
    return (this.client.query({ name, text: sql, values }) as Promise<QueryResult>).catch(async (error: unknown) => {
      if (!isStalePlan(error)) throw error;
      // Nothing ran: prepared again under a new name (pg remembers the old one as parsed), the old one dropped.
      this.names.delete(sql);
      await this.client.query(`deallocate "${name}"`).catch(() => undefined);
      const renamed = this.newName(sql);
      return this.client.query(renamed ? { name: renamed, text: sql, values } : { text: sql, values });
    }) as Promise<PostgresQueryResult<R>>;
  }

  /** Streams `data` (COPY's text format: one text, or its chunks in order) into `sql`'s table; reported as an INSERT of its rows. */
  private async copyIn<R>(sql: string, data: unknown): Promise<PostgresQueryResult<R>> {
    const chunks =
      typeof data === 'string' ? [data] : Array.isArray(data) && data.every((chunk) => typeof chunk === 'string') ? data : undefined;
    if (!chunks) throw new TypeError('copy … from stdin 需要一个文本参数：要写入的行');
    const stream = this.client.query(copyFrom(sql));
    await pipeline(Readable.from(chunks), stream);
    return { command: 'INSERT', rowCount: stream.rowCount, rows: [] };
  }

  release(): void {
    this.client.release();
  }

  /** How many statements this connection has prepared (for the tests). */
  get preparedCount(): number {
    return this.names.size;
  }

  /** The statement name for `sql` on this connection, or undefined to run it unnamed. */
  private nameFor(sql: string): string | undefined {
    // 'I': idle, no transaction open (pg tracks it from the server's ReadyForQuery).
    if (this.client.getTransactionStatus() !== 'I' && !this.schemaHeld) return undefined;
    const known = this.names.get(sql);
    if (known) return known;
    if (this.prepared >= this.capacity || !PREPARABLE.test(sql)) return undefined;
    // Prepared when it runs a second time: one-off texts (seeding, an id list of a rare length) take no place.
    if (!this.seenOnce.delete(sql)) {
      this.seenOnce.add(sql);
      if (this.seenOnce.size > SEEN_ONCE_PER_CONNECTION) this.seenOnce.delete(this.seenOnce.values().next().value!);
      return undefined;
    }
    return this.newName(sql);
  }

  private newName(sql: string): string | undefined {
    if (this.prepared >= this.capacity) return undefined;
    this.prepared++;
    const name = `ops_${++lastName}`;
    this.names.set(sql, name);
    return name;
  }
}
