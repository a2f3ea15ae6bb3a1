import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_SEED_INPUTS, seedDatabase } from './seededDatabases';
import { copyFromTemplate, databaseKey, databaseUrl, TestDatabases } from './testDatabases';

/**
 * globalSetup of the vitest projects server and server-pg (after postgresGlobalSetup): the database
 * test servers start on copies of (seededDatabases.ts), seeded once for the run, so no test file's
 * first hook pays for seeding. On PostgreSQL it is a database of the run's cluster, made from the
 * migrated template.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-seeded-run-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const key = databaseKey({ dataDir });
    const adminUrl = project.getProvidedContext().postgresAdminUrl;
    let url: string | undefined;
    if (adminUrl) {
      const name = TestDatabases.nameFor(key);
      await copyFromTemplate(adminUrl, name);
      url = databaseUrl(adminUrl, name);
    }
    await seedDatabase(DEFAULT_SEED_INPUTS, dataDir, url);
    project.provide('seededDatabase', key);
  } catch (error) {
    remove();
    throw error;
  }
  // On PostgreSQL its database goes with the cluster.
  return remove;
}
