import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { LeaderJob } from '../cluster/ClusterLeader';
import { DROP_KINDS, type IngestStats } from '../mqtt/MqttIngest';
import type { PushHub } from '../push/PushHub';

/** What the metrics read when scraped (gauges, and counters kept by the parts themselves). */
export interface MetricsSources {
  pushHub: PushHub;
  pushListener: { readonly reconnects: number } | undefined;
  /** The MQTT ingest's counts when devices come over a broker. */
  mqtt: () => IngestStats | undefined;
  /** PostgreSQL's pool; undefined on SQLite. */
  pool: (() => { total: number; idle: number; waiting: number }) | undefined;
  leader: { readonly isLeader: boolean; readonly jobs: readonly LeaderJob[] };
  simulator: { readonly running: boolean };
}

/** Request latency buckets (seconds): the API answers in milliseconds; history and exports take longer. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Push lag buckets (seconds): publish (or NOTIFY arrival) to socket write. */
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Sets a counter to values counted elsewhere (monotonic sources), on each scrape. */
function countedElsewhere<T extends string>(counter: Counter<T>, values: [labels: Partial<Record<T, string>>, value: number][]): void {
  counter.reset();
  for (const [labels, value] of values) counter.inc(labels, value);
}

/**
 * The instance's Prometheus metrics (README「运维」), all named `ops_*`, plus the default process and
 * Node.js ones, in a registry of its own (a process may run several servers: tests). HTTP requests are
 * counted in an onResponse hook by the route's template (never the raw URL: bounded labels); the rest
 * is read from the parts when scraped, so the hot paths only bump plain numbers.
 */
export class OpsMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly durations: Histogram<'route' | 'method'>;
  /** Labelled children by `method route status`: one Map lookup per request instead of label hashing. */
  private readonly children = new Map<string, { count: Counter.Internal; duration: Histogram.Internal<'route' | 'method'> }>();

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'ops_http_requests_total',
      help: 'HTTP 请求数（按路由模板、方法与状态码）',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'ops_http_request_duration_seconds',
      help: 'HTTP 请求耗时（秒）',
      labelNames: ['route', 'method'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    const { pushHub } = sources;
    new Gauge({
      name: 'ops_push_sockets',
      help: '打开的推送连接数',
      registers,
      collect() {
        this.set(pushHub.socketStats.open);
      },
    });
    new Counter({
      name: 'ops_push_messages_sent_total',
      help: '写入推送连接的消息数',
      registers,
      collect() {
        countedElsewhere(this, [[{}, pushHub.socketStats.sent]]);
      },
    });
    const lag = new Histogram({
      name: 'ops_push_delivery_lag_seconds',
      help: '推送延迟（秒）：本实例发布或收到其他实例的通知，到写入推送连接',
      buckets: LAG_BUCKETS,
      registers,
    });
    pushHub.onDidSendLag = (seconds) => lag.observe(seconds);
    new Counter({
      name: 'ops_pg_listener_reconnects_total',
      help: '推送通知连接（LISTEN）断线后的重连次数',
      registers,
      collect() {
        countedElsewhere(this, [[{}, sources.pushListener?.reconnects ?? 0]]);
      },
    });
    new Counter({
      name: 'ops_mqtt_messages_total',
      help: 'MQTT 上报消息数（received 收到，dropped 丢弃）',
      labelNames: ['outcome'],
      registers,
      collect() {
        const stats = sources.mqtt();
        countedElsewhere(this, [
          [{ outcome: 'received' }, stats?.received ?? 0],
          [{ outcome: 'dropped' }, stats?.dropped ?? 0],
        ]);
      },
    });
    new Counter({
      name: 'ops_mqtt_dropped_total',
      help: '丢弃的 MQTT 消息数（按原因）',
      labelNames: ['reason'],
      registers,
      collect() {
        const stats = sources.mqtt();
        countedElsewhere(
          this,
          DROP_KINDS.map((reason) => [{ reason }, stats?.droppedBy[reason] ?? 0]),
        );
      },
    });
    new Gauge({
      name: 'ops_db_pool_connections',
      help: 'PostgreSQL 连接池（in_use 使用中，idle 空闲，waiting 等待连接的查询）',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'ops_leader',
      help: '本实例是否为集群主节点（运行后台任务）',
      registers,
      collect() {
        this.set(sources.leader.isLeader ? 1 : 0);
      },
    });
    new Counter({
      name: 'ops_job_runs_total',
      help: '后台任务的执行轮次（outcome：ok 成功，failed 失败）',
      labelNames: ['job', 'outcome'],
      registers,
      collect() {
        countedElsewhere(
          this,
          sources.leader.jobs.flatMap((job): [{ job: string; outcome: string }, number][] =>
            job.runs
              ? [
                  [{ job: job.name, outcome: 'ok' }, job.runs.ok],
                  [{ job: job.name, outcome: 'failed' }, job.runs.failed],
                ]
              : [],
          ),
        );
      },
    });
    new Gauge({
      name: 'ops_simulator_on',
      help: '本实例的设备模拟器是否在运行',
      registers,
      collect() {
        this.set(sources.simulator.running ? 1 : 0);
      },
    });
  }

  /** Counts every response by its route's template; requests no route matched count as `unmatched`. */
  observe(app: FastifyInstance): this {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${route} ${reply.statusCode}`;
      let child = this.children.get(key);
      if (!child) {
        child = {
          count: this.requests.labels(route, request.method, String(reply.statusCode)),
          duration: this.durations.labels(route, request.method),
        };
        this.children.set(key, child);
      }
      child.count.inc();
      child.duration.observe(reply.elapsedTime / 1000);
      done();
    });
    return this;
  }

  /** The text a scrape gets. */
  metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
