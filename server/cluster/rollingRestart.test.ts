import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { findNginx, NGINX_MISSING, startCluster, type Instance } from '../../scripts/cluster';
import { pushClient, waitFor, type Received } from '../testing/pushTestClient';

// A deploy as operators run it (README「运维」): two instances behind nginx on one PostgreSQL database,
// under steady load (autocannon on getInfo and a device list page, alarms raised through nginx, 4 push
// clients); each instance in turn gets SIGTERM, drains, is started again and becomes ready. Nothing
// may fail: no 5xx or connection error at any client, every alarm reaches every push client once and in
// order, and the leader's jobs never run on two instances at once.
const onPostgres = Boolean(inject('postgresAdminUrl'));
const withNginx = onPostgres && (findNginx() !== undefined || process.env.REQUIRE_POSTGRES === '1');
if (onPostgres && !withNginx) console.warn(`[server-pg] 已跳过滚动重启测试：${NGINX_MISSING}`);

const DEVICE_LIST = '/api/devi/aep/child?deviceType=lamp&pageNum=1&pageSize=20';

/** The leader's terms in an instance's log: [became leader, stopped its jobs] (end Infinity while it still leads). */
function leaderTerms(output: string): [number, number][] {
  const terms: [number, number][] = [];
  for (const line of output.split('\n')) {
    // A running instance's last line may still be arriving.
    if (!line.startsWith('{') || !line.endsWith('}')) continue;
    const entry = JSON.parse(line) as { time?: number; msg?: string };
    if (entry.msg?.startsWith('本实例成为集群主节点')) terms.push([entry.time ?? 0, Infinity]);
    else if (entry.msg?.startsWith('本实例不再是集群主节点')) {
      const open = terms.at(-1);
      if (open && open[1] === Infinity) open[1] = entry.time ?? 0;
    }
  }
  return terms;
}

async function readyAt(instance: Instance): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`)).status === 200;
  } catch {
    return false;
  }
}

/** getInfo requests this instance answered since it started (from its /metrics): it is in nginx's rotation. */
async function servedGetInfo(instance: Instance): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith('ops_http_requests_total{route="/api/getInfo",method="GET",status="200"}'));
  return Number(line?.split(' ').at(-1) ?? 0);
}

describe.skipIf(!withNginx)('a rolling restart behind nginx', () => {
  it('drops no request, no push and never runs the leader’s jobs twice at once', { timeout: 120_000 }, async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error('server-pg 的测试环境没有提供 DATABASE_URL');
    const startedAt = Date.now();
    const cluster = await startCluster({
      instances: 2,
      databaseUrl,
      mqtt: false,
      metrics: true,
      // info: the leader's hand-overs are read from the logs (the access log comes with them).
      env: { SIMULATOR: '0', SMS_DEV_ENDPOINT: '1', LOG_LEVEL: 'info', LOG_FORMAT: 'json', SHUTDOWN_GRACE_MS: '5000' },
      say: () => undefined,
    });
    const processes: Instance[] = [...cluster.instances];
    const clients: ReturnType<typeof pushClient>[] = [];
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    let raising = true;
    let load: autocannon.Instance | undefined;
    try {
      const startupMs = Date.now() - startedAt;
      const api = `${cluster.url}api`;
      const ws = `${cluster.url.replace(/^http/, 'ws')}api/push/ws`;
      const login = (await (await fetch(`${api}/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as { token: string };
      const start = Number(
        (await database.query<{ seq: string | null }>('select max(seq) as seq from push_log where tenant_id = 1')).rows[0]?.seq ?? 0,
      );
      // An unintended close would be retried only after a minute: each move must come from the drain's 1012.
      for (let index = 0; index < 4; index++) clients.push(pushClient({ ws, api }, login.token, start, 60_000));
      for (const { client } of clients) client.start(1);

      // Steady load: 10 keep-alive connections to nginx at ~200 requests/s, getInfo and the list in turn.
      const failures: string[] = [];
      let answered = 0;
      const started = autocannon(
        {
          url: cluster.url.replace(/\/$/, ''),
          connections: 10,
          overallRate: 200,
          duration: 600,
          headers: { authorization: `Bearer ${login.token}` },
          requests: [
            { method: 'GET', path: '/api/getInfo' },
            { method: 'GET', path: DEVICE_LIST },
          ],
        },
        () => undefined,
      );
      load = started;
      const loadDone = new Promise<autocannon.Result>((resolve) => started.on('done', resolve));
      started.on('response', (_client, status) => {
        answered++;
        if (status !== 200) failures.push(`HTTP ${status}`);
      });
      started.on('reqError', (error) => failures.push(`连接错误：${String(error)}`));

      const acknowledged: number[] = [];
      const raiser = async () => {
        for (let index = 0; raising; index++) {
          try {
            const response = await fetch(`${api}/dev/alarm/raise`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ tenantId: 1, alarmType: 'SMOKE', content: `滚动重启 ${index}` }),
            });
            const reply = (await response.json()) as { code: number; data?: { alarmId: number } };
            if (response.status === 200 && reply.code === 200 && reply.data) acknowledged.push(reply.data.alarmId);
            else failures.push(`告警上报 HTTP ${response.status} code ${reply.code}`);
          } catch (error) {
            failures.push(`告警上报失败：${String(error)}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const raisers = [raiser(), raiser()];

      const rolls: string[] = [];
      for (const index of [0, 1]) {
        // The others are in nginx's rotation (a restarted one is, once its fail_timeout is over) before this one leaves.
        for (const other of cluster.instances.filter((instance) => instance.index !== index))
          await waitFor(async () => (await servedGetInfo(other)) > 0, 20_000, `实例 ${other.index + 1} 承接请求`);
        const before = answered;
        const stopAt = Date.now();
        expect(await cluster.terminate(index)).toBe(0);
        const stoppedMs = Date.now() - stopAt;
        const again = await cluster.restart(index);
        processes.push(again);
        await waitFor(() => readyAt(again), 20_000, `实例 ${index + 1} 重启后就绪`);
        rolls.push(`实例 ${index + 1}：停止 ${stoppedMs} ms，重启到就绪 ${Date.now() - stopAt} ms，期间应答 ${answered - before} 个请求`);
      }
      await waitFor(async () => (await servedGetInfo(cluster.instances[1]!)) > 0, 20_000, '实例 2 重启后承接请求');

      raising = false;
      await Promise.all(raisers);
      load.stop();
      const result = await loadDone;
      const nginxLog = () => readFileSync(join(cluster.dir, 'nginx', 'error.log'), 'utf8').slice(-4000);
      expect(failures.length, `${failures.slice(0, 5).join('\n')}\nnginx：${nginxLog()}`).toBe(0);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(answered).toBeGreaterThan(1000);

      // Every committed push, to every client, once, in order (the clients' sockets moved on each drain).
      const rows = (
        await database.query<{ seq: string; payload: string }>(
          'select seq, payload from push_log where tenant_id = 1 and seq > $1 order by seq',
          [start],
        )
      ).rows;
      const committed: Received[] = rows.map((row) => ({
        seq: Number(row.seq),
        alarmId: (JSON.parse(row.payload) as { data: { alarmId?: number } }).data.alarmId,
      }));
      await waitFor(() => clients.every(({ inbox }) => inbox.length >= committed.length), 10_000, '每个客户端收到全部告警');
      for (const { inbox } of clients) expect(inbox).toEqual(committed);
      const committedIds = new Set(committed.map((message) => message.alarmId));
      expect(acknowledged.length).toBeGreaterThan(50);
      expect(acknowledged.every((id) => committedIds.has(id))).toBe(true);
      expect(clients.reduce((sum, { sockets }) => sum + sockets.opened, 0)).toBeGreaterThan(clients.length);
      expect(clients.flatMap(({ sockets }) => sockets.closeCodes).every((code) => code === 1012)).toBe(true);

      // The leader's terms, across every process that ran, never overlap; the jobs moved at each drain.
      const terms = processes.flatMap((instance) => leaderTerms(instance.output())).sort((a, b) => a[0] - b[0]);
      for (let index = 1; index < terms.length; index++) expect(terms[index]![0]).toBeGreaterThanOrEqual(terms[index - 1]![1]);
      expect(terms.length).toBeGreaterThanOrEqual(2);
      const handovers = terms.slice(1).map((term, index) => term[0] - terms[index]![1]);
      console.info(
        `[rolling] 启动 ${startupMs} ms；${rolls.join('；')}；共应答 ${answered} 个请求、${acknowledged.length} 条告警，` +
          `无失败；主节点交接 ${handovers.map((ms) => `${ms} ms`).join('、')}`,
      );
    } finally {
      raising = false;
      load?.stop();
      for (const { client } of clients) client.stop();
      await database.end();
      await cluster.stop();
    }
  });
});
