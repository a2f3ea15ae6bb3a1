import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { dialectOf, type Db } from '../db/Database';
import { RecentReads } from '../db/RecentReads';
import { newToken, sha256 } from './secrets';
import type { Session } from '../access/Session';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/**
 * How long (real time) an instance trusts what it read of a session before reading it again: a session
 * revoked or moved to another tenant on one instance is seen by every other within this time.
 */
export const SESSION_RECHECK_MS = 500;
/**
 * A session's stored last-seen time is written again once it is this far behind. The idle expiry counts
 * from the stored time, so a session may end up to this much before 30 idle minutes, never after.
 */
export const LAST_SEEN_WRITE_MS = 60_000;

/**
 * Why a session ended: the product socket tells its client (logout → `logout`, replaced → login -3,
 * admin → login -4; expired closes it without a message).
 */
export type RevokeReason = 'logout' | 'expired' | 'replaced' | 'admin';

export interface SessionEnded {
  tokenHash: string;
  userId: number;
  reason: RevokeReason;
}

export interface SessionOptions {
  /**
   * SINGLE_SESSION: a new login of an account ends its other live sessions in the same tenant (reason
   * 'replaced'). Off by default: operators share accounts across wall screens, and the e2e suite logs
   * one account into several browsers.
   */
  singleSession?: boolean;
}

/** A stored session as an instance last read it (its last-seen time moves on when this instance writes it). */
interface SessionRecord {
  userId: number;
  tenantId: number;
  createdAt: number;
  lastSeenAt: number;
  revoked: boolean;
  revokedReason: RevokeReason | null;
}

/**
 * Opaque random tokens, stored only as hashes. 30-minute sliding idle expiry, 12-hour absolute.
 * `onDidRevoke` lets the push channel close a user's sockets as soon as a session ends.
 *
 * A request costs no database round trip while its session was read less than SESSION_RECHECK_MS ago
 * (expiry is still checked on every request, against the server's clock), and a write only when the
 * stored last-seen time is LAST_SEEN_WRITE_MS behind.
 */
export class SessionService {
  readonly events = new EventEmitter();
  private readonly recent = new RecentReads<SessionRecord | undefined>(SESSION_RECHECK_MS, (record) => record !== undefined);
  /** Whether other instances may serve the same sessions (PostgreSQL; SQLite has one instance). */
  private readonly shared: boolean;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly options: SessionOptions = {},
  ) {
    this.shared = dialectOf(db) === 'postgres';
  }

  async create(userId: number, tenantId: number): Promise<string> {
    const token = newToken();
    const tokenHash = sha256(token);
    const at = this.now();
    await this.db
      .insertInto('sessions')
      .values({ token_hash: tokenHash, user_id: userId, tenant_id: tenantId, created_at: at, last_seen_at: at, revoked_at: null })
      .execute();
    this.recent.set(tokenHash, { userId, tenantId, createdAt: at, lastSeenAt: at, revoked: false, revokedReason: null });
    if (this.options.singleSession) await this.revokeOthers(userId, tenantId, tokenHash, 'replaced');
    return token;
  }

  /** Ends the user's other live sessions in the tenant (a repeat login under SINGLE_SESSION, or an administrator). */
  async revokeOthers(userId: number, tenantId: number, keepTokenHash: string | undefined, reason: RevokeReason): Promise<number> {
    let query = this.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null);
    if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
    const others = await query.execute();
    for (const { token_hash } of others) await this.revokeHash(token_hash, reason);
    return others.length;
  }

  /** Ends one session by its hash (an administrator signing a session out: reason 'admin'). */
  async revokeSession(tokenHash: string, reason: RevokeReason): Promise<void> {
    await this.revokeHash(tokenHash, reason);
  }

  /** The live session of a token, sliding its idle timer; undefined when missing, revoked or expired. */
  async touch(token: string): Promise<Session | undefined> {
    const tokenHash = sha256(token);
    const record = await this.read(tokenHash);
    if (!record || record.revoked) return undefined;
    const at = this.now();
    if (at - record.lastSeenAt > SESSION_IDLE_MS || at - record.createdAt > SESSION_ABSOLUTE_MS) {
      await this.revokeHash(tokenHash, 'expired');
      return undefined;
    }
    if (at - record.lastSeenAt >= LAST_SEEN_WRITE_MS) {
      // Marked first: the requests arriving meanwhile do not write it again.
      record.lastSeenAt = at;
      // Never backwards: another instance may have written a later time.
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('token_hash', '=', tokenHash)
        .where('last_seen_at', '<', at)
        .execute();
    }
    return { tokenHash, userId: record.userId, tenantId: record.tenantId };
  }

  /**
   * Moves the session to another tenant. On a shared database it returns only once no instance can still
   * hold the old tenant (SESSION_RECHECK_MS after the commit), so whatever the caller asks next, on any
   * instance, is answered for the new tenant.
   */
  async switchTenant(tokenHash: string, tenantId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ tenant_id: tenantId }).where('token_hash', '=', tokenHash).execute();
    this.recent.forget(tokenHash);
    if (this.shared) await sleep(SESSION_RECHECK_MS);
  }

  async revoke(token: string, reason: RevokeReason = 'logout'): Promise<void> {
    await this.revokeHash(sha256(token), reason);
  }

  /** Why the token's session ended, when it was ended on purpose (a second login, an admin) rather than never existing. */
  async endedReason(token: string): Promise<RevokeReason | undefined> {
    const record = await this.read(sha256(token));
    return record?.revoked ? (record.revokedReason ?? undefined) : undefined;
  }

  /** Another instance ended this session (its NOTIFY): read it again now rather than within SESSION_RECHECK_MS. */
  forget(tokenHash: string): void {
    this.recent.forget(tokenHash);
  }

  onDidRevoke(listener: (session: SessionEnded) => void): () => void {
    this.events.on('revoke', listener);
    return () => this.events.off('revoke', listener);
  }

  /** The stored session, as read less than SESSION_RECHECK_MS ago (or now). */
  private read(tokenHash: string): Promise<SessionRecord | undefined> {
    return this.recent.get(tokenHash, async () => {
      const row = await this.db
        .selectFrom('sessions')
        .select(['user_id', 'tenant_id', 'created_at', 'last_seen_at', 'revoked_at', 'revoked_reason'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        row && {
          userId: row.user_id,
          tenantId: row.tenant_id,
          createdAt: row.created_at,
          lastSeenAt: row.last_seen_at,
          revoked: row.revoked_at !== null,
          revokedReason: (row.revoked_reason as RevokeReason | null) ?? null,
        }
      );
    });
  }

  private async revokeHash(tokenHash: string, reason: RevokeReason): Promise<void> {
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) {
      // Revoked elsewhere meanwhile: what this instance holds of it is out of date.
      this.recent.forget(tokenHash);
      return;
    }
    // Only the first of two racing revocations (a logout and a repeat login) tells its reason.
    const updated = await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.now(), revoked_reason: reason })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    // Refused here from now on; other instances read the revocation within SESSION_RECHECK_MS.
    this.recent.forget(tokenHash);
    if (Number(updated.numUpdatedRows) > 0) this.events.emit('revoke', { tokenHash, userId: row.user_id, reason } satisfies SessionEnded);
  }
}
