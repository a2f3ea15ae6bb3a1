import { EventEmitter } from 'node:events';
import type { Db } from '../db/Database';

/** What every push carries: the per-tenant sequence id makes replay and de-duplication possible. */
import type { PushMessage } from '../../contracts/push';

export type { PushMessage };

export const REPLAY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * The durable side of the push channel: each message is committed to push_log with the next
 * sequence id of its tenant, then announced to the live sockets of that tenant only.
 */
export class PushHub {
  private readonly live = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.live.setMaxListeners(0);
  }

  async publish(tenantId: number, eventType: string, data: Record<string, unknown>): Promise<PushMessage> {
    const message = await this.db.transaction().execute(async (trx) => {
      const last = await trx.selectFrom('push_log').select((eb) => eb.fn.max('seq').as('seq')).where('tenant_id', '=', tenantId).executeTakeFirst();
      const seq = Number(last?.seq ?? 0) + 1;
      const pushed: PushMessage = { code: 200, eventType, seq, data };
      await trx.insertInto('push_log').values({ tenant_id: tenantId, seq, at: this.now(), event_type: eventType, payload: JSON.stringify(pushed) }).execute();
      return pushed;
    });
    this.live.emit(`tenant:${tenantId}`, message);
    return message;
  }

  /** Messages after `afterSeq`, oldest first, within the replay window. */
  async since(tenantId: number, afterSeq: number): Promise<PushMessage[]> {
    const rows = await this.db
      .selectFrom('push_log')
      .select('payload')
      .where('tenant_id', '=', tenantId)
      .where('seq', '>', afterSeq)
      .where('at', '>=', this.now() - REPLAY_WINDOW_MS)
      .orderBy('seq')
      .execute();
    return rows.map((row) => JSON.parse(row.payload) as PushMessage);
  }

  async lastSeq(tenantId: number): Promise<number> {
    const last = await this.db.selectFrom('push_log').select((eb) => eb.fn.max('seq').as('seq')).where('tenant_id', '=', tenantId).executeTakeFirst();
    return Number(last?.seq ?? 0);
  }

  subscribe(tenantId: number, listener: (message: PushMessage) => void): () => void {
    this.live.on(`tenant:${tenantId}`, listener);
    return () => this.live.off(`tenant:${tenantId}`, listener);
  }
}
