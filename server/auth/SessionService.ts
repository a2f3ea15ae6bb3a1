import { EventEmitter } from 'node:events';
import type { Db } from '../db/Database';
import { newToken, sha256 } from './secrets';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;

export interface Session {
  tokenHash: string;
  userId: number;
  tenantId: number;
}

/**
 * Opaque random tokens, stored only as hashes. 30-minute sliding idle expiry, 12-hour absolute.
 * `onDidRevoke` lets the push channel close a user's sockets as soon as a session ends.
 */
export class SessionService {
  readonly events = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async create(userId: number, tenantId: number): Promise<string> {
    const token = newToken();
    const at = this.now();
    await this.db.insertInto('sessions').values({ token_hash: sha256(token), user_id: userId, tenant_id: tenantId, created_at: at, last_seen_at: at, revoked_at: null }).execute();
    return token;
  }

  /** The live session of a token, refreshing its idle timer; undefined when missing, revoked or expired. */
  async touch(token: string): Promise<Session | undefined> {
    const tokenHash = sha256(token);
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    const at = this.now();
    if (!row || row.revoked_at !== null) return undefined;
    if (at - row.last_seen_at > SESSION_IDLE_MS || at - row.created_at > SESSION_ABSOLUTE_MS) {
      await this.revokeHash(tokenHash);
      return undefined;
    }
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('token_hash', '=', tokenHash).execute();
    return { tokenHash, userId: row.user_id, tenantId: row.tenant_id };
  }

  async switchTenant(tokenHash: string, tenantId: number): Promise<void> {
    await this.db.updateTable('sessions').set({ tenant_id: tenantId }).where('token_hash', '=', tokenHash).execute();
  }

  async revoke(token: string): Promise<void> {
    await this.revokeHash(sha256(token));
  }

  onDidRevoke(listener: (session: { tokenHash: string; userId: number }) => void): () => void {
    this.events.on('revoke', listener);
    return () => this.events.off('revoke', listener);
  }

  private async revokeHash(tokenHash: string): Promise<void> {
    const row = await this.db.selectFrom('sessions').select(['user_id', 'revoked_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row || row.revoked_at !== null) return;
    await this.db.updateTable('sessions').set({ revoked_at: this.now() }).where('token_hash', '=', tokenHash).execute();
    this.events.emit('revoke', { tokenHash, userId: row.user_id });
  }
}
