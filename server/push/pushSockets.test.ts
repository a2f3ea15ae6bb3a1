import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { setupTestServer, type TestServer } from '../testing/testServer';

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
async function connect(query: string, headers: Record<string, string> = {}) {
  const received: Pushed[] = [];
  let closed: { code: number; reason: string } | undefined;
  // Listeners go on before the upgrade completes, as a browser's would, so the replay is not missed.
  const socket: WebSocket = await server.app.injectWS(`/api/push/ws?${query}`, { headers: { host: 'localhost:80', ...headers } } as never, {
    onInit: (ws) => {
      ws.on('message', (raw) => received.push(JSON.parse(String(raw)) as Pushed));
      ws.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
    },
  });
  const waitFor = async (check: () => boolean, ms = 2000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error('等待超时');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { socket, received, closed: () => closed, waitFor };
}

const raise = (tenantId = 1, content = '烟雾浓度超标') => server.app.alarms.raise({ tenantId, alarmType: 'SMOKE', content });

describe('push channel', () => {
  it('delivers an alarm to every operator of the tenant with a sequence id', async () => {
    const first = await connect(`token=${await ticket()}`);
    const second = await connect(`token=${await ticket(await server.login())}`);
    await raise();
    await first.waitFor(() => first.received.length === 1);
    await second.waitFor(() => second.received.length === 1);
    expect(first.received[0]).toMatchObject({ eventType: 'DEVICE_ALARM', seq: 1, data: { alarmContent: '烟雾浓度超标', alarmTypeName: '烟感报警' } });
    first.socket.terminate();
    second.socket.terminate();
  });

  it('never sends one tenant\'s messages to another', async () => {
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

  it('closes the user\'s sockets within 1 s of logout', async () => {
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
