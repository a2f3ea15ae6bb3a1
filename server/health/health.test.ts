import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ReadinessReport } from '../../contracts/api/healthRoutes';
import { createServer } from '../createServer';
import { listening, waitFor } from '../testing/pushTestClient';
import { testServer, type TestServer } from '../testing/testServer';
import { drainServer } from './drainServer';

// Readiness through its states (starting, ready, draining, database down, schema not this program's), on
// both databases, and the drain's hand-over of the push sockets and the leader's jobs.
const onPostgres = Boolean(inject('postgresAdminUrl'));
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function started(overrides: Parameters<typeof testServer>[0] = {}): Promise<TestServer> {
  const server = await testServer(overrides);
  servers.push(server);
  return server;
}

async function ready(server: TestServer): Promise<{ status: number; report: ReadinessReport }> {
  const response = await server.app.inject({ method: 'GET', url: '/api/health/ready' });
  const body = response.json<{ code: number; data: ReadinessReport }>();
  expect(body.code).toBe(response.statusCode);
  return { status: response.statusCode, report: body.data };
}

/** A socket's close code, or the HTTP status its upgrade was refused with. */
function socketOutcome(url: string): Promise<{ opened: boolean; code?: number; status?: number; socket: WebSocket }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ opened: false, status: response.statusCode, socket }));
  });
}

describe('health and readiness', () => {
  it('is starting until the server is ready, then ready; live and ready answer JSON and stay out of the access log', async () => {
    const lines: string[] = [];
    // trace, and every request logged (LOG_ACCESS=all): whatever level an access line is written at, it would show here.
    const server = await started({
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
      requestLog: { access: 'all', slowMs: 0, sampleEvery: 1 },
    });
    expect((await server.services.health.readiness()).status).toBe('starting');
    const { status, report } = await ready(server);
    expect(status).toBe(200);
    expect(report).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, ...(onPostgres ? { pushListener: { ok: true } } : {}) },
      leader: true,
    });
    const live = await server.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ code: 200, data: { status: 'live' } });
    expect(live.headers['content-type']).toContain('application/json');

    const token = await server.login();
    await server.api('GET', '/getInfo', { token });
    expect(lines.some((line) => line.includes('/api/getInfo'))).toBe(true);
    expect(lines.filter((line) => line.includes('/api/health/'))).toEqual([]);
  });

  it('turns unready when the schema is not this program’s: newer (a later version migrated it) or older', async () => {
    const server = await started();
    expect((await ready(server)).status).toBe(200);
    const { db } = server.services.ctx;
    await sql`insert into kysely_migration (name, timestamp) values ('999_from_a_newer_version', '2099-01-01T00:00:00.000Z')`.execute(db);
    await waitFor(async () => (await ready(server)).status === 503, 5000, '结构版本较新时未就绪');
    const newer = (await ready(server)).report;
    expect(newer.status).toBe('unavailable');
    expect(newer.checks.migrations.error).toContain('比本程序新');
    await sql`delete from kysely_migration where name = '999_from_a_newer_version'`.execute(db);
    const last = await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(db);
    const lastName = last.rows[0]?.name ?? '';
    await sql`delete from kysely_migration where name = ${lastName}`.execute(db);
    await waitFor(async () => (await ready(server)).report.checks.migrations.error?.includes('未升级') === true, 5000, '结构版本较旧');
    await sql`insert into kysely_migration (name, timestamp) values (${lastName}, '2026-01-01T00:00:00.000Z')`.execute(db);
    await waitFor(async () => (await ready(server)).status === 200, 5000, '结构版本恢复后就绪');
  });

  it('draining: unready at once, GETs 503 with Connection: close, other methods served, push sockets closed with 1012 and refused', async () => {
    const server = await started();
    const token = await server.login();
    const at = await listening(server.app);
    const ticket = async () =>
      (
        (await (await fetch(`${at.api}/push/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } })).json()) as {
          data: { ticket: string };
        }
      ).data.ticket;
    const open = await socketOutcome(`${at.ws}?token=${await ticket()}`);
    expect(open.opened).toBe(true);
    const closed = new Promise<number>((resolve) => open.socket.once('close', (code) => resolve(code)));

    server.services.health.startDraining();
    expect(await closed).toBe(1012);
    const probe = await fetch(`${at.api}/health/ready`);
    expect(probe.status).toBe(503);
    expect(((await probe.json()) as { data: ReadinessReport }).data.status).toBe('draining');
    expect((await fetch(`${at.api}/health/live`)).status).toBe(200);
    const refused = await fetch(`${at.api}/getInfo`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(((await refused.json()) as { msg: string }).msg).toBe('本实例正在停止，请重试');
    // A POST is served: repeating it elsewhere would not be safe, and this instance still works.
    const again = await ticket();
    expect(again).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const late = await socketOutcome(`${at.ws}?token=${again}`);
    expect(late).toMatchObject({ opened: false, status: 503 });
  });

  it.runIf(onPostgres)(
    'is unready while PostgreSQL refuses connections, and ready again once it accepts them',
    { timeout: 30_000 },
    async () => {
      const server = await started({ cluster: { listenerRetryMs: 100, leaderRetryMs: 100 } });
      expect((await ready(server)).status).toBe(200);
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(server.services.ctx.db)).rows[0]?.name ?? '';
      const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
      await admin.connect();
      try {
        await admin.query(`alter database "${name}" allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
        await waitFor(async () => !(await ready(server)).report.checks.database.ok, 10_000, '数据库拒绝连接时未就绪');
        const down = (await ready(server)).report;
        expect(down.status).toBe('unavailable');
        expect(down.checks.database.ok).toBe(false);
        expect(down.checks.database.error).toContain('数据库不可用');
        expect(down.checks.pushListener).toEqual({ ok: false, error: '推送通知连接（LISTEN）未建立' });
        await admin.query(`alter database "${name}" allow_connections true`);
        await waitFor(async () => (await ready(server)).status === 200, 10_000, '数据库恢复后重新就绪');
      } finally {
        await admin.query(`alter database "${name}" allow_connections true`);
        await admin.end();
      }
    },
  );

  it.runIf(onPostgres)('a drained leader gives the lock back and tells the others: one takes the jobs over at once', async () => {
    // Followers retry the lock only every minute here: only the release notice can move the jobs in time.
    const a = await started({ cluster: { leaderRetryMs: 60_000 } });
    await a.app.ready();
    expect(a.services.leader.isLeader).toBe(true);
    const b = await createServer({ dataDir: a.dataDir, cluster: { leaderRetryMs: 60_000 } });
    try {
      await b.app.ready();
      expect(b.services.leader.isLeader).toBe(false);
      expect(await drainServer(a, { graceMs: 2000, log: { info: () => undefined, warn: () => undefined } })).toBe('clean');
      expect(a.services.leader.isLeader).toBe(false);
      await waitFor(() => b.services.leader.isLeader, 5000, '另一实例接任主节点');
    } finally {
      await b.app.close();
    }
  });

  it('drainServer closes the server and resolves clean when nothing is in flight', async () => {
    const server = await started();
    await server.app.ready();
    expect(await drainServer(server, { graceMs: 2000, log: { info: () => undefined, warn: () => undefined } })).toBe('clean');
    expect(server.services.leader.isLeader).toBe(false);
    expect((await server.services.health.readiness()).status).toBe('draining');
  });
});
