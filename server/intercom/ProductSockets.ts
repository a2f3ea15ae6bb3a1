import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import { PUSH_CLOSE_RECONNECT_NOW } from '../../contracts/push';
import type { ProductSocketMessage } from '../../contracts/videoRooms';
import type { RevokeReason, SessionEnded } from '../auth/SessionService';
import type { ClusterLog } from '../cluster/PgListener';
import type { Db } from '../db/Database';
import { PUSH_CHANNEL } from '../push/PushHub';
import { SESSION_ENDED_BY_ADMIN, SESSION_REPLACED } from '../envelope';

/** What a product socket's client is told when its session ends (expiry closes it without a message). */
export const REPEAT_LOGIN_MESSAGE = SESSION_REPLACED;
export const ADMIN_SIGNOUT_MESSAGE = SESSION_ENDED_BY_ADMIN;

/**
 * Product socket notices share the push channel's NOTIFY (`ops_push`): the push hub ignores any payload
 * that is not `<tenant>:<seq>`, so one LISTEN connection per instance serves both. NOTIFY carries at
 * most 8000 bytes; a temporary call (32 members' ids and one join) is far below.
 */
const NOTICE_PREFIX = 'product:';
const MAX_NOTICE_BYTES = 7900;

type Notice =
  | { kind: 'send'; tenantId: number; userId: number; message: ProductSocketMessage }
  | { kind: 'ended'; tokenHash: string; reason: RevokeReason };

export interface ProductSocketEntry {
  socket: WebSocket;
  tokenHash: string;
  tenantId: number;
  userId: number;
}

/**
 * The product sockets open on this instance, and how a message reaches a user's sockets on any instance.
 * On SQLite (one instance) everything is in-process. On PostgreSQL (`shared`) a message or a session's
 * end is handled here at once and announced with NOTIFY for the other instances, which hand it to their
 * own sockets; an instance skips its own notices (the instance id in the payload).
 */
export class ProductSockets {
  private readonly open = new Set<ProductSocketEntry>();
  private readonly instance = randomBytes(6).toString('hex');
  private readonly endedElsewhere: ((tokenHash: string) => void)[] = [];
  private draining = false;

  constructor(
    private readonly db: Db,
    private readonly options: { shared: boolean; log: ClusterLog },
  ) {}

  /** The user a session belongs to (a redeemed ticket names only the session). */
  async userOf(tokenHash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Adds an open socket; false (and not added) while the instance drains: the caller closes it with 1012. */
  add(entry: ProductSocketEntry): (() => void) | false {
    if (this.draining) return false;
    this.open.add(entry);
    return () => this.open.delete(entry);
  }

  /**
   * The instance is draining (SIGTERM): every socket closes with 1012, "reconnect now", and the client's
   * reconnect reaches another instance through the load balancer (the product channel's messages are
   * announced to every instance, so nothing meant for the user is lost by moving). New sockets are refused alike.
   */
  drain(): void {
    this.draining = true;
    for (const entry of this.open) entry.socket.close(PUSH_CLOSE_RECONNECT_NOW, 'draining');
    this.open.clear();
  }

  /** Whether the user has a product socket open on this instance, in that tenant. */
  connected(tenantId: number, userId: number): boolean {
    for (const entry of this.open) if (entry.tenantId === tenantId && entry.userId === userId) return true;
    return false;
  }

  /** Sends a message to every product socket of the user in the tenant, on every instance. */
  async send(tenantId: number, userId: number, message: ProductSocketMessage): Promise<void> {
    this.deliver(tenantId, userId, message);
    await this.announce({ kind: 'send', tenantId, userId, message });
  }

  /** A session ended (SessionService.onDidRevoke on the instance that ended it): tell and close its sockets everywhere. */
  async sessionEnded(event: SessionEnded): Promise<void> {
    this.end(event.tokenHash, event.reason);
    await this.announce({ kind: 'ended', tokenHash: event.tokenHash, reason: event.reason });
  }

  /** A NOTIFY on the push channel, from any instance; payloads that are not ours are ignored. */
  notice(payload: string): void {
    if (!payload.startsWith(NOTICE_PREFIX)) return;
    const rest = payload.slice(NOTICE_PREFIX.length);
    const separator = rest.indexOf(':');
    if (separator < 0 || rest.slice(0, separator) === this.instance) return;
    let notice: Notice;
    try {
      notice = JSON.parse(rest.slice(separator + 1)) as Notice;
    } catch {
      this.options.log.warn({ payload: payload.slice(0, 200) }, '无法解析的产品通道通知，已忽略');
      return;
    }
    if (notice.kind === 'send') this.deliver(notice.tenantId, notice.userId, notice.message);
    else if (notice.kind === 'ended') {
      for (const listener of this.endedElsewhere) listener(notice.tokenHash);
      this.end(notice.tokenHash, notice.reason);
    }
  }

  /** Called when another instance ended a session (the session cache drops it at once). */
  onEndedElsewhere(listener: (tokenHash: string) => void): void {
    this.endedElsewhere.push(listener);
  }

  /** Closes every socket (the server is stopping). */
  closeAll(): void {
    for (const entry of this.open) entry.socket.close(1001, 'server stopping');
    this.open.clear();
  }

  private deliver(tenantId: number, userId: number, message: ProductSocketMessage): void {
    const text = JSON.stringify(message);
    for (const entry of this.open) {
      if (entry.tenantId === tenantId && entry.userId === userId && entry.socket.readyState === entry.socket.OPEN) entry.socket.send(text);
    }
  }

  private end(tokenHash: string, reason: RevokeReason): void {
    const message = endMessage(reason);
    for (const entry of [...this.open]) {
      if (entry.tokenHash !== tokenHash) continue;
      this.open.delete(entry);
      // ws sends queued frames before the close frame: the client reads the message, then the close.
      if (message && entry.socket.readyState === entry.socket.OPEN) entry.socket.send(JSON.stringify(message));
      entry.socket.close(4401, reason);
    }
  }

  private async announce(notice: Notice): Promise<void> {
    if (!this.options.shared) return;
    const payload = `${NOTICE_PREFIX}${this.instance}:${JSON.stringify(notice)}`;
    if (Buffer.byteLength(payload) > MAX_NOTICE_BYTES) {
      this.options.log.error({ kind: notice.kind, bytes: Buffer.byteLength(payload) }, '产品通道通知过长，未发给其他实例');
      return;
    }
    await sql`select pg_notify(${PUSH_CHANNEL}::text, ${payload}::text)`.execute(this.db);
  }
}

/** What a session's end says to its product sockets (spec section 4: -3 logged in elsewhere, -4 signed out). */
export function endMessage(reason: RevokeReason): ProductSocketMessage | undefined {
  switch (reason) {
    case 'logout':
      return { response: 'logout', result: 0, data: null };
    case 'replaced':
      return { response: 'login', result: -3, data: { message: REPEAT_LOGIN_MESSAGE } };
    case 'admin':
      return { response: 'login', result: -4, data: { message: ADMIN_SIGNOUT_MESSAGE } };
    case 'expired':
      return undefined;
  }
}
