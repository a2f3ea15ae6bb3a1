import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/Database';
import { testPushTopic } from './testPushTopic';

/** What one instance wrote: the alarms it raised and the push messages it published, by marker. */
export interface WrittenByInstance {
  alarmIds: number[];
  /** Push sequence id given to each message, by the marker its payload carries. */
  seqs: Record<string, number>;
}

export const PARALLEL_EVENT = 'parallel_test';

/**
 * Raises `count` alarms of `alarmType` (each also published as a push) and publishes `count` plain
 * messages for one tenant, all at once. Markers are `<label>-alarm-<i>` and `<label>-push-<i>`.
 */
export async function writeAtOnce(
  app: FastifyInstance,
  options: { label: string; tenantId: number; count: number; alarmType: string },
): Promise<WrittenByInstance> {
  const { label, tenantId, count, alarmType } = options;
  const seqs: Record<string, number> = {};
  const alarmIds: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const [alarm, pushed] = await Promise.all([
        app.alarms.raise({ tenantId, alarmType, content: `${label}-alarm-${index}` }),
        app.pushHub.publish(tenantId, testPushTopic(PARALLEL_EVENT), { marker: `${label}-push-${index}` }),
      ]);
      alarmIds.push(alarm.alarmId);
      seqs[`${label}-push-${index}`] = pushed.seq;
    }),
  );
  return { alarmIds, seqs };
}

/** The tenant's stored push messages, oldest first: sequence id and marker (an alarm's content, or the plain message's marker). */
export async function storedPushes(db: Db, tenantId: number): Promise<{ seq: number; marker: string }[]> {
  const rows = await db.selectFrom('push_log').select(['seq', 'payload']).where('tenant_id', '=', tenantId).orderBy('seq').execute();
  return rows.map((row) => {
    const data = (JSON.parse(row.payload) as { data: { marker?: string; alarmContent?: string } }).data;
    return { seq: row.seq, marker: data.marker ?? data.alarmContent ?? '' };
  });
}
