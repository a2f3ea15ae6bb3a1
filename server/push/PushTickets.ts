import { newToken, sha256 } from '../auth/secrets';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../auth/SessionService';
import type { Db } from '../db/Database';

export const TICKET_TTL_MS = 30_000;

/** The session a push socket runs under, and when it lapses. */
export interface PushSession {
  tokenHash: string;
  tenantId: number;
  expiresAt: number;
}

/** Short-lived single-use push tickets traded for a session, and the session facts a socket needs. */
export class PushTickets {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** A new ticket for the session, valid TICKET_TTL_MS. */
  async issue(tokenHash: string): Promise<string> {
    const ticket = newToken();
    await this.db
      .insertInto('push_tickets')
      .values({ ticket_hash: sha256(ticket), token_hash: tokenHash, expires_at: this.now() + TICKET_TTL_MS, used_at: null })
      .execute();
    return ticket;
  }

  /** Consumes a ticket: its live session, or why not ('ticket': unknown, used or expired; 'session': the session ended). */
  async redeem(ticket: string): Promise<PushSession | 'ticket' | 'session'> {
    const at = this.now();
    // Checked and consumed in one statement: two sockets racing with one ticket cannot both pass.
    const row = await this.db
      .updateTable('push_tickets')
      .set({ used_at: at })
      .where('ticket_hash', '=', sha256(ticket))
      .where('used_at', 'is', null)
      .where('expires_at', '>=', at)
      .returning('token_hash')
      .executeTakeFirst();
    if (!row) return 'ticket';
    const session = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', row.token_hash).executeTakeFirst();
    if (!session || session.revoked_at !== null) return 'session';
    return { tokenHash: session.token_hash, tenantId: session.tenant_id, expiresAt: expiryOf(session) };
  }

  /** When the session lapses now (its idle expiry slides with HTTP use); undefined once it is revoked or gone. */
  async expiry(tokenHash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'created_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return !row || row.revoked_at !== null ? undefined : expiryOf(row);
  }
}

const expiryOf = (session: { last_seen_at: number; created_at: number }) =>
  Math.min(session.last_seen_at + SESSION_IDLE_MS, session.created_at + SESSION_ABSOLUTE_MS);
