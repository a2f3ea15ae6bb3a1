import { PUSH_CLOSE_RECONNECT_NOW } from '../../contracts/push';
import type { PushSession, PushTickets } from './PushTickets';
/**
 * Checks on a push socket upgrade that run before the database is touched. They never throw:
 * whatever a client or proxy sends becomes a close code and a short ASCII reason (a close frame
 * carries at most 123 bytes of reason).
 */

/**
 * One close per cause; the web app reconnects on 1011, asks for a new ticket on 4401, and reconnects at
 * once on 1012 (Service Restart: this instance is draining, another one takes the socket).
 */
export const PUSH_CLOSE = {
  origin: { code: 4403, reason: 'origin' },
  token: { code: 4400, reason: 'token' },
  lastId: { code: 4400, reason: 'lastId' },
  ticket: { code: 4401, reason: 'ticket' },
  session: { code: 4401, reason: 'session' },
  internal: { code: 1011, reason: 'internal' },
  draining: { code: PUSH_CLOSE_RECONNECT_NOW, reason: 'draining' },
} as const;

export type PushRefusal = keyof typeof PUSH_CLOSE;

/** A ticket is `newToken()`: 32 random bytes in base64url, always 43 characters. */
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Decimal digits only (no sign, exponent, hex, blanks or Infinity); 16 digits cover every safe integer. */
const SEQ_SHAPE = /^[0-9]{1,16}$/;

/**
 * No Origin (a non-browser client) is let through: the ticket is what authenticates. A browser's
 * Origin must have the Host header's host, or be listed. `null` (sandboxed frames, file://, some
 * redirects) can come from any site, so it is refused even if listed.
 */
export function originAllowed(origin: unknown, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (typeof origin !== 'string' || origin === 'null') return false;
  if (allowed.includes(origin)) return true;
  return host !== undefined && URL.canParse(origin) && new URL(origin).host === host;
}

export interface PushQuery {
  /** Undefined when absent or empty: that is a missing ticket (4401), not a malformed one. */
  token: string | undefined;
  /** Undefined when absent or empty, as the web app omits it on a first connect. */
  lastId: number | undefined;
}

/**
 * Reads `token` and `lastId`; a repeated one arrives as an array and is refused. Other parameters
 * are ignored: the web app sends none, but proxies and tracking links may append some.
 */
export function readPushQuery(query: unknown): PushQuery | PushRefusal {
  const fields: Record<string, unknown> = typeof query === 'object' && query !== null ? (query as Record<string, unknown>) : {};
  const token = Object.hasOwn(fields, 'token') ? fields.token : undefined;
  const lastId = Object.hasOwn(fields, 'lastId') ? fields.lastId : undefined;
  if (token !== undefined && token !== '' && (typeof token !== 'string' || !TICKET_SHAPE.test(token))) return 'token';
  if (
    lastId !== undefined &&
    lastId !== '' &&
    (typeof lastId !== 'string' || !SEQ_SHAPE.test(lastId) || !Number.isSafeInteger(Number(lastId)))
  )
    return 'lastId';
  return {
    token: token === '' ? undefined : (token as string | undefined),
    lastId: lastId === undefined || lastId === '' ? undefined : Number(lastId),
  };
}

/**
 * What every ticket-opened socket (push, product) checks first, in this order: the origin, the query's
 * shape (before the database sees it, so a malformed attempt consumes nothing), then the one-time ticket.
 */
export async function redeemSocketTicket(
  request: { headers: { origin?: unknown; host?: string }; query: unknown },
  tickets: Pick<PushTickets, 'redeem'>,
  allowedOrigins: readonly string[] | undefined,
): Promise<{ session: PushSession; lastId: number | undefined } | PushRefusal> {
  if (!originAllowed(request.headers.origin, request.headers.host, allowedOrigins ?? [])) return 'origin';
  const query = readPushQuery(request.query);
  if (typeof query === 'string') return query;
  if (query.token === undefined) return 'ticket';
  const session = await tickets.redeem(query.token);
  return typeof session === 'string' ? session : { session, lastId: query.lastId };
}
