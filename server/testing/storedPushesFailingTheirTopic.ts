import { parsePushMessage, PUSH_TOPICS } from '../../contracts/push';
import { declaredPushValidator, pushSchemaError } from '../../core/push/pushValidator';
import type { Db } from '../db/Database';

/**
 * Every message in push_log of a declared topic whose data fails the topic's schema, as
 * `<eventType> #<seq>: <error>`: what the web app would drop. A feature's tests end by expecting none,
 * so a payload that drifts from its contract fails on the server side too.
 */
export async function storedPushesFailingTheirTopic(db: Db): Promise<string[]> {
  const topics = new Map(PUSH_TOPICS.map((topic) => [topic.eventType, topic]));
  const rows = await db
    .selectFrom('push_log')
    .select(['event_type', 'payload'])
    .where('event_type', 'in', [...topics.keys()])
    .orderBy('tenant_id')
    .orderBy('seq')
    .execute();
  const failures: string[] = [];
  for (const row of rows) {
    const message = parsePushMessage(row.payload);
    const topic = topics.get(row.event_type);
    if (!topic) continue;
    const validate = declaredPushValidator(topic);
    if (!message) failures.push(`${row.event_type}: 不是推送消息`);
    else if (!validate(message.data)) failures.push(`${row.event_type} #${message.seq}: ${pushSchemaError(validate)}`);
  }
  return failures;
}
