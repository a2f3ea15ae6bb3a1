import { BusinessSimulator } from '../../business/BusinessSimulator';
import type { Db } from '../../db/Database';
import { FLEET_RANDOM_SEED } from '../seedData';
import { HISTORY_DOMAINS } from './historyTenant';

/**
 * Gates, tickets, car parks and merchants' sales of the tenants that have none yet (no business
 * watermark), for the history's days up to now: produced by the BusinessSimulator itself, which the
 * live job then carries on from its watermark, on a seed of its own so every fresh start reads the same.
 * Returns the tenants given a past.
 */
export async function seedBusinessHistory(db: Db, now: number, days: number): Promise<number> {
  const watermarked = new Set((await db.selectFrom('business_simulation').select('tenant_id').execute()).map((row) => row.tenant_id));
  const owners = await db.selectFrom('business_gates').select('tenant_id').distinct().execute();
  const fresh = owners.filter((row) => !watermarked.has(row.tenant_id)).length;
  if (!fresh) return 0;
  const simulator = new BusinessSimulator(db, () => now, {
    tickMs: 0,
    seed: FLEET_RANDOM_SEED + HISTORY_DOMAINS.business,
    backfillDays: days,
  });
  await simulator.catchUp();
  return fresh;
}
