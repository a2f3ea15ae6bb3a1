import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { testPushTopic } from '../testing/testPushTopic';
import type { PushMessage } from './PushHub';

/**
 * PushHub.publish on both databases (on PostgreSQL one statement: counter, push_log and pg_notify
 * together). Concurrent instances are covered by server/db/parallelWriters.test.ts and server/cluster.
 */
const onPostgres = Boolean(inject('postgresAdminUrl'));

let server: TestServer;

const stored = (tenantId: number) =>
  server.app.ctx.db
    .selectFrom('push_log')
    .select(['seq', 'event_type', 'payload'])
    .where('tenant_id', '=', tenantId)
    .orderBy('seq')
    .execute();

describe(`PushHub.publish (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives concurrent messages unique, gapless sequence ids per tenant, stores exactly the message sent and hands it to the sockets in order', async () => {
    const hub = server.app.pushHub;
    const startOne = await hub.lastSeq(1);
    const startTwo = await hub.lastSeq(2);
    const heard: PushMessage[] = [];
    const unsubscribe = hub.subscribe(1, (message) => {
      if (message.seq > startOne) heard.push(message);
    });
    const data = (index: number) => ({
      marker: `m-${index}`,
      text: 'a "quoted" \\ back\\slash, 中文, line\nbreak',
      nested: { list: [1, 2.5, null, true] },
    });
    const sent = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        hub.publish(index % 3 === 2 ? 2 : 1, testPushTopic(index % 2 ? 'test_event' : 'test "event" 事件'), data(index)),
      ),
    );
    const one = sent.filter((_, index) => index % 3 !== 2);
    const two = sent.filter((_, index) => index % 3 === 2);
    expect(one.map((message) => message.seq).sort((a, b) => a - b)).toEqual(one.map((_, index) => startOne + index + 1));
    expect(two.map((message) => message.seq).sort((a, b) => a - b)).toEqual(two.map((_, index) => startTwo + index + 1));
    for (const [tenantId, messages, start] of [
      [1, one, startOne],
      [2, two, startTwo],
    ] as const) {
      const rows = (await stored(tenantId)).filter((row) => row.seq > start);
      const bySeq = new Map(messages.map((message) => [message.seq, message]));
      expect(rows.map((row) => row.seq)).toEqual([...bySeq.keys()].sort((a, b) => a - b));
      for (const row of rows) {
        const message = bySeq.get(row.seq)!;
        expect(row.payload).toBe(JSON.stringify(message));
        expect(row.event_type).toBe(message.eventType);
      }
    }
    // On PostgreSQL the sockets hear of a commit by NOTIFY: wait for the last.
    for (const start = Date.now(); heard.length < one.length && Date.now() - start < 10_000;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    expect(heard.map((message) => message.seq)).toEqual(one.map((_, index) => startOne + index + 1));
  });

  it.runIf(onPostgres)('gives no number away when the message cannot be stored (the statement is all or nothing)', async () => {
    const hub = server.app.pushHub;
    const last = await hub.lastSeq(1);
    // event_type is varchar(64): PostgreSQL refuses the row, and with it the counter's increment.
    await expect(hub.publish(1, testPushTopic('x'.repeat(65)), {})).rejects.toThrow();
    const next = await hub.publish(1, testPushTopic('after_failure'), {});
    expect(next.seq).toBe(last + 1);
    expect((await stored(1)).at(-1)).toMatchObject({ seq: last + 1, event_type: 'after_failure' });
  });
});
