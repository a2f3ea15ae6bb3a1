import { createHash } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../db/migrations';
import { openPostgres } from '../db/openDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database of the run's PostgreSQL cluster (project server-pg only; absent on SQLite). */
    postgresAdminUrl: string;
  }
}

/** A migrated, empty database every test database is copied from (no connections allowed, so copying never waits). */
export const TEMPLATE_DATABASE = 'ops_template';

/** The key of a server's database in TestDatabases: its SQLite path, which the server's data directory decides. */
export const databaseKey = (config: { dataDir: string; dbFile?: string | undefined }) =>
  config.dbFile ?? join(config.dataDir, 'dashboard.sqlite');

let onRemoved: ((key: string) => Promise<void>) | undefined;

/** Lets project server-pg drop a server's database as soon as its data directory is gone (setup file). */
export function whenTestDataRemoved(handler: (key: string) => Promise<void>): void {
  onRemoved = handler;
}

/** A test helper removed a server's data directory for good: its PostgreSQL database, if any, can go too. */
export async function testDataRemoved(key: string): Promise<void> {
  await onRemoved?.(key);
}

let onCopy: ((from: string, to: string) => Promise<void>) | undefined;

/** Lets project server-pg copy a server's database as a PostgreSQL database (setup file). */
export function whenTestDatabaseCopied(handler: (from: string, to: string) => Promise<void>): void {
  onCopy = handler;
}

/** Gives the server of key `to` a copy of the closed database of key `from` (seededDatabases.ts): on SQLite the file. */
export async function copyTestDatabase(from: string, to: string): Promise<void> {
  if (onCopy) await onCopy(from, to);
  else copyFileSync(from, to);
}

/** The URL of another database on the same server as `url`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the template: every migration run, nothing seeded (each server seeds its own copy, as on SQLite). */
export async function createTemplateDatabase(adminUrl: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`create database ${TEMPLATE_DATABASE}`));
  const { db, close } = openPostgres(databaseUrl(adminUrl, TEMPLATE_DATABASE));
  try {
    await migrate(db);
  } finally {
    await close();
  }
  await withAdmin(adminUrl, (client) => client.query(`alter database ${TEMPLATE_DATABASE} with is_template true allow_connections false`));
}

/** Creates database `name` as a copy of the migrated template. */
export async function copyFromTemplate(adminUrl: string, name: string): Promise<void> {
  // FILE_COPY copies the template's files: faster than the WAL-logged copy for a small database.
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} template ${TEMPLATE_DATABASE} strategy file_copy`));
}

/**
 * The test databases of one test file: one per key (a server's SQLite path, so a server started again
 * on the same data directory finds the same database), copied from the template on first use and
 * dropped by `dropAll` when the file is done.
 */
export class TestDatabases {
  private readonly databases = new Map<string, Promise<void>>();
  private admin: Promise<pg.Client> | undefined;

  constructor(private readonly adminUrl: string) {}

  static nameFor(key: string): string {
    return `ops_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  }

  /** The URL of the database for `key`, created on first use. */
  async urlFor(key: string): Promise<string> {
    const name = TestDatabases.nameFor(key);
    let ready = this.databases.get(name);
    if (!ready) {
      ready = this.create(name);
      this.databases.set(name, ready);
    }
    await ready;
    return databaseUrl(this.adminUrl, name);
  }

  /**
   * Makes the database for `to` a copy of the one for `from`, whose server has closed (a seeded
   * database, seededDatabases.ts). A connection still open to it would make the copy fail: none may stay.
   */
  async copy(from: string, to: string): Promise<void> {
    const source = TestDatabases.nameFor(from);
    const name = TestDatabases.nameFor(to);
    const ready = (async () => {
      await this.databases.get(source);
      const client = await this.client();
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [source]);
      await client.query(`create database ${name} template ${source} strategy file_copy`);
    })();
    this.databases.set(name, ready);
    await ready;
  }

  /** Drops the database for `key`, if this file made it. */
  async drop(key: string): Promise<void> {
    const name = TestDatabases.nameFor(key);
    const ready = this.databases.get(name);
    if (!ready) return;
    this.databases.delete(name);
    await ready.catch(() => undefined);
    await (await this.client()).query(`drop database if exists ${name} with (force)`);
  }

  /** Drops every database this file made, closing whatever still holds a connection to one. */
  async dropAll(): Promise<void> {
    if (!this.admin) return;
    const client = await this.admin;
    this.admin = undefined;
    const names = [...this.databases.keys()];
    await Promise.allSettled(this.databases.values());
    this.databases.clear();
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }

  private async create(name: string): Promise<void> {
    const client = await this.client();
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    // FILE_COPY copies the template's files: faster than the WAL-logged copy for a small database.
    if (!exists.rowCount) await client.query(`create database ${name} template ${TEMPLATE_DATABASE} strategy file_copy`);
  }

  private client(): Promise<pg.Client> {
    this.admin ??= (async () => {
      const client = new pg.Client({ connectionString: this.adminUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    })();
    return this.admin;
  }
}
