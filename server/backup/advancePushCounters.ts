/**
 * How far a restore moves every tenant's push sequence past the backup's. Browsers keep the last push
 * id they saw (lastId) and ignore any id not above it: after a restore, ids the lost database handed out
 * after the backup would be handed out again and never shown. The jump covers more messages than a
 * tenant gets in ten days (the live positions of people and UAVs add about one a second); the push
 * hub and the browsers take a gap in the sequence as they take any later id.
 */
export const RESTORE_PUSH_SEQ_GAP = 1_000_000;

/** A tenant's push counter (push_counters.seq: the last id handed out). */
export interface PushCounter {
  tenantId: number;
  seq: number;
}

/**
 * SQL run on the restored database before it is put in place: each tenant's counter becomes its
 * backup value plus the gap (a tenant without one starts at the gap), and never below the counter of
 * the database it replaces (`replaced`, when restoring over one), so no id is handed out twice.
 * `table` is how the statements name a table (schema-qualified on PostgreSQL, whose restore script
 * clears the search path).
 */
export function advancePushCountersSql(replaced: readonly PushCounter[], table: (name: string) => string): string[] {
  const counters = table('push_counters');
  return [
    `update ${counters} set seq = seq + ${RESTORE_PUSH_SEQ_GAP}`,
    `insert into ${counters} (tenant_id, seq) select t.tenant_id, ${RESTORE_PUSH_SEQ_GAP} from ${table('tenants')} t` +
      ` where not exists (select 1 from ${counters} c where c.tenant_id = t.tenant_id)`,
    ...replaced.map(
      ({ tenantId, seq }) =>
        `update ${counters} set seq = ${integer(seq)} where tenant_id = ${integer(tenantId)} and seq < ${integer(seq)}`,
    ),
  ];
}

/** Numbers read from a database, written into SQL text: only safe integers pass. */
function integer(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`推送序号 ${value} 不是整数`);
  return value;
}
