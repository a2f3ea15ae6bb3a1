/**
 * The push channel (ARCHITECTURE.md, how a push message travels): the app trades its session for a
 * short-lived single-use ticket and opens `socket` with `?token=<ticket>&lastId=<seq>` (a WebSocket: the
 * ticket is checked on upgrade, not by a schema); it receives what it missed, then its tenant's messages.
 */
import { access } from './routeAccess';
import { dataReply, defineRoute, replyOf } from './defineRoute';
import type { PushMessage } from '../push';

export const pushRoutes = {
  // Pushes carry alarms and device status: a user without any menu has nothing to receive.
  ticket: defineRoute({
    method: 'POST',
    path: '/push/ticket',
    reply: dataReply<{ ticket: string; expiresIn: number; lastSeq: number }>(),
    access: access.anyMenu,
  }),
  socket: defineRoute({ method: 'GET', path: '/push/ws', reply: replyOf<PushMessage>(), access: access.public('凭一次性推送票据连接') }),
};
