import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from '../createServer';
import type { ServerConfig } from '../config';
import { databaseKey, testDataRemoved } from '../testing/testDatabases';

// Background jobs (the simulator's ticks) run once per cluster: on the instance holding the leader lock.
const onPostgres = Boolean(inject('postgresAdminUrl'));
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    await testDataRemoved(databaseKey({ dataDir: dir }));
  }
});

const RETRY_MS = 200;
const config = (dataDir: string): ServerConfig => ({
  dataDir,
  simulator: { tickMs: 60_000, commandDelayMs: [0, 0], fleetScale: 0.05 },
  cluster: { leaderRetryMs: RETRY_MS },
});

async function waitFor(done: () => boolean, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

const leaders = (apps: Server[]) => apps.filter((app) => app.services.leader.isLeader);
const running = (apps: Server[]) => apps.filter((app) => app.services.simulator.running);

describe.skipIf(!onPostgres)('leader election on PostgreSQL', () => {
  it('runs the simulator on exactly one instance, and on a survivor when the leader goes', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-cluster-leader-'));
    dirs.push(dataDir);
    const apps = [await createServer(config(dataDir)), await createServer(config(dataDir)), await createServer(config(dataDir))];
    try {
      await Promise.all(apps.map((app) => app.app.ready()));
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
      expect(leaders(apps)).toHaveLength(1);
      expect(running(apps)).toEqual(leaders(apps));

      // The leader stops: a survivor takes over within a retry or two.
      const first = leaders(apps)[0]!;
      await first.app.close();
      const survivors = apps.filter((app) => app !== first);
      const tookOver = await waitFor(() => leaders(survivors).length === 1, 5000, '其余实例接任主节点');
      expect(tookOver).toBeLessThan(RETRY_MS * 5);
      expect(running(survivors)).toEqual(leaders(survivors));
      expect(first.services.simulator.running).toBe(false);

      // The leader's connection is cut (as when its process dies): it stops its jobs, another one leads.
      const second = leaders(survivors)[0]!;
      const pid = await second.services.leader.backendPid();
      await sql`select pg_terminate_backend(${pid})`.execute(survivors.find((app) => app !== second)!.services.ctx.db);
      await waitFor(() => !second.services.simulator.running, 2000, '失去连接的主节点停止模拟器');
      await waitFor(() => leaders(survivors).length === 1, 5000, '另一实例接任主节点');
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3));
      expect(leaders(survivors)).toHaveLength(1);
      expect(running(survivors)).toEqual(leaders(survivors));
    } finally {
      for (const app of apps) await app.app.close();
    }
  });
});

describe.skipIf(onPostgres)('one instance on SQLite', () => {
  it('is always the leader and runs the simulator', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-cluster-leader-'));
    dirs.push(dataDir);
    const app = await createServer(config(dataDir));
    try {
      await app.app.ready();
      expect(app.services.leader.isLeader).toBe(true);
      expect(app.services.simulator.running).toBe(true);
    } finally {
      await app.app.close();
    }
    expect(app.services.simulator.running).toBe(false);
  });
});
