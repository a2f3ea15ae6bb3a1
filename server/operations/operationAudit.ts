import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/Database';

export type Executor = Db | Transaction<Database>;

export interface OperationEvent {
  tenantId: number;
  entity: 'fault' | 'plan' | 'inspection';
  entityId: number;
  at: number;
  /** null: the system (a leader job). */
  userId: number | null;
  action: string;
  from: string | null;
  to: string | null;
  note: string;
}

/** One audit row of a fault, plan or inspection; written in the transaction of the change it records. */
export async function auditOperation(executor: Executor, event: OperationEvent): Promise<void> {
  await executor
    .insertInto('operation_events')
    .values({
      id: undefined,
      tenant_id: event.tenantId,
      entity: event.entity,
      entity_id: event.entityId,
      at: event.at,
      user_id: event.userId,
      action: event.action,
      from_status: event.from,
      to_status: event.to,
      note: event.note.slice(0, 1000),
    })
    .execute();
}
