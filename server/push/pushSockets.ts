import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { newToken, sha256 } from '../auth/secrets';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../auth/SessionService';
import { ok } from '../envelope';
import type { ServerContext } from '../ServerContext';
import type { PushHub, PushMessage } from './PushHub';

export const TICKET_TTL_MS = 30_000;
/** Clients only send small control frames; anything bigger is refused by the socket. */
export const MAX_CLIENT_FRAME_BYTES = 4096;
/** How often open sockets are checked against their session's expiry (spec: closed within 1 s). */
const EXPIRY_CHECK_MS = 250;

interface OpenSocket {
  socket: WebSocket;
  tokenHash: string;
  tenantId: number;
  expiresAt: number;
}

/**
 * The push WebSocket. The app trades its session for a short-lived single-use ticket over HTTPS and
 * connects with `?token=<ticket>&lastId=<seq>`: it first receives everything it missed, in order,
 * then live messages of its own tenant only.
 */
export async function pushSockets(api: FastifyInstance, ctx: ServerContext, hub: PushHub, allowedOrigins: readonly string[] | undefined): Promise<void> {
  const open = new Set<OpenSocket>();

  api.post('/push/ticket', { config: { auth: true } }, async (request) => {
    const ticket = newToken();
    await ctx.db.insertInto('push_tickets').values({ ticket_hash: sha256(ticket), token_hash: request.session!.tokenHash, expires_at: ctx.now() + TICKET_TTL_MS, used_at: null }).execute();
    return ok({ ticket, expiresIn: TICKET_TTL_MS / 1000, lastSeq: await hub.lastSeq(request.session!.tenantId) });
  });

  const closeFor = (tokenHash: string, reason: string) => {
    for (const entry of open) if (entry.tokenHash === tokenHash) entry.socket.close(4401, reason);
  };
  ctx.sessions.onDidRevoke(({ tokenHash }) => closeFor(tokenHash, 'logout'));
  const timer = setInterval(() => {
    const at = ctx.now();
    for (const entry of open) if (at >= entry.expiresAt) entry.socket.close(4401, 'expired');
  }, EXPIRY_CHECK_MS);
  timer.unref();
  api.addHook('onClose', async () => {
    clearInterval(timer);
    for (const entry of open) entry.socket.close(1001, 'server stopping');
  });

  api.get('/push/ws', { websocket: true }, async (socket, request) => {
    const origin = request.headers.origin;
    const host = request.headers.host;
    const sameOrigin = origin !== undefined && host !== undefined && new URL(origin).host === host;
    if (origin !== undefined && !sameOrigin && !(allowedOrigins ?? []).includes(origin)) {
      socket.close(4403, 'origin');
      return;
    }
    const query = request.query as { token?: string; lastId?: string };
    const lastId = query.lastId === undefined || query.lastId === '' ? undefined : Number(query.lastId);
    if (lastId !== undefined && (!Number.isInteger(lastId) || lastId < 0)) {
      socket.close(4400, 'lastId');
      return;
    }
    const at = ctx.now();
    const ticket = query.token
      ? await ctx.db.selectFrom('push_tickets').selectAll().where('ticket_hash', '=', sha256(query.token)).executeTakeFirst()
      : undefined;
    if (!ticket || ticket.used_at !== null || ticket.expires_at < at) {
      socket.close(4401, 'ticket');
      return;
    }
    await ctx.db.updateTable('push_tickets').set({ used_at: at }).where('ticket_hash', '=', ticket.ticket_hash).execute();
    const session = await ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', ticket.token_hash).executeTakeFirst();
    if (!session || session.revoked_at !== null) {
      socket.close(4401, 'session');
      return;
    }
    const entry: OpenSocket = {
      socket,
      tokenHash: session.token_hash,
      tenantId: session.tenant_id,
      expiresAt: Math.min(session.last_seen_at + SESSION_IDLE_MS, session.created_at + SESSION_ABSOLUTE_MS),
    };
    open.add(entry);

    // Live messages wait while the backlog is sent, then go out in sequence without duplicates.
    let sentSeq = lastId ?? (await hub.lastSeq(session.tenant_id));
    let replaying = lastId !== undefined;
    const queued: PushMessage[] = [];
    const send = (message: PushMessage) => {
      if (message.seq <= sentSeq || socket.readyState !== socket.OPEN) return;
      sentSeq = message.seq;
      socket.send(JSON.stringify(message));
    };
    const unsubscribe = hub.subscribe(session.tenant_id, (message) => (replaying ? queued.push(message) : send(message)));
    // The session's idle expiry slides with HTTP use; refresh what this socket knows of it.
    const refresh = setInterval(() => {
      void ctx.db
        .selectFrom('sessions')
        .select(['last_seen_at', 'created_at', 'revoked_at'])
        .where('token_hash', '=', entry.tokenHash)
        .executeTakeFirst()
        .then((row) => {
          if (!row || row.revoked_at !== null) socket.close(4401, 'session');
          else entry.expiresAt = Math.min(row.last_seen_at + SESSION_IDLE_MS, row.created_at + SESSION_ABSOLUTE_MS);
        })
        .catch(() => undefined);
    }, 5000);
    socket.on('close', () => {
      open.delete(entry);
      unsubscribe();
      clearInterval(refresh);
    });
    socket.on('message', (raw) => {
      // Only pings are expected; anything else is ignored, never trusted.
      if (String(raw) === 'ping' && socket.readyState === socket.OPEN) socket.send('pong');
    });
    if (lastId !== undefined) {
      try {
        for (const message of await hub.since(session.tenant_id, lastId)) send(message);
      } catch (error) {
        request.log.warn({ err: error }, '补发推送失败');
        socket.close(1011, 'replay');
      }
      replaying = false;
      for (const message of queued.splice(0)) send(message);
    }
  });
}

