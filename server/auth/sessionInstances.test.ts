import { afterEach, describe, expect, inject, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { LAST_SEEN_WRITE_MS, SESSION_RECHECK_MS } from './SessionService';

// Each instance trusts what it read of a session and of a user's menus for a moment (SESSION_RECHECK_MS,
// ACCESS_RECHECK_MS): two servers on one database show that a logout, a role change and a tenant switch
// made through one still take effect on the other within 1 s.
const onPostgres = Boolean(inject('postgresAdminUrl'));

let first: TestServer | undefined;
let second: TestServer | undefined;
afterEach(async () => {
  // The second server shares the first one's data: closed first, without removing it.
  await second?.app.close();
  await first?.close();
  first = second = undefined;
});

/** Two instances on the same database (on PostgreSQL the same database, see postgresTestSetup.ts). */
async function twoInstances(): Promise<[TestServer, TestServer]> {
  first = await testServer();
  second = await testServer({ dataDir: first.dataDir });
  return [first, second];
}

/** Milliseconds until `done` holds, asking again every 20 ms; fails after `limitMs`. */
async function within(limitMs: number, done: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > limitMs) throw new Error(`${limitMs} ms 内未生效`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

describe('sessions on several instances', () => {
  it('refuses a session logged out on one instance on the other within 1 s', async () => {
    const [a, b] = await twoInstances();
    const token = await a.login();
    // Both instances have just read the session.
    expect((await a.api('GET', '/getInfo', { token })).body.code).toBe(200);
    expect((await b.api('GET', '/getInfo', { token })).body.code).toBe(200);
    expect((await a.api('POST', '/logout', { token })).body.code).toBe(200);
    // At once where it was revoked…
    expect((await a.api('GET', '/getInfo', { token })).body.code).toBe(401);
    // …and within 1 s on the other instance, whichever route is asked.
    const took = await within(1000, async () => (await b.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code === 401);
    expect(took).toBeLessThan(1000);
    expect((await b.api('GET', '/getInfo', { token })).body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });

  it('takes a role change into account within 1 s on every instance', async () => {
    const [a, b] = await twoInstances();
    const token = await a.login();
    for (const server of [a, b]) expect((await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code).toBe(200);
    // The operator's role loses every menu (as an administrator's SQL would do it).
    const db = a.services.ctx.db;
    const role = await db
      .selectFrom('user_tenants')
      .select('role_id')
      .where('user_id', '=', 2)
      .where('tenant_id', '=', 1)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('role_menus').where('role_id', '=', role.role_id).execute();
    for (const server of [a, b]) {
      await within(1000, async () => (await server.api('GET', '/devi/aep/child?deviceType=lamp', { token })).body.code === 403);
      expect(((await server.api('GET', '/getInfo', { token })).body.permissions as string[]).length).toBe(0);
    }
  });

  it('answers the next request after a tenant switch for the new tenant, on any instance', async () => {
    const [a, b] = await twoInstances();
    const token = await a.login();
    const activeTenant = async (server: TestServer) =>
      ((await server.api('GET', '/getInfo', { token })).body.user as { tenants: { tenantId: number; isLoginNow: boolean }[] }).tenants.find(
        (tenant) => tenant.isLoginNow,
      )?.tenantId;
    expect(await activeTenant(b)).toBe(1);
    expect((await a.api('POST', '/tenantLogin', { token, body: { tenantId: 2 } })).body.code).toBe(200);
    expect(await activeTenant(a)).toBe(2);
    // On PostgreSQL (several instances) the switch answers only once no instance can hold the old tenant;
    // SQLite runs one instance, and a second one on its file catches up within SESSION_RECHECK_MS.
    if (onPostgres) expect(await activeTenant(b)).toBe(2);
    else await within(1000, async () => (await activeTenant(b)) === 2);
  });
});

describe("a session's last-seen time", () => {
  it(`is written when it is ${LAST_SEEN_WRITE_MS / 1000} s behind, not on every request`, async () => {
    first = await testServer();
    const server = first;
    const token = await server.login();
    const stored = async () =>
      (await server.services.ctx.db.selectFrom('sessions').select('last_seen_at').executeTakeFirstOrThrow()).last_seen_at;
    const loggedIn = await stored();
    for (let step = 0; step < 5; step++) {
      server.advance(10_000);
      expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(200);
    }
    expect(await stored()).toBe(loggedIn);
    server.advance(LAST_SEEN_WRITE_MS - 50_000);
    expect((await server.api('GET', '/getInfo', { token })).body.code).toBe(200);
    expect(await stored()).toBe(loggedIn + LAST_SEEN_WRITE_MS);
  });

  it('is read again by another instance, so a session used on one does not expire on the other', async () => {
    const [a, b] = await twoInstances();
    const token = await a.login();
    expect((await b.api('GET', '/getInfo', { token })).body.code).toBe(200);
    // Used on the first instance for 40 minutes; the second one's clock moves with it.
    for (let minute = 0; minute < 40; minute += 5) {
      a.advance(5 * 60_000);
      b.advance(5 * 60_000);
      expect((await a.api('GET', '/getInfo', { token })).body.code).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS + 50));
    expect((await b.api('GET', '/getInfo', { token })).body.code).toBe(200);
  });
});
