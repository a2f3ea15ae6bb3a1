import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { pushRoutes as declared } from '../../contracts/api/pushRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import type { ServerContext } from '../ServerContext';
import type { PushHub, PushMessage } from './PushHub';
import { TICKET_TTL_MS, type PushTickets } from './PushTickets';
import { PUSH_CLOSE, redeemSocketTicket, type PushRefusal } from './pushUpgrade';

export { TICKET_TTL_MS };
/** Clients only send small control frames; anything bigger is refused by the socket. */
export const MAX_CLIENT_FRAME_BYTES = 4096;
/** How often open sockets are checked against their session's expiry (spec: closed within 1 s). */
const EXPIRY_CHECK_MS = 250;

/**
 * Each message's frame, encoded once for every socket it goes to: the hub hands all of a tenant's sockets
 * the same object, and 2,000 sockets each stringifying and encoding it was most of an alarm's fan-out.
 */
const frames = new WeakMap<PushMessage, Buffer>();
function frameOf(message: PushMessage): Buffer {
  let frame = frames.get(message);
  if (!frame) {
    frame = Buffer.from(JSON.stringify(message));
    frames.set(message, frame);
  }
  return frame;
}

interface OpenSocket {
  socket: WebSocket;
  tokenHash: string;
  tenantId: number;
  expiresAt: number;
}

/**
 * The push WebSocket. The app trades its session for a short-lived single-use ticket over HTTPS and
 * connects with `?token=<ticket>&lastId=<seq>`: it first receives everything it missed, in order,
 * then live messages of its own tenant only. `drain` (SIGTERM) closes every socket with 1012 and refuses
 * new ones, so the app reconnects at once, through the load balancer, to another instance.
 */
export async function pushSockets(
  api: FastifyInstance,
  ctx: ServerContext,
  hub: PushHub,
  tickets: PushTickets,
  allowedOrigins: readonly string[] | undefined,
): Promise<{ drain(): void }> {
  const open = new Set<OpenSocket>();
  let draining = false;

  route(api, declared.ticket, async (request) => {
    const { tokenHash, tenantId } = sessionOf(request);
    const ticket = await tickets.issue(tokenHash);
    return ok({ ticket, expiresIn: TICKET_TTL_MS / 1000, lastSeq: await hub.lastSeq(tenantId) });
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

  // A WebSocket: registered by hand (the contract's declaration gives its path and access).
  api.get(declared.socket.path, { websocket: true, config: { access: declared.socket.access } }, async (socket, request) => {
    // A throw here would reach the plugin's handler, which terminates without a close frame (1006).
    try {
      const refusal = await accept(socket, request);
      if (refusal) closeWith(socket, refusal);
    } catch (err) {
      request.log.error({ err, reqId: request.id }, '推送连接建立失败');
      closeWith(socket, 'internal');
    }
  });

  /** Opens the push stream on `socket`, or names why not; only the database and the hub can throw. */
  async function accept(socket: WebSocket, request: FastifyRequest): Promise<PushRefusal | undefined> {
    const redeemed = await redeemSocketTicket(request, tickets, allowedOrigins);
    if (typeof redeemed === 'string') return redeemed;
    const { session, lastId } = redeemed;
    // Live messages are queued from the moment of subscribing, while the starting point and the backlog
    // are read, then go out in sequence without duplicates: nothing committed meanwhile falls between
    // the two (on several instances the hub hands over another instance's messages in order too).
    let replaying = true;
    let sentSeq = lastId ?? 0;
    const queued: PushMessage[] = [];
    const send = (message: PushMessage) => {
      if (message.seq <= sentSeq || socket.readyState !== socket.OPEN) return;
      sentSeq = message.seq;
      // A text frame, as before (the bytes are the JSON's UTF-8).
      socket.send(frameOf(message), { binary: false });
      hub.didSend(message);
    };
    const unsubscribe = hub.subscribe(session.tenantId, (message) => (replaying ? queued.push(message) : send(message)));
    try {
      if (lastId === undefined) sentSeq = await hub.lastSeq(session.tenantId);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    // A client gone during the awaits already had its close event: an entry added now would never leave.
    if (socket.readyState !== socket.OPEN || draining) {
      unsubscribe();
      return draining ? 'draining' : undefined;
    }

    const entry: OpenSocket = { socket, ...session };
    open.add(entry);
    hub.socketStats.open++;

    // The session's idle expiry slides with HTTP use; refresh what this socket knows of it (all sockets in one read).
    const unwatch = tickets.watch(entry.tokenHash, (expiresAt) => {
      if (expiresAt === undefined) closeWith(socket, 'session');
      else entry.expiresAt = expiresAt;
    });
    socket.on('close', () => {
      if (open.delete(entry)) hub.socketStats.open--;
      unsubscribe();
      unwatch();
    });
    socket.on('message', (raw) => {
      // Only pings are expected; anything else is ignored, never trusted.
      if (String(raw) === 'ping' && socket.readyState === socket.OPEN) socket.send('pong');
    });
    if (lastId !== undefined) {
      try {
        for (const message of await hub.since(session.tenantId, lastId)) send(message);
      } catch (error) {
        request.log.warn({ err: error }, '补发推送失败');
        socket.close(1011, 'replay');
      }
    }
    replaying = false;
    for (const message of queued.splice(0)) send(message);
    return undefined;
  }

  return {
    drain: () => {
      draining = true;
      for (const entry of open) closeWith(entry.socket, 'draining');
    },
  };
}

/** Closing an already closed socket is a no-op in ws, so this is safe on every path. */
function closeWith(socket: WebSocket, cause: PushRefusal): void {
  socket.close(PUSH_CLOSE[cause].code, PUSH_CLOSE[cause].reason);
}
