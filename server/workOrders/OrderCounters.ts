import type { Transaction } from 'kysely';
import { dialectOf, type Database, type Db } from '../db/Database';
import { shanghaiDayStart } from '../stats/periods';

/** yyyymmdd of the Asia/Shanghai day of `at`. */
export function shanghaiDay(at: number): string {
  return new Date(shanghaiDayStart(at) + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * Gap-free sequential numbers per tenant, type and day (table order_counters): the counter row is
 * created at 1 or incremented by one statement that returns the new value
 * (`insert … on conflict do update set last = last + 1 returning last`). On PostgreSQL the row lock
 * taken by the increment queues concurrent callers on any instance until the caller's transaction
 * ends; on SQLite the statement runs in a write transaction, one at a time (other processes wait on the
 * file's lock). Taken inside the transaction that stores what is numbered, a rollback gives the number
 * back: no gap and no duplicate.
 */
export class OrderCounters {
  constructor(private readonly db: Db) {}

  /** The next number; `trx` when the caller stores the numbered row in the same transaction. */
  async next(tenantId: number, type: string, day: string, trx?: Transaction<Database>): Promise<number> {
    if (trx) return increment(trx, tenantId, type, day);
    // One statement is its own transaction on PostgreSQL; SQLite gets an explicit write transaction.
    if (dialectOf(this.db) === 'postgres') return increment(this.db, tenantId, type, day);
    return this.db.transaction().execute((inner) => increment(inner, tenantId, type, day));
  }

  /** The last number given out (0 before the first). */
  async last(tenantId: number, type: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('order_counters')
      .select('last')
      .where('tenant_id', '=', tenantId)
      .where('type', '=', type)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.last) : 0;
  }
}

async function increment(executor: Db | Transaction<Database>, tenantId: number, type: string, day: string): Promise<number> {
  const { last } = await executor
    .insertInto('order_counters')
    .values({ tenant_id: tenantId, type, day, last: 1 })
    .onConflict((conflict) =>
      conflict.columns(['tenant_id', 'type', 'day']).doUpdateSet((eb) => ({ last: eb('order_counters.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  const value = Number(last);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error('编号生成失败：未取得序号');
  return value;
}
