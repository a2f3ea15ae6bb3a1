import type { TestProject } from 'vitest/node';
import { findPostgresBinDir, POSTGRES_MISSING, startTestCluster } from './postgresCluster';
import { createTemplateDatabase } from './testDatabases';

/**
 * globalSetup of the vitest project server-pg: one throwaway PostgreSQL cluster for the whole run, with
 * a migrated template database; stopped and removed when the run ends. Without PostgreSQL the project
 * is skipped (vitest.config.ts then runs only server/testing/postgresAbsent.check.ts), unless
 * REQUIRE_POSTGRES=1 (CI), which makes it fail here.
 */
export default async function setup(project: Pick<TestProject, 'provide'>): Promise<(() => void) | undefined> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    if (process.env.REQUIRE_POSTGRES === '1') throw new Error(`REQUIRE_POSTGRES=1，但${POSTGRES_MISSING}`);
    console.warn(`\n[server-pg] 已跳过 PostgreSQL 上的服务端测试：${POSTGRES_MISSING}\n`);
    return undefined;
  }
  const startedAt = Date.now();
  const cluster = await startTestCluster(binDir);
  // Also on an interrupted run: a cluster left running would hold its port and its files.
  process.once('exit', cluster.stop);
  try {
    await createTemplateDatabase(cluster.adminUrl);
  } catch (error) {
    cluster.stop();
    throw error;
  }
  project.provide('postgresAdminUrl', cluster.adminUrl);
  console.info(`[server-pg] 临时 PostgreSQL 已就绪（${binDir}，${cluster.adminUrl}，${Date.now() - startedAt} ms）`);
  return () => {
    process.off('exit', cluster.stop);
    cluster.stop();
  };
}
