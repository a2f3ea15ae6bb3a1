import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/Database';
import type { ClusterLog } from '../cluster/PgListener';

/** What every push carries: the per-tenant sequence id makes replay and de-duplication possible. */
import { isPushData, parsePushMessage, type PushData, type PushMessage, type PushTopic } from '../../contracts/push';
import type { PushPublisher } from './PushPublisher';

export type { PushMessage };

export const REPLAY_WINDOW_MS = 24 * 60 * 60_000;

/** Below PostgreSQL's 8000-byte NOTIFY payload limit, with room for the `<tenantId>:<seq>:` prefix. */
const NOTIFY_CARRY_BYTES = 7900;

/** The message a NOTIFY carried, if it is the announced one (seq matches); undefined otherwise. */
function carriedMessage(text: string, seq: number): PushMessage | undefined {
  const message = parsePushMessage(text);
  return message?.seq === seq ? message : undefined;
}

/** The payload as its JSON (stored and sent) and as what that JSON reads back to (what every socket gets). */
function serialized(payload: object): { json: string; data: PushData } {
  const json = JSON.stringify(payload);
  const data: unknown = JSON.parse(json);
  if (!isPushData(data)) throw new Error('推送数据必须是 JSON 对象');
  return { json, data };
}

/** Stored push_log payloads as messages (every row was written by publish, so none is skipped in practice). */
function storedMessages(rows: { payload: string }[]): PushMessage[] {
  return rows.flatMap((row) => parsePushMessage(row.payload) ?? []);
}

/** The NOTIFY channel of committed push messages (payload `<tenantId>:<seq>[:<message JSON>]`, see noticeCommitted). */
export const PUSH_CHANNEL = 'ops_push';
/** Rows read per query when handing another instance's messages to the local sockets. */
const CATCH_UP_BATCH = 500;
/** Wait before reading push_log again after a failed read. */
const CATCH_UP_RETRY_MS = 1000;

export interface PushHubOptions {
  /**
   * Several instances share the database (PostgreSQL): each commit is announced with NOTIFY, and every
   * instance hands each tenant's messages to its sockets from push_log, in sequence order, once.
   */
  shared?: boolean;
  log?: ClusterLog;
}

/** How far this instance has handed a tenant's messages to its sockets. */
interface TenantCursor {
  delivered: number;
  /** The highest seq known to be committed. */
  target: number;
  /** Messages this instance published itself or a NOTIFY carried, so they need not be read back. */
  known: Map<number, PushMessage>;
  draining: boolean;
}

/**
 * The durable side of the push channel: each message is committed to push_log with the next
 * sequence id of its tenant (push_counters), then announced to the live sockets of that tenant only.
 * On one instance (SQLite) it is announced in-process after the commit. With `shared` (PostgreSQL) the
 * transaction also NOTIFYs `ops_push`; every instance LISTENs (server/cluster/PgListener.ts, wired in
 * createServer) and hands its sockets each tenant's messages in sequence order without gap or
 * duplicate. The NOTIFY carries the message when it fits; what it did not carry (or a NOTIFY missed
 * while disconnected) is read from push_log.
 */
export class PushHub implements PushPublisher {
  private readonly live = new EventEmitter();
  private readonly shared: boolean;
  private readonly postgres: boolean;
  private readonly cursors = new Map<number, TenantCursor>();
  /** Set by the first catch-up: from then on a tenant seen for the first time starts at seq 0. */
  private cursorsReady = false;
  private closed = false;
  /** Open push sockets and messages written to them, for /metrics (pushSockets keeps them). */
  readonly socketStats = { open: 0, sent: 0 };
  /** Set by /metrics: told the delivery lag of each socket write (publish or NOTIFY arrival → write), in seconds. */
  onDidSendLag: ((seconds: number) => void) | undefined;
  /** When each message was published here or its NOTIFY arrived (performance.now()); only while lag is measured. */
  private readonly handedAt = new WeakMap<PushMessage, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly options: PushHubOptions = {},
  ) {
    this.live.setMaxListeners(0);
    this.shared = options.shared === true;
    this.postgres = dialectOf(db) === 'postgres';
  }

  /**
   * Commits `payload` as the next message of the tenant on `topic`, then hands it to the sockets. Local
   * listeners get the payload as its JSON reads back, exactly as sockets and other instances do.
   */
  async publish<T extends object>(tenantId: number, topic: PushTopic<T>, payload: NoInfer<T>): Promise<PushMessage> {
    const startedAt = performance.now();
    const { json, data } = serialized(payload);
    const message = this.postgres
      ? await this.publishPostgres(tenantId, topic.eventType, json, data)
      : await this.publishSqlite(tenantId, topic.eventType, data);
    if (this.onDidSendLag) this.handedAt.set(message, startedAt);
    if (this.shared) this.offer(tenantId, message.seq, message);
    else this.live.emit(`tenant:${tenantId}`, message);
    return message;
  }

  /**
   * SQLite: the tenant's counter row incremented first, in a transaction whose write lock is held until
   * the message is stored; a rollback gives the number back. No duplicate and no gap.
   */
  private publishSqlite(tenantId: number, eventType: string, data: PushData): Promise<PushMessage> {
    return this.db.transaction().execute(async (trx) => {
      const { seq } = await trx
        .insertInto('push_counters')
        .values({ tenant_id: tenantId, seq: 1 })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet((eb) => ({ seq: eb('push_counters.seq', '+', 1) })))
        .returning('seq')
        .executeTakeFirstOrThrow();
      const pushed: PushMessage = { code: 200, eventType, seq, data };
      await trx
        .insertInto('push_log')
        .values({ tenant_id: tenantId, seq, at: this.now(), event_type: eventType, payload: JSON.stringify(pushed) })
        .execute();
      return pushed;
    });
  }

  /**
   * PostgreSQL: one statement, its own transaction — the tenant's counter incremented, the message
   * stored in push_log with that number and (`shared`) the commit announced with pg_notify, all or
   * nothing. The counter's row lock is taken by the increment and held only for the rest of that one
   * statement and its commit, not across round trips to the instance, so concurrent publishers (on
   * any instance) queue for it briefly; they still take turns, so seq ids stay unique and gapless per
   * tenant. NOTIFY is sent at commit (never on rollback), in commit order: the tenant's sequence order.
   * The stored payload is exactly `JSON.stringify(message)`: the text around the seq is built here.
   */
  private async publishPostgres(tenantId: number, eventType: string, dataJson: string, data: PushData): Promise<PushMessage> {
    const before = `{"code":200,"eventType":${JSON.stringify(eventType)},"seq":`;
    const after = `,"data":${dataJson}}`;
    // The message rides on the NOTIFY when it fits (payloads stop at 8000 bytes), so the other instances
    // hand it to their sockets without reading it back; a larger one is announced by number and read.
    const carried = Buffer.byteLength(before) + Buffer.byteLength(after) + 40 <= NOTIFY_CARRY_BYTES;
    const notify = !this.shared
      ? sql``
      : carried
        ? sql`, pg_notify(${PUSH_CHANNEL}::text, ${`${tenantId}:`}::text || logged.seq::text || ':' || ${before}::text || logged.seq::text || ${after}::text)`
        : sql`, pg_notify(${PUSH_CHANNEL}::text, ${`${tenantId}:`}::text || logged.seq::text)`;
    const { rows } = await sql<{ seq: number | string }>`
      with counter as (
        insert into push_counters (tenant_id, seq) values (cast(${tenantId} as integer), 1)
        on conflict (tenant_id) do update set seq = push_counters.seq + 1
        returning seq
      ), logged as (
        insert into push_log (tenant_id, seq, at, event_type, payload)
        select cast(${tenantId} as integer), counter.seq, cast(${this.now()} as bigint), ${eventType}::text, ${before}::text || counter.seq::text || ${after}::text from counter
        returning seq
      )
      select logged.seq${notify} from logged`.execute(this.db);
    const seq = Number(rows[0]?.seq);
    if (!Number.isSafeInteger(seq) || seq < 1) throw new Error('推送消息写入失败：未取得序号');
    return { code: 200, eventType, seq, data };
  }

  /**
   * A NOTIFY of `ops_push` (`<tenantId>:<seq>`, or `<tenantId>:<seq>:<message JSON>` when the message
   * fits), from any instance; anything else is ignored. A carried message that does not parse as the
   * announced one is read from push_log instead, like an uncarried one.
   */
  noticeCommitted(payload: string): void {
    const match = /^(\d{1,15}):(\d{1,16})(?::([\s\S]*))?$/.exec(payload);
    if (!match || !this.shared) return;
    const tenantId = Number(match[1]);
    const seq = Number(match[2]);
    const carried = match[3] === undefined ? undefined : carriedMessage(match[3], seq);
    if (carried && this.onDidSendLag) this.handedAt.set(carried, performance.now());
    this.offer(tenantId, seq, carried);
  }

  /** A socket was sent `message` (pushSockets): counts it and, while /metrics asks, its lag. */
  didSend(message: PushMessage): void {
    this.socketStats.sent++;
    if (!this.onDidSendLag) return;
    const at = this.handedAt.get(message);
    if (at !== undefined) this.onDidSendLag((performance.now() - at) / 1000);
  }

  /**
   * After LISTEN took effect (at start and after a reconnection): the first time, each tenant's cursor
   * starts at its last stored seq (no socket is open yet); later, whatever was committed while nobody
   * listened is handed to the sockets.
   */
  async catchUp(): Promise<void> {
    if (!this.shared) return;
    const rows = await this.db
      .selectFrom('push_log')
      .select((eb) => ['tenant_id', eb.fn.max('seq').as('seq')])
      .groupBy('tenant_id')
      .execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (this.cursorsReady || this.cursors.has(row.tenant_id)) this.offer(row.tenant_id, seq);
      else this.cursors.set(row.tenant_id, { delivered: seq, target: seq, known: new Map(), draining: false });
    }
    this.cursorsReady = true;
  }

  /** Stops handing messages over (the database is about to close). */
  close(): void {
    this.closed = true;
  }

  /** `seq` of the tenant is committed: hand everything up to it to the sockets, in order, once. */
  private offer(tenantId: number, seq: number, message?: PushMessage): void {
    let cursor = this.cursors.get(tenantId);
    if (!cursor) {
      // Before the first catch-up, history is nobody's concern: start at the first message seen.
      const start = this.cursorsReady ? 0 : seq - 1;
      cursor = { delivered: start, target: start, known: new Map(), draining: false };
      this.cursors.set(tenantId, cursor);
    }
    if (seq <= cursor.delivered) return;
    if (message) cursor.known.set(seq, message);
    cursor.target = Math.max(cursor.target, seq);
    if (!cursor.draining) void this.drain(tenantId, cursor);
  }

  private async drain(tenantId: number, cursor: TenantCursor): Promise<void> {
    cursor.draining = true;
    try {
      while (!this.closed && cursor.delivered < cursor.target) {
        const next = cursor.known.get(cursor.delivered + 1);
        if (next) {
          this.deliver(tenantId, cursor, next);
          continue;
        }
        let backlog: PushMessage[];
        try {
          backlog = await this.committedAfter(tenantId, cursor.delivered);
        } catch (error) {
          if (this.closed) return;
          this.options.log?.warn({ err: error, tenantId }, `读取推送记录失败，${CATCH_UP_RETRY_MS / 1000} 秒后重试`);
          setTimeout(() => this.offer(tenantId, cursor.target), CATCH_UP_RETRY_MS).unref();
          return;
        }
        if (!backlog.length) {
          // Notified but not stored: cannot happen with commit-time NOTIFY; never spin on it.
          this.options.log?.warn(
            { tenantId, after: cursor.delivered, target: cursor.target },
            '推送通知所指的消息在推送记录中不存在，已跳过',
          );
          cursor.delivered = cursor.target;
          break;
        }
        for (const message of backlog) this.deliver(tenantId, cursor, message);
      }
    } finally {
      cursor.draining = false;
      for (const seq of cursor.known.keys()) if (seq <= cursor.delivered) cursor.known.delete(seq);
    }
  }

  private deliver(tenantId: number, cursor: TenantCursor, message: PushMessage): void {
    cursor.known.delete(message.seq);
    if (message.seq <= cursor.delivered) return;
    cursor.delivered = message.seq;
    cursor.target = Math.max(cursor.target, message.seq);
    this.live.emit(`tenant:${tenantId}`, message);
  }

  /** Stored messages after `afterSeq`, oldest first, whatever their age (instances' clocks may differ). */
  private async committedAfter(tenantId: number, afterSeq: number): Promise<PushMessage[]> {
    const rows = await this.db
      .selectFrom('push_log')
      .select('payload')
      .where('tenant_id', '=', tenantId)
      .where('seq', '>', sql<number>`cast(${afterSeq} as bigint)`)
      .orderBy('seq')
      .limit(CATCH_UP_BATCH)
      .execute();
    return storedMessages(rows);
  }

  /** Messages after `afterSeq`, oldest first, within the replay window. */
  async since(tenantId: number, afterSeq: number): Promise<PushMessage[]> {
    const rows = await this.db
      .selectFrom('push_log')
      .select('payload')
      .where('tenant_id', '=', tenantId)
      // As a bigint: a client's lastId may exceed PostgreSQL's 32-bit integer, which would fail the query.
      .where('seq', '>', sql<number>`cast(${afterSeq} as bigint)`)
      .where('at', '>=', this.now() - REPLAY_WINDOW_MS)
      .orderBy('seq')
      .execute();
    return storedMessages(rows);
  }

  async lastSeq(tenantId: number): Promise<number> {
    const last = await this.db
      .selectFrom('push_log')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    return Number(last?.seq ?? 0);
  }

  subscribe(tenantId: number, listener: (message: PushMessage) => void): () => void {
    this.live.on(`tenant:${tenantId}`, listener);
    return () => this.live.off(`tenant:${tenantId}`, listener);
  }
}
