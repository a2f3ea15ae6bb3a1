import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ServerConfig } from '../config';
import { copyTestDatabase, databaseKey } from './testDatabases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database seeded once for the whole run with the default inputs (seededGlobalSetup.ts): its key. */
    seededDatabase: string;
  }
}

/** Where a test server's clock starts: the time its seeded database was seeded at. */
export const TEST_CLOCK_START = Date.UTC(2026, 10, 22, 8, 0, 0);

/**
 * Overrides that make a test server's first start its own: a database the test chose, a clock of its
 * own (seeding writes rows at "now"), or devices over a broker. Such a server seeds from scratch.
 */
const SEEDS_ITS_OWN: readonly (keyof ServerConfig)[] = ['dataDir', 'dbFile', 'databaseUrl', 'clock', 'mqtt'];

/** What decides the rows seeding writes into a new database (server/seed/, createServer). */
export interface SeedInputs {
  seedHistoryDays: number;
  fleetScale: number;
  pluginsDir: string | undefined;
  disabledPlugins: readonly string[];
}

/** A test server's seed inputs when no override changes them. */
export const DEFAULT_SEED_INPUTS: SeedInputs = { seedHistoryDays: 0, fleetScale: 1, pluginsDir: undefined, disabledPlugins: [] };

function seedInputsOf(overrides: Partial<ServerConfig>): SeedInputs | undefined {
  if (SEEDS_ITS_OWN.some((key) => overrides[key] !== undefined)) return undefined;
  return {
    seedHistoryDays: overrides.seedHistoryDays ?? 0,
    fleetScale: overrides.simulator?.fleetScale ?? 1,
    pluginsDir: overrides.pluginsDir,
    disabledPlugins: overrides.appConfig?.disabledPlugins ?? [],
  };
}

/** The seeded database of each set of inputs in this process (a test file): its key in testDatabases.ts. */
const seeded = new Map<string, Promise<string>>();

/**
 * Seeding a new database costs most of a test server's start (on PostgreSQL seconds: a thousand devices
 * inserted one round trip at a time). So a test file's servers start on copies of one database, seeded
 * once per file by a server that started (jobs off) and stopped at TEST_CLOCK_START: the same rows a
 * fresh start writes. The copy is the SQLite file or, in project server-pg, a database made from it as
 * a template (testDatabases.ts). Returns false when the overrides make the server seed its own.
 */
export async function startOnSeededCopy(overrides: Partial<ServerConfig>, dataDir: string): Promise<boolean> {
  const template = seededDatabaseFor(overrides);
  if (!template) return false;
  await copyTestDatabase(await template, databaseKey({ dataDir }));
  return true;
}

/**
 * The key of the seeded database servers with `overrides` start on a copy of, seeded now if need be
 * (setupTestServer does it before the file's tests, so no test's own hook waits for it); undefined
 * when they seed their own.
 */
export function seededDatabaseFor(overrides: Partial<ServerConfig>): Promise<string> | undefined {
  const inputs = seedInputsOf(overrides);
  if (!inputs) return undefined;
  const id = JSON.stringify(inputs);
  let template = seeded.get(id);
  if (!template) {
    // The default inputs' database was seeded before any file ran; others are seeded here, once per file.
    const global = id === JSON.stringify(DEFAULT_SEED_INPUTS) ? inject('seededDatabase') : undefined;
    template = global ? Promise.resolve(global) : seedLocally(inputs);
    seeded.set(id, template);
  }
  return template;
}

/** The seeded databases' directories, removed when the file is done (serverTestSetup.ts). */
const directories: string[] = [];

export function removeSeededDatabases(): void {
  seeded.clear();
  for (const dataDir of directories.splice(0)) rmSync(dataDir, { recursive: true, force: true });
}

async function seedLocally(inputs: SeedInputs): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-seeded-'));
  directories.push(dataDir);
  return seedDatabase(inputs, dataDir);
}

/**
 * Starts a server on a new database in `dataDir` (or at `databaseUrl`) with `inputs`, lets it seed and
 * closes it; returns the database's key (testDatabases.ts).
 */
export async function seedDatabase(inputs: SeedInputs, dataDir: string, databaseUrl?: string): Promise<string> {
  // Imported here, not above: server-pg's setup file wraps createServer, and may be loaded after this module.
  const { createServer } = await import('../createServer');
  const app = await createServer({
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir,
    clock: () => TEST_CLOCK_START,
    smsProvider: { send: async () => undefined },
    seedHistoryDays: inputs.seedHistoryDays,
    simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: inputs.fleetScale },
    ...(inputs.pluginsDir === undefined ? {} : { pluginsDir: inputs.pluginsDir }),
    appConfig: { disabledPlugins: [...inputs.disabledPlugins] },
  });
  await app.close();
  const key = databaseKey({ dataDir });
  // A clean close checkpoints SQLite's write-ahead log into the file: the file alone is the database.
  if (existsSync(`${key}-wal`)) throw new Error(`种子数据库关闭后仍有未写回的 WAL：${key}-wal`);
  return key;
}
