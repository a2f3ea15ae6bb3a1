import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { SimpleEventBus } from '../../core/push/EventBus';
import { PushClient } from '../../core/push/PushClient';
import { PUSH_TOPIC_ALL } from '../../core/push/RoutedPush';

// The web app's push client, driven from server tests (cluster and fault tests): what it received, in order.

export interface Received {
  seq: number;
  alarmId: number | undefined;
}

/** The web app's real PushClient (dedup by seq, replay with lastId, reconnect), its ticket fetched over HTTP. */
/**
 * `seenSeq`: the client has already seen tenant 1's messages up to this seq (as an app reloaded after
 * it), so it replays everything after it whenever its socket opens; without it, it starts at what is
 * committed after it connects.
 */
export function pushClient(target: { ws: string; api: string }, token: string, seenSeq?: number, reconnectMs = 100) {
  const bus = new SimpleEventBus();
  const inbox: Received[] = [];
  bus.subscribe(PUSH_TOPIC_ALL, ({ message }) => {
    inbox.push({ seq: message.seq, alarmId: typeof message.data.alarmId === 'number' ? message.data.alarmId : undefined });
  });
  const store = new Map<string, string>(seenSeq === undefined ? [] : [['push-last-seq:1', String(seenSeq)]]);
  /** Sockets opened, and the close code of each that closed (the server's, or 1006 when none came). */
  const sockets = { opened: 0, closeCodes: [] as number[] };
  const client = new PushClient({
    bus,
    storage: { getItem: (key) => store.get(key) ?? null, setItem: (key, value) => void store.set(key, value) },
    url: () => target.ws,
    getTicket: async () => {
      const reply = (await (
        await fetch(`${target.api}/push/ticket`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { code: number; data?: { ticket: string } };
      if (!reply.data) throw new Error(`推送票据获取失败（${reply.code}）`);
      return reply.data.ticket;
    },
    createSocket: (url) => {
      sockets.opened++;
      const socket = new WebSocket(url);
      socket.on('close', (code) => sockets.closeCodes.push(code));
      return socket as unknown as globalThis.WebSocket;
    },
    reconnectMs,
  });
  return { client, inbox, target, sockets };
}

export async function waitFor(done: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`等待超时：${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function listening(app: FastifyInstance): Promise<{ ws: string; api: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ws: `ws://127.0.0.1:${port}/api/push/ws`, api: `http://127.0.0.1:${port}/api` };
}
