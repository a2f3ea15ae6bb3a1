import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { productSocketRoutes as declared } from '../../contracts/api/intercomRoutes';
import { ok } from '../envelope';
import { route } from '../http/registerRoute';
import { sessionOf } from '../http/sessionOf';
import { TICKET_TTL_MS, type PushTickets } from '../push/PushTickets';
import { PUSH_CLOSE, redeemSocketTicket, type PushRefusal } from '../push/pushUpgrade';
import type { ServerContext } from '../ServerContext';
import type { ProductSockets } from './ProductSockets';
import type { ProductSocketMessage } from '../../contracts/videoRooms';

/**
 * The product socket (spec sections 4 and 7): logout, repeat login and temporary calls, one JSON
 * ProductSocketMessage per frame (contracts/videoRooms.ts). Opened like the push socket: the app trades
 * its session for a one-time ticket (POST /productSocket/ticket, the push tickets' store) and connects to
 * `/productSocket?token=<ticket>`. The server only sends; a client frame other than `ping` is ignored.
 */
export async function productSocketRoutes(
  api: FastifyInstance,
  ctx: ServerContext,
  sockets: ProductSockets,
  tickets: PushTickets,
  allowedOrigins: readonly string[] | undefined,
  /** What a socket is sent as soon as it opens (the calls still ringing for its user). */
  onOpen: (tenantId: number, userId: number) => Promise<ProductSocketMessage[]> = async () => [],
): Promise<void> {
  route(api, declared.ticket, async (request) => {
    const ticket = await tickets.issue(sessionOf(request).tokenHash);
    return ok({ ticket, expiresIn: TICKET_TTL_MS / 1000 });
  });

  // The instance that ended a session tells its sockets at once, and the other instances through NOTIFY.
  ctx.sessions.onDidRevoke((event) => {
    sockets.sessionEnded(event).catch((error: unknown) => api.log.warn({ err: error }, '会话结束通知未能发给其他实例'));
  });
  // …and those instances refuse its token at once, not only once their cached read of it is stale.
  sockets.onEndedElsewhere((tokenHash) => ctx.sessions.forget(tokenHash));
  api.addHook('onClose', async () => sockets.closeAll());

  // A WebSocket: registered by hand (the contract's declaration gives its path and access).
  api.get(declared.socket.path, { websocket: true, config: { access: declared.socket.access } }, async (socket, request) => {
    try {
      const refusal = await accept(socket, request);
      if (refusal) socket.close(PUSH_CLOSE[refusal].code, PUSH_CLOSE[refusal].reason);
    } catch (err) {
      request.log.error({ err, reqId: request.id }, '产品通道连接建立失败');
      socket.close(PUSH_CLOSE.internal.code, PUSH_CLOSE.internal.reason);
    }
  });

  async function accept(socket: WebSocket, request: FastifyRequest): Promise<PushRefusal | undefined> {
    const redeemed = await redeemSocketTicket(request, tickets, allowedOrigins);
    if (typeof redeemed === 'string') return redeemed;
    const { session } = redeemed;
    const userId = await sockets.userOf(session.tokenHash);
    if (userId === undefined) return 'session';
    // Gone during the awaits: its close event has passed, an entry added now would never leave.
    if (socket.readyState !== socket.OPEN) return undefined;
    const remove = sockets.add({ socket, tokenHash: session.tokenHash, tenantId: session.tenantId, userId });
    if (!remove) return 'draining';
    for (const message of await onOpen(session.tenantId, userId).catch(() => []))
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    // The session, read again with every other socket's (PushTickets.watch): revoked, or lapsed since.
    const unwatch = tickets.watch(session.tokenHash, (expiresAt) => {
      if (expiresAt === undefined) socket.close(PUSH_CLOSE.session.code, PUSH_CLOSE.session.reason);
      else if (ctx.now() >= expiresAt) socket.close(4401, 'expired');
    });
    socket.on('close', () => {
      remove();
      unwatch();
    });
    socket.on('message', (raw, isBinary) => {
      const text = isBinary ? '' : String(raw);
      if (text === 'ping') {
        if (socket.readyState === socket.OPEN) socket.send('pong');
        return;
      }
      // The client has nothing to say on this channel: logged (shortened) and dropped, never parsed as a command.
      request.log.info(
        { reqId: request.id, userId, bytes: Buffer.isBuffer(raw) ? raw.length : undefined, sample: text.slice(0, 80) },
        '产品通道收到客户端消息，已忽略',
      );
    });
    return undefined;
  }
}
