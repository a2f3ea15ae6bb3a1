import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { testPushTopic } from '../testing/testPushTopic';
import { REPLAY_WINDOW_MS, type PushMessage } from './PushHub';
import { prunePushLog } from './PushLogPruner';

/**
 * PushHub.publish on both databases (on PostgreSQL one statement: counter, push_log and pg_notify
 * together). Concurrent instances are covered by server/db/parallelWriters.test.ts and server/cluster.
 */
const onPostgres = Boolean(inject('postgresAdminUrl'));

let server: TestServer;

const stored = (tenantId: number) =>
  server.services.ctx.db
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
    const hub = server.services.pushHub;
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
    const hub = server.services.pushHub;
    const last = await hub.lastSeq(1);
    // event_type is varchar(64): PostgreSQL refuses the row, and with it the counter's increment.
    await expect(hub.publish(1, testPushTopic('x'.repeat(65)), {})).rejects.toThrow();
    const next = await hub.publish(1, testPushTopic('after_failure'), {});
    expect(next.seq).toBe(last + 1);
    expect((await stored(1)).at(-1)).toMatchObject({ seq: last + 1, event_type: 'after_failure' });
  });
  it("prunes messages past the replay window and an hour, keeping each tenant's newest whatever its age", async () => {
    const db = server.services.ctx.db;
    // The server's own clock (a test server's may be set back): its newest message of tenant 1 is now.
    const newest = await db
      .selectFrom('push_log')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('tenant_id', '=', 1)
      .executeTakeFirst();
    const now = Number(newest?.at ?? Date.now());
    const old = now - REPLAY_WINDOW_MS - 2 * 3_600_000;
    const row = (tenantId: number, seq: number, at: number) => ({ tenant_id: tenantId, seq, at, event_type: 'TEST', payload: '{}' });
    // Tenants no other test publishes to: 901 has old and recent messages, 902 only old ones.
    await db
      .insertInto('push_log')
      .values([1, 2, 3, 4, 5].map((seq) => row(901, seq, old + seq)).concat([row(901, 6, now - 60_000), row(901, 7, now)]))
      .execute();
    await db
      .insertInto('push_log')
      .values([row(902, 1, old), row(902, 2, old + 1), row(902, 3, old + 2)])
      .execute();
    const before = await stored(1);
    expect(await prunePushLog(db, now)).toBeGreaterThanOrEqual(7);
    expect((await stored(901)).map((message) => message.seq)).toEqual([6, 7]);
    expect((await stored(902)).map((message) => message.seq)).toEqual([3]);
    expect(await stored(1)).toEqual(before);
    // A second run finds nothing more of these tenants.
    await prunePushLog(db, now);
    expect((await stored(901)).map((message) => message.seq)).toEqual([6, 7]);
    await db.deleteFrom('push_log').where('tenant_id', 'in', [901, 902]).execute();
  });
});
