import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { type Instance, type RunningCluster } from '../../scripts/cluster';
import { loadDeviceCatalog } from '../../server/catalog/deviceCatalog';
import { DEVICE_CODE_PATTERN } from '../../server/mqtt/topics';
import { loadPlugins } from '../../server/pluginManifests';
import { PROBE_PREFIX, type LoadDevice } from './protocol';
import { ROOT, DEVICES, sleep } from './settings';

// ---------------------------------------------------------------- the instances' ingest counters

export type Stats = Record<string, number>;

/** One instance's MqttIngest.stats, asked for with SIGUSR2 (bench/scale/ingestProbe.ts answers on stdout). */
export async function instanceStats(instance: Instance): Promise<Stats> {
  const from = instance.output().length;
  instance.child.kill('SIGUSR2');
  // Generous: on a busy machine an instance in the middle of a large batch may answer late.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = instance.output().slice(from);
    const at = text.indexOf(PROBE_PREFIX);
    const end = at >= 0 ? text.indexOf('\n', at) : -1;
    if (end > at && at >= 0) return JSON.parse(text.slice(at + PROBE_PREFIX.length, end)) as Stats;
    if (Date.now() > deadline) throw new Error(`实例 ${instance.index + 1} 没有报告入库计数（bench/scale/ingestProbe.ts 未加载？）`);
    await sleep(5);
  }
}

export async function clusterStats(cluster: RunningCluster): Promise<Stats> {
  const all = await Promise.all(cluster.instances.map(instanceStats));
  const total: Stats = {};
  for (const stats of all) for (const [key, value] of Object.entries(stats)) total[key] = (total[key] ?? 0) + value;
  return total;
}

export const delta = (after: Stats, before: Stats, key: string) => (after[key] ?? 0) - (before[key] ?? 0);

// ---------------------------------------------------------------- the database, read-only

export interface Reader {
  devices(): Promise<{ device_id: number; tenant_id: number; code: string; kind: string }[]>;
  /** Devices whose stored telemetry holds this marker value. */
  withMarker(marker: number): Promise<number>;
  close(): Promise<void>;
}

export async function openReader(cluster: RunningCluster): Promise<Reader> {
  const devicesSql = 'select device_id, tenant_id, code, kind from devices order by device_id';
  const markerSql = (placeholder: string) => `select count(*) as n from devices where telemetry like ${placeholder}`;
  // JSON.stringify writes a number the same way every time: the marker's text is found as `:<marker>`.
  const pattern = (marker: number) => `%:${marker}%`;
  if (cluster.sqliteFile) {
    const sqlite = new BetterSqlite3(cluster.sqliteFile, { readonly: true, fileMustExist: true });
    const count = sqlite.prepare<[string], { n: number }>(markerSql('?'));
    return {
      devices: async () => sqlite.prepare<[], { device_id: number; tenant_id: number; code: string; kind: string }>(devicesSql).all(),
      withMarker: async (marker) => count.get(pattern(marker))?.n ?? 0,
      close: async () => void sqlite.close(),
    };
  }
  const client = new pg.Client({ connectionString: cluster.databaseUrl, application_name: 'bench-scale-reader' });
  await client.connect();
  await client.query('set default_transaction_read_only = on');
  return {
    devices: async () =>
      (await client.query<{ device_id: number; tenant_id: number; code: string; kind: string }>(devicesSql)).rows.map((row) => ({
        ...row,
        device_id: Number(row.device_id),
        tenant_id: Number(row.tenant_id),
      })),
    withMarker: async (marker) => Number((await client.query<{ n: string }>(markerSql('$1'), [pattern(marker)])).rows[0]?.n ?? 0),
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------- what PostgreSQL's sessions wait for

/** What each wait means here, for the printed summary. */
export const WAIT_NAMES: Record<string, string> = {
  'Client:ClientRead': '等实例发来下一条语句 waiting for the instance',
  'Lock:transactionid': '行锁 row lock',
  'Lock:tuple': '行锁 row lock',
  'IO:WALSync': '提交刷盘 WAL fsync',
  'LWLock:WALWrite': '写 WAL',
  'LWLock:LockManager': '锁管理器 lock manager',
  'CPU:-': '在运行或等 CPU running',
};

/**
 * Samples pg_stat_activity of the setup's database every 50 ms while a phase runs (one small query on a
 * connection of its own): which waits the instances' sessions that are inside a statement or a
 * transaction spend their time in. Tells a database that is busy from one that waits for its clients.
 */
export async function startWaitSampler(databaseUrl: string): Promise<{ stop(): Promise<string> }> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-scale-waits' });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await client.query<{ wait: string; n: number }>(
          "select coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '-') as wait, count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and state <> 'idle' and pid <> pg_backend_pid() and application_name not like 'bench-scale-%' group by 1",
        );
        samples++;
        for (const row of rows) counts.set(row.wait, (counts.get(row.wait) ?? 0) + row.n);
      } catch {
        return;
      }
      await sleep(50);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end().catch(() => undefined);
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      if (!total) return '—';
      const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4);
      return `平均 ${(total / samples).toFixed(1)} 个会话忙 busy sessions：${top.map(([wait, n]) => `${wait}（${WAIT_NAMES[wait] ?? wait}）${Math.round((100 * n) / total)}%`).join(' · ')}`;
    },
  };
}

let catalog: ReturnType<typeof loadDeviceCatalog> | undefined;

/** Reads the device kinds now, as the instances read them at their start (a plugin edited mid-run changes nothing here). */
export function readDeviceKinds(): void {
  catalog = loadDeviceCatalog(loadPlugins(join(ROOT, 'plugins')).plugins);
}

/** Devices whose kind declares two numeric telemetry fields: one counts the reports, the other carries the marker. */
export async function benchDevices(reader: Reader): Promise<LoadDevice[]> {
  catalog ??= loadDeviceCatalog(loadPlugins(join(ROOT, 'plugins')).plugins);
  const chosen: LoadDevice[] = [];
  for (const row of await reader.devices()) {
    const numeric = (catalog.byPage(row.kind)?.telemetry ?? []).filter((field) => field.type === 'number').map((field) => field.key);
    if (numeric.length < 2 || !DEVICE_CODE_PATTERN.test(row.code)) continue;
    chosen.push({ tenantId: row.tenant_id, code: row.code, counter: numeric[0]!, marker: numeric[1]! });
    if (chosen.length >= DEVICES) break;
  }
  return chosen;
}
