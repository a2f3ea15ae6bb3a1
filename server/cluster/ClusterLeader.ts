import pg from 'pg';
import type { ClusterLog } from './PgListener';
import { errorMessage } from '../../contracts/errorMessage';

/** Background work that runs on one instance of the cluster (the simulator's ticks, schedulers, retention). */
export interface LeaderJob {
  /** Chinese, for the log. */
  name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
  /** Rounds finished and failed, when the job counts them (IntervalJob): /metrics reads it. */
  readonly runs?: { readonly ok: number; readonly failed: number };
}

export interface ClusterLeaderOptions {
  /** PostgreSQL shared by the instances; undefined (SQLite, one instance): always the leader. */
  url: string | undefined;
  jobs: LeaderJob[];
  log: ClusterLog;
  /** How often a follower tries the lock and the leader checks its connection (default 3000 ms). */
  retryMs?: number;
  /**
   * A NOTIFY channel every instance listens on: a leader that stops on purpose (drain) announces
   * LEADER_RELEASED there, and the others call `tryNow`, so the jobs move within a moment, not a retry period.
   */
  releaseChannel?: string;
}

/** The NOTIFY payload of a leader that gave the lock back. */
export const LEADER_RELEASED = 'leader:released';

/** The advisory lock's key (hashed to 64 bits by PostgreSQL); advisory locks are per database. */
export const LEADER_LOCK_KEY = 'city-ops-dashboard:cluster-leader';
export const LEADER_RETRY_MS = 3000;

/**
 * Leader election among instances sharing a PostgreSQL database: the leader holds a session-level
 * advisory lock on a connection of its own. When its process dies the connection closes, PostgreSQL
 * releases the lock, and the next follower to try (every `retryMs`) takes over and starts the jobs.
 * A leader whose connection breaks stops its jobs at once (another instance may hold the lock by now)
 * and competes again once reconnected.
 */
export class ClusterLeader {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private leading = false;
  private busy = false;
  private stopped = true;
  private lastProblem = '';
  private again = false;

  constructor(private readonly options: ClusterLeaderOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  get jobs(): readonly LeaderJob[] {
    return this.options.jobs;
  }

  /** Tries the lock now (another instance announced it gave it back), not at the next round. */
  tryNow(): void {
    if (this.options.url === undefined || this.stopped || this.leading) return;
    if (this.busy) this.again = true;
    else void this.round();
  }

  /** Tries once at once (so a lone instance starts its jobs before it serves), then every `retryMs`. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.options.url === undefined) {
      await this.lead();
      return;
    }
    await this.round();
    this.timer = setInterval(() => void this.round(), this.options.retryMs ?? LEADER_RETRY_MS);
    this.timer.unref();
  }

  /**
   * Stops the jobs, then gives the lock back (closing the connection would release it too) and, with
   * `releaseChannel`, tells the other instances so, on the same connection after the unlock.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    const wasLeading = this.leading;
    await this.resign();
    const client = this.client;
    this.client = undefined;
    if (client && wasLeading && this.options.releaseChannel)
      await client
        .query('select pg_advisory_unlock(hashtextextended($1, 0)), pg_notify($2, $3)', [
          LEADER_LOCK_KEY,
          this.options.releaseChannel,
          LEADER_RELEASED,
        ])
        .catch(() => undefined);
    await client?.end().catch(() => undefined);
  }

  /** The leader's connection's backend (tests terminate it to simulate a lost connection). */
  async backendPid(): Promise<number | undefined> {
    const result = await this.client?.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result?.rows[0]?.pid;
  }

  private async round(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      const client = this.client ?? (await this.connect());
      if (!client) return;
      if (this.leading) {
        // Still connected means still holding the lock; a broken connection ends leadership (see lost()).
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [
        LEADER_LOCK_KEY,
      ]);
      if (rows[0]?.locked && !this.stopped && this.client === client) await this.lead();
    } catch (error) {
      this.problem(error, '集群主节点检查失败');
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        void this.round();
      }
    }
  }

  private async connect(): Promise<pg.Client | undefined> {
    const client = new pg.Client({ connectionString: this.options.url, application_name: 'city-ops-leader', keepAlive: true });
    client.on('error', (error) => void this.lost(client, error));
    client.on('end', () => void this.lost(client));
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      this.problem(error, '集群选主连接失败，稍后重试');
      return undefined;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    this.client = client;
    this.lastProblem = '';
    return client;
  }

  private async lost(client: pg.Client, error?: Error): Promise<void> {
    if (client !== this.client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    if (this.leading) {
      this.options.log.warn(error ? { err: error } : {}, '集群选主连接中断，本实例不再是主节点，停止后台任务');
      await this.resign();
    }
  }

  private async lead(): Promise<void> {
    this.leading = true;
    this.options.log.info(`本实例成为集群主节点，启动后台任务：${this.options.jobs.map((job) => job.name).join('、') || '无'}`);
    for (const job of this.options.jobs) {
      try {
        await job.start();
      } catch (error) {
        this.options.log.error({ err: error }, `后台任务「${job.name}」启动失败`);
      }
    }
  }

  private async resign(): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    for (const job of this.options.jobs) {
      try {
        await job.stop();
      } catch (error) {
        this.options.log.error({ err: error }, `后台任务「${job.name}」停止失败`);
      }
    }
    this.options.log.info('本实例不再是集群主节点，后台任务已停止');
  }

  /** Logs a problem once until it changes or the connection recovers, not every round. */
  private problem(error: unknown, text: string): void {
    const message = `${text}：${errorMessage(error)}`;
    if (message === this.lastProblem) return;
    this.lastProblem = message;
    this.options.log.warn({ err: error }, text);
  }
}
