import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../auth/secrets';
import { SESSION_IDLE_MS } from '../auth/SessionService';
import { testServer, type TestServer } from '../testing/testServer';
import { PushTickets } from './PushTickets';

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(async () => server.close());

/** The database, counting the queries made through it. */
function countingDb() {
  const counted = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      counted.queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: server.services.ctx.db.withPlugin(plugin), counted };
}

const until = async (check: () => boolean) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 10_000) throw new Error('等待超时');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('PushTickets.watch', () => {
  it('reads every watched session again in one query a round, tells each socket its expiry or that it ended, and stops when no one watches', async () => {
    const { db, counted } = countingDb();
    const tickets = new PushTickets(db, () => server.services.ctx.now(), 50);
    const tokens = await Promise.all([server.login(), server.login(), server.login()]);
    const heard = new Map<string, (number | undefined)[]>();
    const stops = tokens.map((token) => {
      const hash = sha256(token);
      heard.set(hash, []);
      return tickets.watch(hash, (expiresAt) => heard.get(hash)!.push(expiresAt));
    });
    // A second socket of the first session is told too, in the same round.
    const second: (number | undefined)[] = [];
    const stopSecond = tickets.watch(sha256(tokens[0]!), (expiresAt) => second.push(expiresAt));
    await until(() => [...heard.values()].every((seen) => seen.length >= 2));
    const rounds = Math.min(...[...heard.values()].map((seen) => seen.length));
    expect(counted.queries).toBeLessThanOrEqual(rounds + 1);
    expect(second.length).toBeGreaterThanOrEqual(1);
    for (const seen of heard.values()) expect(seen.at(-1)).toBeGreaterThan(server.services.ctx.now() + SESSION_IDLE_MS / 2);

    // The second session logs out: its sockets hear undefined; the others keep their expiry.
    expect((await server.api('POST', '/logout', { token: tokens[1] })).body.code).toBe(200);
    const ended = heard.get(sha256(tokens[1]!))!;
    await until(() => ended.at(-1) === undefined);
    expect(heard.get(sha256(tokens[2]!))!.at(-1)).toBeGreaterThan(server.services.ctx.now());

    for (const stop of [...stops, stopSecond]) stop();
    const after = counted.queries;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(counted.queries).toBe(after);
  });
});
