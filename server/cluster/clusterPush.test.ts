import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createServer } from '../createServer';
import { listening, pushClient, waitFor, type Received } from '../testing/pushTestClient';
import { databaseKey, testDataRemoved } from '../testing/testDatabases';
import { testPushTopic } from '../testing/testPushTopic';
import { findNginx, NGINX_MISSING, startCluster } from '../../scripts/cluster';

// Several instances on one PostgreSQL database behave as one: a push committed by one instance reaches
// the sockets of every instance (LISTEN/NOTIFY), and sessions, tickets and limits live in the database.
const onPostgres = Boolean(inject('postgresAdminUrl'));
// The kill test needs nginx too; without it that test is skipped with a note, unless REQUIRE_POSTGRES=1 (CI).
const withNginx = onPostgres && (findNginx() !== undefined || process.env.REQUIRE_POSTGRES === '1');
if (onPostgres && !withNginx) console.warn(`[server-pg] 已跳过多实例故障切换测试：${NGINX_MISSING}`);
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    await testDataRemoved(databaseKey({ dataDir: dir }));
  }
});

/** The tenant's stored alarm pushes after `afterSeq`, in sequence order: what every client must receive. */
async function committedAlarms(app: FastifyInstance, tenantId: number, afterSeq: number): Promise<Received[]> {
  const rows = await app.ctx.db
    .selectFrom('push_log')
    .select(['seq', 'payload'])
    .where('tenant_id', '=', tenantId)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ seq: row.seq, alarmId: (JSON.parse(row.payload) as { data: { alarmId?: number } }).data.alarmId }));
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  it(
    'fan out pushes, share sessions, tickets and limits, and catch up after the LISTEN connection drops',
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'ops-cluster-push-'));
      dirs.push(dataDir);
      const a = await createServer({ dataDir, cluster: { listenerRetryMs: 200 } });
      const b = await createServer({ dataDir, cluster: { listenerRetryMs: 200 } });
      try {
        const [atA, atB] = [await listening(a), await listening(b)];
        // A session started on A is good on B, and a ticket issued by A opens a socket on B.
        const login = (await (await fetch(`${atA.api}/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };
        const start = await a.pushHub.lastSeq(1);

        const onB = pushClient(atB, login.token);
        const moving = pushClient(atA, login.token);
        onB.target.api = atA.api;
        onB.client.start(1);
        moving.client.start(1);
        await new Promise((resolve) => setTimeout(resolve, 300));

        // Alarms raised on A (and a few on B, interleaved), several at once.
        const raise = (app: FastifyInstance, index: number) =>
          app.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: `集群推送 ${index}` });
        for (let round = 0; round < 5; round++)
          await Promise.all(Array.from({ length: 6 }, (_, index) => raise(index % 3 === 2 ? b : a, round * 6 + index)));
        let expected = await committedAlarms(a, 1, start);
        expect(expected).toHaveLength(30);
        await waitFor(() => onB.inbox.length >= expected.length && moving.inbox.length >= expected.length, 10_000, '客户端收到全部告警');
        expect(onB.inbox).toEqual(expected);
        expect(moving.inbox).toEqual(expected);

        // The client on A leaves; alarms go on; it comes back on B with its lastId and gets the rest once.
        moving.client.stop();
        for (let index = 0; index < 10; index++) await raise(a, 100 + index);
        moving.target.ws = atB.ws;
        moving.target.api = atB.api;
        moving.client.start(1);
        for (let index = 0; index < 10; index++) await raise(a, 200 + index);
        expected = await committedAlarms(a, 1, start);
        await waitFor(
          () => onB.inbox.length >= expected.length && moving.inbox.length >= expected.length,
          10_000,
          '换到 B 的客户端收到其余告警',
        );
        expect(moving.inbox).toEqual(expected);
        expect(onB.inbox).toEqual(expected);

        // B's LISTEN connection is cut; what A commits meanwhile reaches B's sockets after it reconnects.
        const pid = await b.pushListener?.backendPid();
        expect(pid).toBeTypeOf('number');
        await sql`select pg_terminate_backend(${pid})`.execute(a.ctx.db);
        await Promise.all(Array.from({ length: 10 }, (_, index) => raise(a, 300 + index)));
        expected = await committedAlarms(a, 1, start);
        await waitFor(() => onB.inbox.length >= expected.length, 10_000, 'B 重连后补发断线期间的告警');
        expect(onB.inbox).toEqual(expected);
        expect(b.pushListener?.listening).toBe(true);
        expect(await b.pushListener?.backendPid()).not.toBe(pid);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(onB.inbox).toHaveLength(expected.length);
        expect(moving.inbox).toEqual(expected);
        onB.client.stop();
        moving.client.stop();

        // Login limits count attempts from every instance: 10 wrong codes per address, alternating.
        for (let attempt = 0; attempt < 10; attempt++) {
          const reply = await (attempt % 2 ? a : b).inject({
            method: 'GET',
            url: `/api/authCodeLogin?authCode=WRONG-${attempt}`,
            remoteAddress: '203.0.113.9',
          });
          expect(reply.json<{ code: number }>().code).not.toBe(429);
        }
        for (const app of [a, b])
          expect(
            (await app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=WRONG-X', remoteAddress: '203.0.113.9' })).json<{
              code: number;
            }>().code,
          ).toBe(429);
        // Logging out on B ends the session on A.
        await b.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${login.token}` } });
        expect(
          (await a.inject({ method: 'POST', url: '/api/push/ticket', headers: { authorization: `Bearer ${login.token}` } })).json<{
            code: number;
          }>().code,
        ).toBe(401);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});

describe.skipIf(!withNginx)('two instances as processes behind nginx', () => {
  it(
    'lose nothing when one is killed (kill -9) while alarms flow: every committed alarm reaches every client once, in order',
    { timeout: 120_000 },
    async () => {
      const databaseUrl = process.env.DATABASE_URL;
      if (!databaseUrl) throw new Error('server-pg 的测试环境没有提供 DATABASE_URL');
      const startedAt = Date.now();
      const cluster = await startCluster({
        instances: 2,
        databaseUrl,
        env: { SIMULATOR: '0', SMS_DEV_ENDPOINT: '1' },
        say: () => undefined,
      });
      const clients: ReturnType<typeof pushClient>[] = [];
      const database = new pg.Client({ connectionString: databaseUrl });
      await database.connect();
      try {
        const startupMs = Date.now() - startedAt;
        const api = `${cluster.url}api`;
        const ws = `${cluster.url.replace(/^http/, 'ws')}api/push/ws`;
        const login = (await (await fetch(`${api}/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };
        const start = Number(
          (await database.query<{ seq: string | null }>('select max(seq) as seq from push_log where tenant_id = 1')).rows[0]?.seq ?? 0,
        );
        // Round robin without stickiness: the clients' sockets land on both instances.
        // Each client has seen everything up to `start`: whenever its socket lands, it replays the rest.
        for (let index = 0; index < 4; index++) clients.push(pushClient({ ws, api }, login.token, start));
        for (const { client } of clients) client.start(1);
        await new Promise((resolve) => setTimeout(resolve, 500));

        const acknowledged: number[] = [];
        let failed = 0;
        let raising = true;
        const raiser = async () => {
          for (let index = 0; raising; index++) {
            try {
              const response = await fetch(`${api}/dev/alarm/raise`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ tenantId: 1, alarmType: 'SMOKE', content: `故障切换 ${index}` }),
              });
              const reply = (await response.json()) as { code: number; data?: { alarmId: number } };
              if (reply.code === 200 && reply.data) acknowledged.push(reply.data.alarmId);
              else failed++;
            } catch {
              // The instance died with this request: it may or may not have been committed (the database says).
              failed++;
            }
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        };
        const raisers = [raiser(), raiser()];
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const killedAt = Date.now();
        await cluster.kill(0);
        await new Promise((resolve) => setTimeout(resolve, 2500));
        raising = false;
        await Promise.all(raisers);

        const rows = (
          await database.query<{ seq: string; payload: string }>(
            'select seq, payload from push_log where tenant_id = 1 and seq > $1 order by seq',
            [start],
          )
        ).rows;
        const committed: Received[] = rows.map((row) => ({
          seq: Number(row.seq),
          alarmId: (JSON.parse(row.payload) as { data: { alarmId?: number } }).data.alarmId,
        }));
        await waitFor(() => clients.every(({ inbox }) => inbox.length >= committed.length), 20_000, '每个客户端收到全部已提交的告警');
        const caughtUpMs = Date.now() - killedAt;
        await new Promise((resolve) => setTimeout(resolve, 300));
        for (const { inbox } of clients) expect(inbox).toEqual(committed);
        // Every alarm an instance acknowledged is among them; a request cut by the kill may be either way.
        const committedIds = new Set(committed.map((message) => message.alarmId));
        expect(acknowledged.every((id) => committedIds.has(id))).toBe(true);
        expect(acknowledged.length).toBeGreaterThan(50);
        expect(committed.length).toBeGreaterThanOrEqual(acknowledged.length);
        // Some clients were on the killed instance and reconnected (through nginx, to the survivor).
        expect(clients.reduce((sum, { sockets }) => sum + sockets.opened, 0)).toBeGreaterThan(clients.length);
        console.info(
          `[cluster] 启动 ${startupMs} ms；提交 ${committed.length} 条告警（确认 ${acknowledged.length}，失败 ${failed}）；杀死实例后 ${caughtUpMs} ms 内全部客户端收齐`,
        );
      } finally {
        for (const { client } of clients) client.stop();
        await database.end();
        await cluster.stop();
      }
    },
  );
});

describe.skipIf(onPostgres)('one instance on SQLite', () => {
  it('has no LISTEN connection: pushes go to its sockets in-process', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-cluster-push-'));
    dirs.push(dataDir);
    const app = await createServer({ dataDir });
    try {
      await app.ready();
      expect(app.pushListener).toBeUndefined();
      const seen: number[] = [];
      const unsubscribe = app.pushHub.subscribe(1, (message) => seen.push(message.seq));
      const published = await app.pushHub.publish(1, testPushTopic('cluster_test'), {});
      unsubscribe();
      expect(seen).toEqual([published.seq]);
    } finally {
      await app.close();
    }
  });
});
