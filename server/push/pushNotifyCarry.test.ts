import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer, type TestServer } from '../testing/testServer';
import { PushHub, type PushMessage } from './PushHub';

/**
 * Another instance's message arrives on the NOTIFY itself (`<tenantId>:<seq>:<message JSON>`) and is
 * handed to the sockets without reading push_log; a NOTIFY without it, or with one that is not the
 * announced message, is read from push_log. (Across real instances: server/cluster/clusterPush.test.ts.)
 */
let server: TestServer;

function listeningHub(tenantId: number): { hub: PushHub; heard: PushMessage[] } {
  const hub = new PushHub(server.services.ctx.db, Date.now, { shared: true });
  const heard: PushMessage[] = [];
  hub.subscribe(tenantId, (message) => heard.push(message));
  return { hub, heard };
}

async function storeNext(tenantId: number, text: string): Promise<PushMessage> {
  const seq = (await server.services.pushHub.lastSeq(tenantId)) + 1;
  const message: PushMessage = { code: 200, eventType: 'TEST_EVENT', seq, data: { text } };
  await server.services.ctx.db
    .insertInto('push_log')
    .values({ tenant_id: tenantId, seq, at: Date.now(), event_type: 'TEST_EVENT', payload: JSON.stringify(message) })
    .execute();
  return message;
}

describe('PushHub: the message carried on the NOTIFY', () => {
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('hands a carried message to the sockets as it came, without reading push_log', async () => {
    const { hub, heard } = listeningHub(1);
    // Never stored: were it read back, nothing would be found and nothing delivered.
    const carried: PushMessage = { code: 200, eventType: 'ALARM_EVENT', seq: 900_001, data: { alarmContent: '井盖位移' } };
    hub.noticeCommitted(`1:900001:${JSON.stringify(carried)}`);
    await expect.poll(() => heard).toEqual([carried]);
    hub.close();
  });

  it('reads push_log when the NOTIFY carries no message, a broken one, or another seq', async () => {
    const { hub, heard } = listeningHub(2);
    const first = await storeNext(2, '第一条');
    hub.noticeCommitted(`2:${first.seq}`);
    await expect.poll(() => heard).toEqual([first]);
    const second = await storeNext(2, '第二条');
    hub.noticeCommitted(`2:${second.seq}:{"code":200,"seq":`);
    await expect.poll(() => heard).toEqual([first, second]);
    const third = await storeNext(2, '第三条');
    hub.noticeCommitted(`2:${third.seq}:${JSON.stringify({ ...third, seq: third.seq + 5, data: { text: '冒充' } })}`);
    await expect.poll(() => heard).toEqual([first, second, third]);
    hub.noticeCommitted('不是通知');
    hub.close();
  });
});
