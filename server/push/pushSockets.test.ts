import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import { describe, expect, it, vi } from 'vitest';
import { setupTestServer, testServer, type TestServer } from '../testing/testServer';

let server: TestServer;
let token: string;
setupTestServer((created, login) => {
  server = created;
  token = login;
});

interface Pushed {
  eventType: string;
  seq: number;
  data: { alarmId: number; alarmContent: string; alarmTypeName: string };
}

const ticket = async (as = token) => ((await server.api('POST', '/push/ticket', { token: as })).body.data as { ticket: string }).ticket;

/** Opens the push socket and collects what arrives. */
async function connect(query: string, headers: Record<string, string> = {}, target = server) {
  const received: Pushed[] = [];
  let closed: { code: number; reason: string } | undefined;
  let ready = false;
  // Listeners go on before the upgrade completes, as a browser's would, so the replay is not missed.
  const socket: WebSocket = await target.app.injectWS(`/api/push/ws?${query}`, { headers: { host: 'localhost:80', ...headers } } as never, {
    onInit: (ws) => {
      ws.on('message', (raw) => {
        if (String(raw) === 'pong') ready = true;
        else received.push(JSON.parse(String(raw)) as Pushed);
      });
      ws.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
    },
  });
  // Generous: a condition, not a sleep; the server suite shares 2 cores with Chromium in `npm test`.
  const waitFor = async (check: () => boolean, ms = 10_000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error('等待超时');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  // The upgrade completes before the server has redeemed the ticket and subscribed the socket: it answers
  // pings only once it has, so a test raises its alarm after that (or sees the refusal's close).
  const start = Date.now();
  while (!ready && !closed && Date.now() - start < 10_000) {
    if (socket.readyState === socket.OPEN) socket.send('ping');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { socket, received, closed: () => closed, waitFor };
}

const raise = (tenantId = 1, content = '烟雾浓度超标') => server.services.alarms.raise({ tenantId, alarmType: 'SMOKE', content });

describe('push channel', () => {
  it('delivers an alarm to every operator of the tenant with a sequence id', async () => {
    const first = await connect(`token=${await ticket()}`);
    const second = await connect(`token=${await ticket(await server.login())}`);
    await raise();
    await first.waitFor(() => first.received.length === 1);
    await second.waitFor(() => second.received.length === 1);
    expect(first.received[0]).toMatchObject({
      eventType: 'DEVICE_ALARM',
      seq: 1,
      data: { alarmContent: '烟雾浓度超标', alarmTypeName: '烟感报警' },
    });
    first.socket.terminate();
    second.socket.terminate();
  });

  it("never sends one tenant's messages to another", async () => {
    const scenicToken = await server.login('ADMIN-2026-DEMO');
    await server.api('POST', '/tenantLogin', { token: scenicToken, body: { tenantId: 2 } });
    const city = await connect(`token=${await ticket()}`);
    const scenic = await connect(`token=${await ticket(scenicToken)}`);
    await raise(1, '城市告警');
    await raise(2, '景区告警');
    await city.waitFor(() => city.received.length === 1);
    await scenic.waitFor(() => scenic.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(city.received.map((message) => message.data.alarmContent)).toEqual(['城市告警']);
    expect(scenic.received.map((message) => message.data.alarmContent)).toEqual(['景区告警']);
    expect(scenic.received[0]!.seq).toBe(1);
  });

  it('replays everything after lastId, in order, before live messages, without duplicates', async () => {
    for (let index = 1; index <= 5; index++) await raise(1, `告警${index}`);
    const client = await connect(`token=${await ticket()}&lastId=2`);
    await raise(1, '告警6');
    await client.waitFor(() => client.received.length === 4);
    expect(client.received.map((message) => message.seq)).toEqual([3, 4, 5, 6]);
    expect(client.received.map((message) => message.data.alarmContent)).toEqual(['告警3', '告警4', '告警5', '告警6']);
  });

  it('accepts a ticket once, only before it expires', async () => {
    const once = await ticket();
    const first = await connect(`token=${once}`);
    const again = await connect(`token=${once}`);
    await again.waitFor(() => again.closed() !== undefined);
    expect(again.closed()!.code).toBe(4401);
    first.socket.terminate();
    const late = await ticket();
    server.advance(31_000);
    const expired = await connect(`token=${late}`);
    await expired.waitFor(() => expired.closed() !== undefined);
    expect(expired.closed()!.code).toBe(4401);
    const bare = await connect(`token=${token}`);
    await bare.waitFor(() => bare.closed() !== undefined);
    expect(bare.closed()!.code).toBe(4401);
  });

  it('refuses a foreign origin and a bad lastId', async () => {
    const foreign = await connect(`token=${await ticket()}`, { origin: 'https://evil.example.com' });
    await foreign.waitFor(() => foreign.closed() !== undefined);
    expect(foreign.closed()!.code).toBe(4403);
    const bad = await connect(`token=${await ticket()}&lastId=-4`);
    await bad.waitFor(() => bad.closed() !== undefined);
    expect(bad.closed()!.code).toBe(4400);
  });

  it("closes the user's sockets within 1 s of logout", async () => {
    const client = await connect(`token=${await ticket()}`);
    const started = Date.now();
    await server.api('POST', '/logout', { token });
    await client.waitFor(() => client.closed() !== undefined, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(client.closed()!.code).toBe(4401);
  });

  it('closes the socket within 1 s of the session expiring', async () => {
    const client = await connect(`token=${await ticket()}`);
    server.advance(30 * 60_000 + 1);
    await client.waitFor(() => client.closed() !== undefined, 1000);
    expect(client.closed()!.reason).toBe('expired');
  });

  it('ignores malformed frames and keeps working', async () => {
    const client = await connect(`token=${await ticket()}`);
    client.socket.send('{not json');
    client.socket.send(JSON.stringify({ eventType: 'WHATEVER' }));
    await raise();
    await client.waitFor(() => client.received.length === 1);
    expect(client.closed()).toBeUndefined();
  });
});

/** The close frame of a socket the server must refuse, and whether the database was touched on the way. */
async function refused(query: string, headers: Record<string, string> = {}) {
  const reads = vi.spyOn(server.services.ctx.db, 'selectFrom');
  const writes = vi.spyOn(server.services.ctx.db, 'updateTable');
  try {
    const client = await connect(query, headers);
    await client.waitFor(() => client.closed() !== undefined);
    return { ...client.closed()!, touchedDb: reads.mock.calls.length + writes.mock.calls.length > 0 };
  } finally {
    reads.mockRestore();
    writes.mockRestore();
  }
}

/** The ticket still opens a working socket: the refused attempt before it consumed nothing. */
async function stillWorks(valid: string) {
  const client = await connect(`token=${valid}`);
  await raise();
  await client.waitFor(() => client.received.length === 1);
  expect(client.closed()).toBeUndefined();
  client.socket.terminate();
}

describe('push socket upgrade refusals (a close frame with a code and reason each, never 1006)', () => {
  it('refuses Origin: null with 4403 origin', async () => {
    const valid = await ticket();
    expect(await refused(`token=${valid}`, { origin: 'null' })).toEqual({ code: 4403, reason: 'origin', touchedDb: false });
    await stillWorks(valid);
  });

  it.each(['::::', 'http://', '', 'localhost:80', 'http://a.example, http://localhost:80'])(
    'refuses an Origin that is not a URL (%j) with 4403 origin',
    async (origin) => {
      const valid = await ticket();
      expect(await refused(`token=${valid}`, { origin })).toEqual({ code: 4403, reason: 'origin', touchedDb: false });
      await stillWorks(valid);
    },
  );

  it('still accepts the own origin (same host as the Host header) and no Origin at all', async () => {
    const own = await connect(`token=${await ticket()}`, { host: 'ops.example.com:8080', origin: 'http://ops.example.com:8080' });
    const bare = await connect(`token=${await ticket()}`);
    await raise();
    await own.waitFor(() => own.received.length === 1);
    await bare.waitFor(() => bare.received.length === 1);
    expect([own.closed(), bare.closed()]).toEqual([undefined, undefined]);
  });

  it('accepts a listed origin, but never null even if listed', async () => {
    const listed = await testServer({ allowedOrigins: ['https://partner.example.com', 'null'] });
    try {
      const login = await listed.login();
      const listedTicket = async () =>
        ((await listed.api('POST', '/push/ticket', { token: login })).body.data as { ticket: string }).ticket;
      const partner = await connect(`token=${await listedTicket()}`, { origin: 'https://partner.example.com' }, listed);
      const sandboxed = await connect(`token=${await listedTicket()}`, { origin: 'null' }, listed);
      await sandboxed.waitFor(() => sandboxed.closed() !== undefined);
      expect(sandboxed.closed()).toEqual({ code: 4403, reason: 'origin' });
      await listed.services.alarms.raise({ tenantId: 1, alarmType: 'SMOKE', content: '烟雾浓度超标' });
      await partner.waitFor(() => partner.received.length === 1);
      expect(partner.closed()).toBeUndefined();
    } finally {
      await listed.close();
    }
  });

  it('refuses a repeated token with 4400 token, consuming neither', async () => {
    const valid = await ticket();
    const other = await ticket();
    expect(await refused(`token=${valid}&token=${valid}`)).toEqual({ code: 4400, reason: 'token', touchedDb: false });
    expect(await refused(`token=${valid}&token=${other}`)).toEqual({ code: 4400, reason: 'token', touchedDb: false });
    await stillWorks(valid);
    await stillWorks(other);
  });

  it.each([
    ['oversized', 'A'.repeat(5000)],
    ['one character too long', 'A'.repeat(44)],
    ['odd charset', encodeURIComponent('票'.repeat(43))],
    ['base64 padding and symbols', encodeURIComponent(`${'A'.repeat(41)}+=`)],
    ['a NUL byte', `${'A'.repeat(42)}%00`],
  ])('refuses a token that cannot be a ticket (%s) with 4400 token before touching the database', async (_, value) => {
    expect(await refused(`token=${value}`)).toEqual({ code: 4400, reason: 'token', touchedDb: false });
  });

  it('refuses a repeated lastId with 4400 lastId, consuming nothing', async () => {
    const valid = await ticket();
    expect(await refused(`token=${valid}&lastId=1&lastId=2`)).toEqual({ code: 4400, reason: 'lastId', touchedDb: false });
    await stillWorks(valid);
  });

  it.each(['1e3', '0x10', '-1', '-0', 'Infinity', '1.5', '%205', '9007199254740992', 'NaN'])(
    'refuses lastId=%s with 4400 lastId, consuming nothing',
    async (lastId) => {
      const valid = await ticket();
      expect(await refused(`token=${valid}&lastId=${lastId}`)).toEqual({ code: 4400, reason: 'lastId', touchedDb: false });
      await stillWorks(valid);
    },
  );

  it('closes a missing, unknown, used or expired ticket with 4401 ticket', async () => {
    expect(await refused('')).toMatchObject({ code: 4401, reason: 'ticket' });
    expect(await refused('token=')).toMatchObject({ code: 4401, reason: 'ticket' });
    expect(await refused(`token=${'A'.repeat(43)}`)).toMatchObject({ code: 4401, reason: 'ticket' });
    const once = await ticket();
    const first = await connect(`token=${once}`);
    expect(await refused(`token=${once}`)).toMatchObject({ code: 4401, reason: 'ticket' });
    first.socket.terminate();
    const late = await ticket();
    server.advance(31_000);
    expect(await refused(`token=${late}`)).toMatchObject({ code: 4401, reason: 'ticket' });
  });

  it('closes a ticket whose session was logged out with 4401 session', async () => {
    const orphan = await ticket();
    await server.api('POST', '/logout', { token });
    expect(await refused(`token=${orphan}`)).toMatchObject({ code: 4401, reason: 'session' });
  });

  it('opens a ticket raced by two sockets at once only once', async () => {
    const once = await ticket();
    const [a, b] = await Promise.all([connect(`token=${once}`), connect(`token=${once}`)]);
    await raise();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const outcomes = [a, b]
      .map((client) => (client.closed() ? `${client.closed()!.code} ${client.closed()!.reason}` : `open ${client.received.length}`))
      .sort();
    expect(outcomes).toEqual(['4401 ticket', 'open 1']);
  });

  it('ignores unknown extra query parameters (proxies may add some) and accepts lastId=0', async () => {
    await raise(1, '告警1');
    const client = await connect(`token=${await ticket()}&lastId=0&utm_source=proxy&x=1&x=2`);
    await client.waitFor(() => client.received.length === 1);
    expect(client.received[0]!.data.alarmContent).toBe('告警1');
    expect(client.closed()).toBeUndefined();
  });

  it('closes with 1011 internal when the database fails, logs it with the request id, and keeps serving', async () => {
    const valid = await ticket();
    const db = server.services.ctx.db;
    // A real database error: the ticket table is briefly out of reach.
    await sql`ALTER TABLE push_tickets RENAME TO push_tickets_away`.execute(db);
    const logged = vi.spyOn(server.app.log, 'error');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expect(await refused(`token=${valid}`)).toMatchObject({ code: 1011, reason: 'internal' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ err: expect.any(Error), reqId: expect.any(String) }),
        expect.stringMatching(/[\u4e00-\u9fff]/),
      );
    } finally {
      process.off('unhandledRejection', onUnhandled);
      logged.mockRestore();
      await sql`ALTER TABLE push_tickets_away RENAME TO push_tickets`.execute(db);
    }
    await stillWorks(valid);
  });
});

describe('push socket refusals over a real TCP connection', () => {
  /** Node's own HTTP parser and query string, not injectWS's shortcut. */
  async function over(query: string, headers: Record<string, string> = {}) {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/push/ws?${query}`, { headers });
    const received: Pushed[] = [];
    socket.on('message', (raw) => received.push(JSON.parse(String(raw)) as Pushed));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    const opened = new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    return { socket, received, closed, opened };
  }

  it('refuses Origin: null and a repeated token with a close frame, then accepts the untouched ticket', async () => {
    const valid = await ticket();
    expect(await (await over(`token=${valid}`, { origin: 'null' })).closed).toEqual({ code: 4403, reason: 'origin' });
    expect(await (await over(`token=${valid}&token=${valid}`)).closed).toEqual({ code: 4400, reason: 'token' });
    expect(await (await over(`token=${valid}&lastId=1e3`)).closed).toEqual({ code: 4400, reason: 'lastId' });
    const client = await over(`token=${valid}`);
    await client.opened;
    await raise();
    await vi.waitFor(() => expect(client.received).toHaveLength(1));
    client.socket.terminate();
  });
});
