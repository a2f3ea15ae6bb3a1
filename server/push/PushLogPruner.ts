import type { Db } from '../db/Database';
import { REPLAY_WINDOW_MS } from './PushHub';

/** How often the push log is pruned, and the margin kept beyond the replay window. */
export const PUSH_PRUNE_EVERY_MS = 60 * 60_000;
const PRUNE_MARGIN_MS = 60 * 60_000;

/**
 * Deletes push messages older than the replay window (24 h) plus a margin: no client may ask for them
 * (`PushHub` replays at most the window), and the live positions of people and UAVs alone add a message a
 * second per tenant. Each tenant keeps its newest message whatever its age, since the hub starts a tenant's
 * cursor at its newest stored seq. Per tenant the cut is the first seq still inside the window (seqs and times
 * rise together), and the delete is a key range. Returns the number of rows deleted.
 */
export async function prunePushLog(db: Db, now: number): Promise<number> {
  const cutoff = now - REPLAY_WINDOW_MS - PRUNE_MARGIN_MS;
  const tenants = await db
    .selectFrom('push_log')
    .select((eb) => ['tenant_id', eb.fn.max('seq').as('newest')])
    .groupBy('tenant_id')
    .execute();
  let deleted = 0;
  for (const { tenant_id: tenantId, newest } of tenants) {
    const kept = await db
      .selectFrom('push_log')
      .select((eb) => eb.fn.min('seq').as('seq'))
      .where('tenant_id', '=', tenantId)
      .where('at', '>=', cutoff)
      .executeTakeFirst();
    const keepFrom = Math.min(Number(kept?.seq ?? Number(newest)), Number(newest));
    const result = await db.deleteFrom('push_log').where('tenant_id', '=', tenantId).where('seq', '<', keepFrom).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
