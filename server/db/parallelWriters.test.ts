import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createServer } from '../createServer';
import { dialectOf } from './Database';
import { PARALLEL_EVENT, storedPushes, type WrittenByInstance, writeAtOnce } from '../testing/parallelWriters';
import { testPushTopic } from '../testing/testPushTopic';

// Several server instances on one database (a deployment behind a load balancer): alarm ids and push
// sequence ids come from the database, never from one instance's memory.
const onPostgres = Boolean(inject('postgresAdminUrl'));
const PER_INSTANCE = 40;
const ALARM_TYPE = 'SMOKE';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-parallel-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Alarm ids unique; the tenant's push seqs exactly 1..n; every message stored once, under the seq its instance was told. */
function expectConsistent(written: WrittenByInstance[], stored: { seq: number; marker: string }[], labels: string[]) {
  const alarmIds = written.flatMap((instance) => instance.alarmIds);
  expect(alarmIds).toHaveLength(labels.length * PER_INSTANCE);
  expect(new Set(alarmIds).size).toBe(alarmIds.length);
  expect(stored.map((push) => push.seq)).toEqual(Array.from({ length: labels.length * PER_INSTANCE * 2 }, (_, index) => index + 1));
  const expected = labels.flatMap((label) =>
    Array.from({ length: PER_INSTANCE }, (_, index) => [`${label}-alarm-${index}`, `${label}-push-${index}`]).flat(),
  );
  expect(stored.map((push) => push.marker).sort()).toEqual(expected.sort());
  const seqOf = new Map(stored.map((push) => [push.marker, push.seq]));
  for (const instance of written) for (const [marker, seq] of Object.entries(instance.seqs)) expect(seqOf.get(marker)).toBe(seq);
}

describe('two server instances writing to one database at once', () => {
  // better-sqlite3 waits for SQLite's write lock synchronously (busy_timeout), blocking the event loop,
  // so the instance holding the lock could never finish: two instances in one process would stall and
  // fail after 5 s. On SQLite the instances are separate processes (next test), as they would be in use.
  it.skipIf(!onPostgres)(
    'in one process (PostgreSQL): unique alarm ids, push seqs 1..n per tenant without gap or duplicate',
    { timeout: 60_000 },
    async () => {
      const dataDir = tempDir();
      const first = await createServer({ dataDir });
      const second = await createServer({ dataDir });
      try {
        expect(dialectOf(first.services.ctx.db)).toBe('postgres');
        const written = await Promise.all([
          writeAtOnce(first.services, { label: 'a', tenantId: 1, count: PER_INSTANCE, alarmType: ALARM_TYPE }),
          writeAtOnce(second.services, { label: 'b', tenantId: 1, count: PER_INSTANCE, alarmType: ALARM_TYPE }),
        ]);
        expectConsistent(written, await storedPushes(first.services.ctx.db, 1), ['a', 'b']);
        // The next message of the tenant continues the sequence, on either instance.
        expect((await second.services.pushHub.publish(1, testPushTopic(PARALLEL_EVENT), { marker: 'after' })).seq).toBe(
          PER_INSTANCE * 4 + 1,
        );
        expect(await first.services.pushHub.lastSeq(1)).toBe(PER_INSTANCE * 4 + 1);
      } finally {
        await first.app.close();
        await second.app.close();
      }
    },
  );

  it(
    `in two processes (${onPostgres ? 'PostgreSQL' : 'SQLite, WAL, busy_timeout'}): the same guarantees`,
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      // PostgreSQL: the test file's own database (the setup gives DATABASE_URL); SQLite: the file under dataDir.
      const databaseUrl = onPostgres ? process.env.DATABASE_URL : undefined;
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      // Created, migrated and seeded once, before the instances start.
      const setup = await createServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
      const tenantId = 2;
      const before = await setup.services.pushHub.lastSeq(tenantId);
      await setup.app.close();
      expect(before).toBe(0);

      const labels = ['p', 'q'];
      const children = labels.map((label) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/parallelWriterProcess.ts'], {
          env: {
            ...inherited,
            DATA_DIR: dataDir,
            ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
            LABEL: label,
            TENANT_ID: String(tenantId),
            COUNT: String(PER_INSTANCE),
            ALARM_TYPE,
          },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const lines = createInterface({ input: child.stdout });
        const ready = new Promise<void>((resolve, reject) => {
          lines.on('line', (line) => line === 'ready' && resolve());
          child.on('exit', (code) => reject(new Error(`写入进程 ${label} 未就绪（退出码 ${code}）：${stderr}`)));
        });
        const result = new Promise<WrittenByInstance>((resolve, reject) => {
          lines.on('line', (line) => line.startsWith('{') && resolve(JSON.parse(line) as WrittenByInstance));
          child.on('exit', (code) => reject(new Error(`写入进程 ${label} 失败（退出码 ${code}）：${stderr}`)));
        });
        ready.catch(() => undefined);
        result.catch(() => undefined);
        return { child, ready, result };
      });
      try {
        await Promise.all(children.map((child) => child.ready));
        for (const { child } of children) child.stdin.write('go\n');
        const written = await Promise.all(children.map((child) => child.result));
        const check = await createServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
        try {
          expect(dialectOf(check.services.ctx.db)).toBe(onPostgres ? 'postgres' : 'sqlite');
          expectConsistent(written, await storedPushes(check.services.ctx.db, tenantId), labels);
        } finally {
          await check.app.close();
        }
      } finally {
        for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
