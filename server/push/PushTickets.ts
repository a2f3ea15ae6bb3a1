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

/** How often the sessions of open sockets are read again (their idle expiry slides with HTTP use; a revocation elsewhere). */
export const SESSION_RECHECK_MS = 5000;
/** Token hashes per query of a recheck round (well under SQLite's and PostgreSQL's parameter limits). */
const RECHECK_CHUNK = 500;

/** Short-lived single-use push tickets traded for a session, and the session facts a socket needs. */
export class PushTickets {
  private readonly watched = new Map<string, Set<(expiresAt: number | undefined) => void>>();
  private recheck: NodeJS.Timeout | undefined;
  private rechecking = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly recheckMs = SESSION_RECHECK_MS,
  ) {}

  /**
   * Tells `listener` every SESSION_RECHECK_MS when the session now lapses (undefined: revoked or gone). All the
   * instance's sockets are read again together, a query per 500 sessions a round, not a query per socket
   * (2,000 sockets made 400 queries a second). Returns the function that stops watching.
   */
  watch(tokenHash: string, listener: (expiresAt: number | undefined) => void): () => void {
    const listeners = this.watched.get(tokenHash) ?? new Set();
    listeners.add(listener);
    this.watched.set(tokenHash, listeners);
    if (!this.recheck) {
      this.recheck = setInterval(() => void this.recheckAll(), this.recheckMs);
      this.recheck.unref();
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.watched.get(tokenHash) === listeners) this.watched.delete(tokenHash);
      if (this.watched.size === 0) {
        clearInterval(this.recheck);
        this.recheck = undefined;
      }
    };
  }

  private async recheckAll(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      const tokens = [...this.watched.keys()];
      for (let start = 0; start < tokens.length; start += RECHECK_CHUNK) {
        const chunk = tokens.slice(start, start + RECHECK_CHUNK);
        const rows = await this.db
          .selectFrom('sessions')
          .select(['token_hash', 'last_seen_at', 'created_at', 'revoked_at'])
          .where('token_hash', 'in', chunk)
          .execute();
        const found = new Map(rows.map((row) => [row.token_hash, row.revoked_at !== null ? undefined : expiryOf(row)]));
        for (const token of chunk) for (const listener of [...(this.watched.get(token) ?? [])]) listener(found.get(token));
      }
    } catch {
      // A failed read changes nothing: the sockets keep what they knew until the next round.
    } finally {
      this.rechecking = false;
    }
  }

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
}

const expiryOf = (session: { last_seen_at: number; created_at: number }) =>
  Math.min(session.last_seen_at + SESSION_IDLE_MS, session.created_at + SESSION_ABSOLUTE_MS);
