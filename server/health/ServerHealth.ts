import { sql } from 'kysely';
import type { HealthCheck, HealthStatus, ReadinessReport } from '../../contracts/api/healthRoutes';
import { errorMessage } from '../../contracts/errorMessage';
import type { Db, DialectName } from '../db/Database';
import { knownMigrations } from '../db/migrate';

/** A probe reuses the database's answer this long: load balancers and orchestrators may poll often. */
export const DATABASE_CHECK_TTL_MS = 1000;
/** A database that has not answered by then counts as down (the query itself is left to finish). */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;

export interface HealthSources {
  db: Db;
  dialect: DialectName;
  /** PostgreSQL: the LISTEN connection (server/cluster/PgListener.ts). */
  pushListener?: { readonly listening: boolean } | undefined;
  /** The MQTT broker when one is configured. */
  broker?: () => { readonly connected: boolean } | undefined;
  leader: { readonly isLeader: boolean };
}

interface DatabaseState {
  database: HealthCheck;
  migrations: HealthCheck;
}

/**
 * The instance's phase (starting → serving → draining) and its readiness: the database answers, it has
 * run exactly this program's migrations, and on PostgreSQL the push listener is connected. The broker
 * is reported, never failing readiness (it is optional). Draining is one way: a stopping instance never
 * becomes ready again.
 */
export class ServerHealth {
  private phase: 'starting' | 'serving' | 'draining' = 'starting';
  private readonly startedAt = Date.now();
  private readonly migrations: string[];
  private checked: { at: number; state: DatabaseState } | undefined;
  private checking: Promise<DatabaseState> | undefined;
  private readonly drainListeners: (() => void)[] = [];
  /** performance.now() of the last request other than a probe that arrived while draining. */
  lastArrivalWhileDraining = 0;

  constructor(private readonly sources: HealthSources) {
    this.migrations = knownMigrations(sources.dialect);
  }

  get draining(): boolean {
    return this.phase === 'draining';
  }

  get uptimeSeconds(): number {
    return Math.round((Date.now() - this.startedAt) / 1000);
  }

  /** Started and listening: readiness now depends on the checks alone. */
  markServing(): void {
    if (this.phase === 'starting') this.phase = 'serving';
  }

  /** Told once, when draining starts (the push sockets close with "reconnect at once"). */
  onWillDrain(listener: () => void): void {
    this.drainListeners.push(listener);
  }

  /** Turns unready at once and tells the listeners; later calls do nothing. */
  startDraining(): void {
    if (this.phase === 'draining') return;
    this.phase = 'draining';
    this.lastArrivalWhileDraining = performance.now();
    for (const listener of this.drainListeners) listener();
  }

  async readiness(): Promise<ReadinessReport> {
    const { pushListener, broker, leader } = this.sources;
    // A draining instance reports what it last saw: its database is about to close.
    const state = this.draining ? (this.checked?.state ?? unknownState()) : await this.databaseState();
    const checks: ReadinessReport['checks'] = { ...state };
    if (pushListener) checks.pushListener = pushListener.listening ? { ok: true } : { ok: false, error: '推送通知连接（LISTEN）未建立' };
    const failing = Object.values(checks).some((check) => !check.ok);
    const status: HealthStatus = this.draining ? 'draining' : this.phase === 'starting' ? 'starting' : failing ? 'unavailable' : 'ready';
    const gateway = broker?.();
    return { status, checks, ...(gateway ? { broker: { connected: gateway.connected } } : {}), leader: leader.isLeader };
  }

  /** One query answers both checks; concurrent probes share it and its answer lives DATABASE_CHECK_TTL_MS. */
  private databaseState(): Promise<DatabaseState> {
    const fresh = this.checked && performance.now() - this.checked.at < DATABASE_CHECK_TTL_MS;
    if (fresh && this.checked) return Promise.resolve(this.checked.state);
    this.checking ??= this.checkDatabase().then((state) => {
      this.checked = { at: performance.now(), state };
      this.checking = undefined;
      return state;
    });
    return this.checking;
  }

  private async checkDatabase(): Promise<DatabaseState> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${DATABASE_CHECK_TIMEOUT_MS / 1000} 秒内没有应答`)), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      const query = sql<{ applied: number | string; newest: string | null }>`
        select count(*) as applied, max(name) as newest from kysely_migration`.execute(this.sources.db);
      const { rows } = await Promise.race([query, timeout]);
      const applied = Number(rows[0]?.applied ?? 0);
      const newest = rows[0]?.newest ?? '';
      const expected = this.migrations.length;
      const last = this.migrations[expected - 1] ?? '';
      let migrations: HealthCheck = { ok: true };
      if (newest > last || applied > expected) migrations = { ok: false, error: `数据库结构版本（${newest}）比本程序新，请升级本实例` };
      else if (applied !== expected || newest !== last)
        migrations = { ok: false, error: `数据库结构未升级到本程序的版本（已执行 ${applied}/${expected} 个迁移）` };
      return { database: { ok: true }, migrations };
    } catch (error) {
      const down = { ok: false, error: `数据库不可用：${errorMessage(error)}` };
      return { database: down, migrations: { ok: false, error: '数据库不可用，无法检查结构版本' } };
    } finally {
      clearTimeout(timer);
    }
  }
}

function unknownState(): DatabaseState {
  const stopping = { ok: false, error: '本实例正在停止' };
  return { database: stopping, migrations: stopping };
}
