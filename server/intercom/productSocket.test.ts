import { afterEach, describe, expect, inject, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { ProductSocketMessage } from '../../contracts/videoRooms';
import { sha256 } from '../auth/secrets';
import { testServer, type TestServer } from '../testing/testServer';
import { ADMIN_SIGNOUT_MESSAGE, REPEAT_LOGIN_MESSAGE } from './ProductSockets';

const onPostgres = Boolean(inject('postgresAdminUrl'));

const servers: { server: TestServer; ownsData: boolean }[] = [];
afterEach(async () => {
  // One sharing another's data is closed first, without removing it.
  for (const { server, ownsData } of servers.splice(0).reverse()) {
    if (ownsData) await server.close();
    else await server.app.close();
  }
});

async function start(overrides: Parameters<typeof testServer>[0] = {}): Promise<TestServer> {
  const server = await testServer(overrides);
  servers.push({ server, ownsData: overrides.dataDir === undefined });
  return server;
}

/** Waits for a condition (never a fixed sleep: the suite shares 2 cores with Chromium in npm test). */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('等待超时');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Trades the session for a ticket, opens the product socket, and waits until the server answers a ping (it has registered the socket). */
async function connect(server: TestServer, token: string) {
  const reply = await server.api('POST', '/productSocket/ticket', { token });
  expect(reply.body.code).toBe(200);
  const { ticket } = reply.body.data as { ticket: string };
  const received: ProductSocketMessage[] = [];
  let closed: { code: number; reason: string } | undefined;
  let ready = false;
  const socket: WebSocket = await server.app.injectWS(
    `/api/productSocket?token=${ticket}`,
    { headers: { host: 'localhost:80' } } as never,
    {
      onInit: (ws) => {
        ws.on('message', (raw) => {
          if (String(raw) === 'pong') ready = true;
          else received.push(JSON.parse(String(raw)) as ProductSocketMessage);
        });
        ws.on('close', (code, reason) => (closed = { code, reason: String(reason) }));
      },
    },
  );
  const started = Date.now();
  while (!ready && !closed && Date.now() - started < 10_000) {
    if (socket.readyState === socket.OPEN) socket.send('ping');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { socket, received, closed: () => closed, ready: () => ready };
}

const getInfo = async (server: TestServer, token: string) => (await server.api('GET', '/getInfo', { token })).body.code;

describe('product socket', () => {
  it('opens with a one-time ticket only, and refuses a bare session token', async () => {
    const server = await start();
    const token = await server.login();
    const client = await connect(server, token);
    expect(client.ready()).toBe(true);
    const bare = await server.app.injectWS(`/api/productSocket?token=${token}`, { headers: { host: 'localhost:80' } } as never);
    const code = await new Promise<number>((resolve) => bare.on('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(4401);
    expect((await server.api('POST', '/productSocket/ticket')).body.code).toBe(401);
    client.socket.terminate();
  });

  it('closes its sockets with 1012 (reconnect now, to another instance) when the instance drains; a new one is refused with 503', async () => {
    const server = await start();
    const token = await server.login();
    const client = await connect(server, token);
    expect(client.ready()).toBe(true);
    server.services.health.startDraining();
    await until(() => client.closed() !== undefined);
    expect(client.closed()).toEqual({ code: 1012, reason: 'draining' });
    // A new one is not even upgraded: a draining instance answers GETs 503 so the load balancer retries elsewhere.
    await expect(connect(server, token)).rejects.toThrow('503');
  });

  it("tells the session's sockets of a logout, then closes them; other sessions' sockets stay open", async () => {
    const server = await start();
    const token = await server.login();
    const other = await connect(server, await server.login());
    const client = await connect(server, token);
    expect((await server.api('POST', '/logout', { token })).body.code).toBe(200);
    await until(() => client.closed() !== undefined);
    expect(client.received).toEqual([{ response: 'logout', result: 0, data: null }]);
    expect(client.closed()!.code).toBe(4401);
    expect(other.closed()).toBeUndefined();
    expect(other.received).toEqual([]);
    other.socket.terminate();
  });

  it('with SINGLE_SESSION, a second login of the account sends -3 to the first session and ends it', async () => {
    const server = await start({ singleSession: true });
    const first = await server.login();
    const client = await connect(server, first);
    const second = await server.login();
    await until(() => client.closed() !== undefined);
    expect(client.received).toEqual([{ response: 'login', result: -3, data: { message: REPEAT_LOGIN_MESSAGE } }]);
    expect(await getInfo(server, first)).toBe(401);
    // Its next request is told why, whichever the app hears first.
    expect((await server.api('GET', '/getInfo', { token: first })).body).toEqual({ code: 401, msg: REPEAT_LOGIN_MESSAGE });
    expect(await getInfo(server, second)).toBe(200);
    // Another account's session is not touched.
    expect(await getInfo(server, await server.login('ADMIN-2026-DEMO'))).toBe(200);
    expect(await getInfo(server, second)).toBe(200);
  });

  it('without SINGLE_SESSION (the default), two logins of one account both keep working', async () => {
    const server = await start();
    const first = await server.login();
    const client = await connect(server, first);
    const second = await server.login();
    expect(await getInfo(server, first)).toBe(200);
    expect(await getInfo(server, second)).toBe(200);
    client.socket.send('ping');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.closed()).toBeUndefined();
    expect(client.received).toEqual([]);
    client.socket.terminate();
  });

  it('sends -4 to a session an administrator signed out', async () => {
    const server = await start();
    const token = await server.login();
    const client = await connect(server, token);
    await server.services.ctx.sessions.revokeSession(sha256(token), 'admin');
    await until(() => client.closed() !== undefined);
    expect(client.received).toEqual([{ response: 'login', result: -4, data: { message: ADMIN_SIGNOUT_MESSAGE } }]);
    expect((await server.api('GET', '/getInfo', { token })).body).toEqual({ code: 401, msg: ADMIN_SIGNOUT_MESSAGE });
  });

  it('ignores what the client sends (malformed JSON, a command, binary), with a log line, and keeps working', async () => {
    const lines: string[] = [];
    const server = await start({ logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    const token = await server.login();
    const client = await connect(server, token);
    client.socket.send('{not json');
    client.socket.send(JSON.stringify({ response: 'logout', result: 0 }));
    client.socket.send(Buffer.from([0, 1, 2, 255]));
    await until(() => lines.filter((line) => line.includes('产品通道收到客户端消息，已忽略')).length === 3);
    expect(client.closed()).toBeUndefined();
    expect(await getInfo(server, token)).toBe(200);
    // Still served: a logout still arrives.
    await server.api('POST', '/logout', { token });
    await until(() => client.closed() !== undefined);
    expect(client.received).toEqual([{ response: 'logout', result: 0, data: null }]);
  });

  it.runIf(onPostgres)(
    'reaches a socket on another instance: a repeat login through one instance ends the session whose socket is on the other',
    async () => {
      const a = await start({ singleSession: true });
      const b = await start({ singleSession: true, dataDir: a.dataDir });
      const first = await a.login();
      const client = await connect(b, first);
      await a.login();
      await until(() => client.closed() !== undefined);
      expect(client.received).toEqual([{ response: 'login', result: -3, data: { message: REPEAT_LOGIN_MESSAGE } }]);
      expect(await getInfo(b, first)).toBe(401);
    },
  );
});
