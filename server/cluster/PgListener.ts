import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** What the cluster helpers log through (the server's pino logger). */
export type ClusterLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Wait between attempts to (re)connect a dedicated connection. */
export const RECONNECT_MS = 2000;

export interface PgListenerOptions {
  url: string;
  /** A plain identifier (LISTEN takes no parameter). */
  channel: string;
  log: ClusterLog;
  retryMs?: number;
  /** Every NOTIFY on the channel, from any instance (this one included). */
  onNotification(payload: string): void;
  /**
   * After each connection, once LISTEN is in effect: anything committed from now on is notified, so
   * reading the database here catches up on what was committed while nobody listened.
   */
  onListening(reconnected: boolean): Promise<void>;
}

/**
 * LISTEN on a connection of its own (a pooled connection would be handed to queries and lose it).
 * A dropped connection (database restart, terminated backend, network) is reopened every `retryMs`;
 * after each reopening `onListening` catches up.
 */
export class PgListener {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private listenedOnce = false;
  /** Connections reopened after a drop (ops_pg_listener_reconnects_total). */
  reconnects = 0;

  constructor(private readonly options: PgListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`通知频道名不合法：${options.channel}`);
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Connects and listens; when the database cannot be reached, keeps trying in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** The backend's process id (tests terminate it to simulate a dropped connection). */
  async backendPid(): Promise<number | undefined> {
    const result = await this.client?.query<{ pid: number }>('select pg_backend_pid() as pid');
    return result?.rows[0]?.pid;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { url, channel, log } = this.options;
    const client = new pg.Client({ connectionString: url, application_name: 'city-ops-push-listener', keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) this.options.onNotification(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      log.warn({ err: error }, `推送通知连接失败，${this.retryMs() / 1000} 秒后重试`);
      this.schedule(() => this.connect());
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    const reconnected = this.listenedOnce;
    this.listenedOnce = true;
    if (reconnected) {
      this.reconnects++;
      log.info('推送通知连接已恢复，正在补发断线期间提交的消息');
    }
    await this.catchUp(client, reconnected);
  }

  private async catchUp(client: pg.Client, reconnected: boolean): Promise<void> {
    try {
      await this.options.onListening(reconnected);
    } catch (error) {
      if (this.stopped || this.client !== client) return;
      this.options.log.error({ err: error }, `补发推送失败，${this.retryMs() / 1000} 秒后重试`);
      this.schedule(() => (this.client === client ? this.catchUp(client, true) : Promise.resolve()));
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.options.log.warn(error ? { err: error } : {}, `推送通知连接中断，${this.retryMs() / 1000} 秒后重连`);
    this.schedule(() => this.connect());
  }

  private schedule(work: () => Promise<void>): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void work();
    }, this.retryMs());
    this.timer.unref();
  }

  private retryMs(): number {
    return this.options.retryMs ?? RECONNECT_MS;
  }
}
