import { randomUUID } from 'node:crypto';
import { afterAll, inject, vi } from 'vitest';
import type { ServerConfig } from '../config';
import { databaseKey, TestDatabases, whenTestDatabaseCopied, whenTestDataRemoved } from './testDatabases';

/**
 * setupFiles of the vitest project server-pg: every server a test file starts runs on PostgreSQL.
 * `createServer` is wrapped to add a `databaseUrl`: the database belonging to the server's SQLite path,
 * copied from the migrated template the first time, so a fresh data directory is a fresh database and a
 * server started again on the same directory (restart tests) finds its data. Servers a test spawns as
 * processes with this environment (`...process.env`) get DATABASE_URL: one database for the file.
 * A database is dropped when testServer's close() removes its directory, the rest when the file is done.
 */
const adminUrl = inject('postgresAdminUrl');
if (!adminUrl) throw new Error('server-pg 需要 postgresGlobalSetup 提供的临时 PostgreSQL');
const databases = new TestDatabases(adminUrl);

vi.mock('../createServer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../createServer')>();
  return {
    ...actual,
    createServer: async (config: ServerConfig) =>
      actual.createServer(config.databaseUrl ? config : { ...config, databaseUrl: await databases.urlFor(databaseKey(config)) }),
  };
});

process.env.DATABASE_URL = await databases.urlFor(`process:${randomUUID()}`);

// testServer() starts on a copy of a seeded database (seededDatabases.ts): here a database made from it.
whenTestDatabaseCopied((from, to) => databases.copy(from, to));
// testServer().close() removes its data directory: its database goes at once, the rest with the file.
whenTestDataRemoved((key) => databases.drop(key));
afterAll(async () => {
  await databases.dropAll();
}, 120_000);
