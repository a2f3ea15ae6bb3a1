// Scale-out benchmark (npm run bench:scale), one run, four setups: one server instance on SQLite, and
// 1, 2 and 3 instances on one PostgreSQL (fsync on, as deployed). Every instance is a process of its
// own (server/main.ts through scripts/cluster.ts startCluster, without nginx), with SIMULATOR=0,
// SMS_DEV_ENDPOINT=1 and MQTT_URL to a Mosquitto started for the setup; MQTT_BATCH_MS / MQTT_BATCH_ROWS
// stay at their defaults. In each setup:
//
// 1. Telemetry stored per second, end to end. Load generators in processes of their own
//    (bench/scale/telemetryLoad.ts) connect SCALE_DEVICES devices, each with its own broker account, and
//    publish SCALE_MESSAGES reports in all (QoS 1, each device its next one after the broker's PUBACK,
//    as fast as they can), each device's last one setting a marker field. The clock runs from the first
//    publish until the instances' own ingest counters (MqttIngest.stats, read through
//    bench/scale/ingestProbe.ts every 50 ms) show every message written AND the database (read here,
//    read-only) shows every device's marker. Any message dropped, not written or refused fails the run.
// 2. Alarm delivery: SCALE_PUSH_CLIENTS push clients (the real protocol: login, ticket, /api/push/ws),
//    spread over the instances, while alarms are raised at SCALE_PUSH_RATE/s through
//    POST /api/dev/alarm/raise, spread over the instances; p50/p99 from the raise request to each
//    client's receipt, against a bare WebSocket broadcast of the same messages (bench/scale/bareBroadcast.ts,
//    a process of its own, POSTed the same way) measured in the same setup. Every client must get every
//    alarm exactly once.
//
// Targets (printed ✓/✗; only errors make the exit code non-zero): ≥ 10,000 telemetry messages/s on one
// instance; 3 instances on PostgreSQL ≥ 2.4× one; push p99 ≤ 100 ms and ≤ 1.5× the bare broadcast.
// The machine's cores and what each process used are printed with the figures: on a machine with few
// cores the instances, the broker, PostgreSQL and the generators share them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { startCluster, type Instance, type RunningCluster } from '../scripts/cluster';
import { loadDeviceCatalog } from '../server/catalog/deviceCatalog';
import { findMosquitto } from '../server/mqtt/testing/mosquitto';
import { DEVICE_CODE_PATTERN } from '../server/mqtt/topics';
import { loadPlugins } from '../server/pluginManifests';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';
import {
  epochNow,
  PROBE_PREFIX,
  type LoadDevice,
  type LoadEvent,
  type PushResult,
  type PushSpec,
  type TelemetrySpec,
} from './scale/protocol';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HERE = join(ROOT, 'bench', 'scale');

function setting(name: string, fallback: number, min: number, max: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    throw new Error(`${name} 必须是 ${min} 到 ${max} 之间的数，当前为 "${value}"`);
  return parsed;
}

interface Setup {
  database: 'sqlite' | 'postgres';
  instances: number;
  label: string;
}

/** SCALE_SETUPS=sqlite:1,postgres:1,postgres:2,postgres:3 (the default) picks and orders the setups. */
function readSetups(text: string): Setup[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(sqlite|postgres):([1-9]\d?)$/.exec(part);
      if (!match) throw new Error(`SCALE_SETUPS 的一项应形如 sqlite:1 或 postgres:3，当前为 "${part}"`);
      const database = match[1] as Setup['database'];
      const instances = Number(match[2]);
      if (database === 'sqlite' && instances !== 1) throw new Error('SQLite 只能由一个实例使用（sqlite:1）');
      return { database, instances, label: `${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ×${instances}` };
    });
}

const SETUPS = readSetups(process.env.SCALE_SETUPS ?? 'sqlite:1,postgres:1,postgres:2,postgres:3');
const DEVICES = Math.floor(setting('SCALE_DEVICES', 5000, 1, 100_000));
const MESSAGES = Math.floor(setting('SCALE_MESSAGES', 100_000, 1, 10_000_000));
const GENERATORS = Math.floor(setting('SCALE_GENERATORS', 2, 1, 16));
/** FLEET_SCALE of the seeded database: 10 ≈ 8,600 devices, 5,400 of them of kinds with two numeric fields. */
const FLEET_SCALE = setting('SCALE_FLEET_SCALE', 10, 0.1, 100);
const PUSH_CLIENTS = Math.floor(setting('SCALE_PUSH_CLIENTS', 200, 1, 5000));
const PUSH_RATE = setting('SCALE_PUSH_RATE', 50, 1, 5000);
const PUSH_SECONDS = setting('SCALE_PUSH_SECONDS', 10, 1, 600);
/** Fails a setup whose stored count has not moved for this long. */
const STALL_MS = setting('SCALE_STALL_SECONDS', 30, 5, 600) * 1000;
const TARGETS = { messagesPerSecond: 10_000, threeInstances: 2.4, p99Ms: 100, p99VsBare: 1.5 } as const;
const ALARM = { tenantId: 1, alarmType: 'SMOKE' } as const;

const say = (line: string) => console.info(line);
const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

// ---------------------------------------------------------------- processes and their CPU time

/** Clock ticks per second of /proc (getconf CLK_TCK; 100 on Linux). */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU time of this process's children that have exited and been waited for. */
function reapedTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

/** Busy ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  void idle;
  void iowait;
  return user! + nice! + system! + irq! + softirq! + steal!;
}

function pidsWhere(test: (pid: number, cmdline: string, parent: number) => boolean): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (test(Number(name), cmdline, parent)) pids.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

interface CpuGroups {
  instances: number[];
  mosquitto: number[];
  postgres: () => number[];
  generators: number[];
  /**
   * Instead of `generators`: load processes that have exited by the second snapshot, counted from this
   * process's reaped children's time (cutime + cstime), under this name.
   */
  reaped?: string;
}

/** Ticks per process (pid → ticks; -1: reaped children) of each group, and of the whole machine. */
type CpuSnapshot = { at: number; machine: number; groups: Record<string, Map<number, number>> };

function cpuSnapshot(groups: CpuGroups): CpuSnapshot {
  const each = (pids: number[]) => new Map(pids.map((pid) => [pid, processTicks(pid)]));
  return {
    at: performance.now(),
    machine: machineTicks(),
    groups: {
      instances: each(groups.instances),
      mosquitto: each(groups.mosquitto),
      PostgreSQL: each(groups.postgres()),
      [groups.reaped ?? 'generators']: groups.reaped ? new Map([[-1, reapedTicks()]]) : each(groups.generators),
      bench: each([process.pid]),
    },
  };
}

/**
 * Ticks a group used between two snapshots, process by process: one started meanwhile counts from zero;
 * one gone by the second snapshot (a PostgreSQL backend whose connection closed) is left out, so its
 * time falls under "other".
 */
function groupTicks(before: Map<number, number> | undefined, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) if (ticks > 0 || pid === -1) total += Math.max(0, ticks - (before?.get(pid) ?? 0));
  return total;
}

/** Cores each group used between two snapshots, and the rest of the machine (other processes). */
function cpuUse(before: CpuSnapshot, after: CpuSnapshot): { text: string; instances: number; other: number } {
  const seconds = (after.at - before.at) / 1000;
  const cores = (ticks: number) => ticks / TICKS / seconds;
  const parts = Object.keys(after.groups).map((name) => [name, cores(groupTicks(before.groups[name], after.groups[name]!))] as const);
  const ours = parts.reduce((total, [, value]) => total + value, 0);
  const machine = cores(after.machine - before.machine);
  const other = Math.max(0, machine - ours);
  return {
    text: `${parts.map(([name, value]) => `${name} ${value.toFixed(2)}`).join(' · ')} · 其他进程 other ${other.toFixed(2)} · 合计 total ${machine.toFixed(2)} / ${availableParallelism()} 核 cores`,
    instances: parts.find(([name]) => name === 'instances')?.[1] ?? 0,
    other,
  };
}

// ---------------------------------------------------------------- the instances' ingest counters

type Stats = Record<string, number>;

/** One instance's MqttIngest.stats, asked for with SIGUSR2 (bench/scale/ingestProbe.ts answers on stdout). */
async function instanceStats(instance: Instance): Promise<Stats> {
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

async function clusterStats(cluster: RunningCluster): Promise<Stats> {
  const all = await Promise.all(cluster.instances.map(instanceStats));
  const total: Stats = {};
  for (const stats of all) for (const [key, value] of Object.entries(stats)) total[key] = (total[key] ?? 0) + value;
  return total;
}

const delta = (after: Stats, before: Stats, key: string) => (after[key] ?? 0) - (before[key] ?? 0);

// ---------------------------------------------------------------- the database, read-only

interface Reader {
  devices(): Promise<{ device_id: number; tenant_id: number; code: string; kind: string }[]>;
  /** Devices whose stored telemetry holds this marker value. */
  withMarker(marker: number): Promise<number>;
  close(): Promise<void>;
}

async function openReader(cluster: RunningCluster): Promise<Reader> {
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
const WAIT_NAMES: Record<string, string> = {
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
async function startWaitSampler(databaseUrl: string): Promise<{ stop(): Promise<string> }> {
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

/** Devices whose kind declares two numeric telemetry fields: one counts the reports, the other carries the marker. */
async function benchDevices(reader: Reader): Promise<LoadDevice[]> {
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

// ---------------------------------------------------------------- child processes

interface Generator {
  child: ChildProcess;
  next(type: LoadEvent['type']): Promise<LoadEvent>;
  send(command: string): void;
}

function startGenerator(specFile: string): Generator {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'telemetryLoad.ts'), specFile], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const events: LoadEvent[] = [];
  const waiting: (() => void)[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    events.push(JSON.parse(line) as LoadEvent);
    for (const wake of waiting.splice(0)) wake();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    child,
    send: (command) => void child.stdin?.write(`${command}\n`),
    next: async (type) => {
      for (;;) {
        const at = events.findIndex((event) => event.type === type || event.type === 'error');
        if (at >= 0) {
          const [event] = events.splice(at, 1);
          if (event!.type === 'error') throw new Error(`负载进程出错：${event!.message}`);
          return event!;
        }
        if (exited) throw new Error(`负载进程已退出（退出码 ${child.exitCode}）：${stderr.slice(-2000)}`);
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
  };
}

/** Runs the push clients in their own process; resolves with what they measured. */
function pushLoad(spec: PushSpec): Promise<PushResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'pushLoad.ts'), JSON.stringify(spec)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  return new Promise((resolveLoad, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`推送压测进程失败（退出码 ${code}）：${errors}${output}`));
      resolveLoad(JSON.parse(line) as PushResult);
    });
  });
}

/** The bare broadcast server in its own process; resolves with its address and how to stop it. */
async function startBare(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'bareBroadcast.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const match = /listening (\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`裸广播进程退出（退出码 ${code}）`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      await exited;
    },
  };
}

// ---------------------------------------------------------------- one setup

interface TelemetryResult {
  devices: number;
  messages: number;
  storedPerSecond: number;
  publishedPerSecond: number;
  seconds: number;
  rows: number;
  batches: number;
  cpu: ReturnType<typeof cpuUse>;
  /** PostgreSQL: what the instances' sessions waited for while it ran. */
  pgWaits?: string;
}

interface SetupResult {
  setup: Setup;
  telemetry?: TelemetryResult;
  push?: PushResult;
  bare?: PushResult;
  /** Cores used while the push clients ran. */
  pushCpu?: ReturnType<typeof cpuUse>;
  /** PostgreSQL: what the instances' sessions waited for while the alarms were raised. */
  pushWaits?: string;
  errors: string[];
}

async function measureTelemetry(cluster: RunningCluster, reader: Reader, postgresPids: () => number[]): Promise<TelemetryResult> {
  const broker = cluster.mqtt;
  if (!broker) throw new Error('集群没有启动 MQTT 代理');
  const devices = await benchDevices(reader);
  if (devices.length < DEVICES)
    say(`  注意：数据库中只有 ${devices.length} 台可用设备（需要 ${DEVICES}），按 ${devices.length} 台测量；可调大 SCALE_FLEET_SCALE`);
  const perDevice = Math.max(1, Math.round(MESSAGES / devices.length));
  const total = perDevice * devices.length;
  // A value the seeded telemetry never holds (they have one decimal and are small), unique to this setup.
  const marker = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const count = Math.min(GENERATORS, devices.length);
  const generators: Generator[] = [];
  let waits: { stop(): Promise<string> } | undefined;
  try {
    for (let index = 0; index < count; index++) {
      const spec: TelemetrySpec = {
        url: broker.url,
        secretFile: broker.secretFile,
        devices: devices.filter((_, at) => at % count === index),
        messages: perDevice,
        markerValue: marker,
        connectConcurrency: 50,
      };
      const file = join(cluster.dir, `telemetry-${index + 1}.json`);
      writeFileSync(file, JSON.stringify(spec));
      generators.push(startGenerator(file));
    }
    const connectStarted = performance.now();
    for (const generator of generators) {
      const ready = (await generator.next('ready')) as Extract<LoadEvent, { type: 'ready' }>;
      if (ready.failed) throw new Error(`${ready.failed} 台设备未能连接 MQTT 代理（${ready.firstError ?? ''}）`);
    }
    say(
      `  ${devices.length} 台设备已各自以自己的账号连上代理（${count} 个负载进程，${((performance.now() - connectStarted) / 1000).toFixed(1)} s）`,
    );

    // Warm-up: one report per device, all of them written before the clock starts (the instances have
    // subscribed, their code paths are warm, the devices are online).
    const beforeWarmup = await clusterStats(cluster);
    for (const generator of generators) generator.send('warmup');
    for (const generator of generators) {
      const warmed = (await generator.next('warmed')) as Extract<LoadEvent, { type: 'warmed' }>;
      if (warmed.errors) throw new Error(`预热时 ${warmed.errors} 条消息发布失败`);
    }
    const warmDeadline = Date.now() + 30_000;
    for (;;) {
      const stats = await clusterStats(cluster);
      if (delta(stats, beforeWarmup, 'reportsWritten') >= devices.length) break;
      if (Date.now() > warmDeadline)
        throw new Error(
          `预热的 ${devices.length} 条消息 30 秒内只写入 ${delta(stats, beforeWarmup, 'reportsWritten')} 条（实例没有订阅上？丢弃 ${delta(stats, beforeWarmup, 'dropped')} 条）`,
        );
      await sleep(100);
    }
    await sleep(300);

    const before = await clusterStats(cluster);
    const cpuGroups: CpuGroups = {
      instances: cluster.instances.map((instance) => instance.child.pid!),
      mosquitto: pidsWhere((_pid, cmdline) => cmdline.includes('mosquitto') && cmdline.includes(`mosquitto-${broker.port}.conf`)),
      postgres: postgresPids,
      generators: generators.map((generator) => generator.child.pid!),
    };
    waits = cluster.databaseUrl ? await startWaitSampler(cluster.databaseUrl) : undefined;
    const cpuBefore = cpuSnapshot(cpuGroups);
    for (const generator of generators) generator.send('go');
    const finished = Promise.all(generators.map((generator) => generator.next('done') as Promise<Extract<LoadEvent, { type: 'done' }>>));
    // Awaited below; a generator failing meanwhile is reported there, not as an unhandled rejection.
    finished.catch(() => undefined);
    // The instances' counters are polled (a signal, no database work); once they show every message
    // written, the database must show every device's last report too (read-only, then at most 5 s more).
    let end = 0;
    let progress = { written: -1, at: Date.now() };
    let allWrittenAt: number | undefined;
    for (;;) {
      await sleep(50);
      const written = delta(await clusterStats(cluster), before, 'reportsWritten');
      if (written >= total) {
        allWrittenAt ??= Date.now();
        const markers = await reader.withMarker(marker);
        if (markers >= devices.length) {
          end = epochNow();
          break;
        }
        if (Date.now() - allWrittenAt > 5000)
          throw new Error(`实例的计数显示 ${written} 条都已写入，数据库中却只有 ${markers}/${devices.length} 台设备存有最后一条`);
      }
      if (written !== progress.written) progress = { written, at: Date.now() };
      else if (Date.now() - progress.at > STALL_MS) {
        const now = await clusterStats(cluster);
        throw new Error(
          `入库停滞：${STALL_MS / 1000} 秒内没有进展；${written}/${total} 条消息写入（收到 ${delta(now, before, 'received')}，丢弃 ${delta(now, before, 'dropped')}）`,
        );
      }
    }
    const cpuAfter = cpuSnapshot(cpuGroups);
    const pgWaits = await waits?.stop();
    waits = undefined;
    const done = await finished;
    const errors = done.reduce((sum, event) => sum + event.errors, 0);
    if (errors) throw new Error(`${errors} 条消息发布失败（${done.find((event) => event.firstError)?.firstError ?? ''}）`);
    const firstAt = Math.min(...done.map((event) => event.firstAt));
    const lastAckAt = Math.max(...done.map((event) => event.lastAckAt));
    await sleep(200);
    const after = await clusterStats(cluster);
    const received = delta(after, before, 'received');
    const dropped = delta(after, before, 'dropped');
    const written = delta(after, before, 'reportsWritten');
    if (dropped || received !== total || written !== total)
      throw new Error(`消息不符：发布 ${total}，实例收到 ${received}，写入 ${written}，丢弃 ${dropped}`);
    const seconds = (end - firstAt) / 1000;
    return {
      devices: devices.length,
      messages: total,
      storedPerSecond: total / seconds,
      publishedPerSecond: total / ((lastAckAt - firstAt) / 1000),
      seconds,
      rows: delta(after, before, 'rowsWritten'),
      batches: delta(after, before, 'batches'),
      cpu: cpuUse(cpuBefore, cpuAfter),
      ...(pgWaits ? { pgWaits } : {}),
    };
  } finally {
    await waits?.stop();
    for (const generator of generators) generator.send('stop');
    await Promise.all(
      generators.map(async ({ child }) => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        await exited;
      }),
    );
  }
}

async function measurePush(
  cluster: RunningCluster,
  postgresPids: () => number[],
): Promise<{ bare: PushResult; push: PushResult; cpu: ReturnType<typeof cpuUse>; pgWaits?: string }> {
  const common = { clients: PUSH_CLIENTS, rate: PUSH_RATE, seconds: PUSH_SECONDS, ...ALARM };
  const bareServer = await startBare();
  let bare: PushResult;
  try {
    bare = await pushLoad({ mode: 'bare', targets: [bareServer.url], ...common });
  } finally {
    await bareServer.stop();
  }
  const waits = cluster.databaseUrl ? await startWaitSampler(cluster.databaseUrl) : undefined;
  const groups: CpuGroups = {
    instances: cluster.instances.map((instance) => instance.child.pid!),
    mosquitto: [],
    postgres: postgresPids,
    generators: [],
    reaped: 'clients',
  };
  const cpuBefore = cpuSnapshot(groups);
  let push: PushResult;
  let pgWaits: string | undefined;
  try {
    push = await pushLoad({ mode: 'push', targets: cluster.instances.map((instance) => `http://127.0.0.1:${instance.port}`), ...common });
  } finally {
    pgWaits = await waits?.stop();
  }
  // The clients' process has exited by now: its time is counted as a reaped child's.
  return { bare, push, cpu: cpuUse(cpuBefore, cpuSnapshot(groups)), ...(pgWaits ? { pgWaits } : {}) };
}

function pushProblems(result: PushResult, label: string): string[] {
  const problems: string[] = [];
  if (result.raiseFailures) problems.push(`${label}：${result.raiseFailures} 次触发告警失败（${result.firstFailure ?? ''}）`);
  if (result.missing)
    problems.push(
      `${label}：${result.missing} 次投递缺失（应收 ${result.expected}）${result.firstFailure && !result.raiseFailures ? `；${result.firstFailure}` : ''}`,
    );
  if (result.duplicates) problems.push(`${label}：${result.duplicates} 次重复投递`);
  return problems;
}

async function runSetup(
  setup: Setup,
  index: number,
  dir: string,
  postgres: { cluster: TestCluster; pids: () => number[] } | undefined,
): Promise<SetupResult> {
  const result: SetupResult = { setup, errors: [] };
  say(`\n[${index + 1}/${SETUPS.length}] ${setup.label}`);
  let databaseUrl: string | undefined;
  if (setup.database === 'postgres') {
    if (!postgres) throw new Error('PostgreSQL 未启动');
    const admin = new pg.Client({ connectionString: postgres.cluster.adminUrl });
    await admin.connect();
    await admin.query(`create database scale_${index + 1}`);
    await admin.end();
    databaseUrl = postgres.cluster.urlOf(`scale_${index + 1}`);
  }
  const startedAt = performance.now();
  const cluster = await startCluster({
    instances: setup.instances,
    database: setup.database,
    ...(databaseUrl ? { databaseUrl } : {}),
    dir: join(dir, `setup-${index + 1}`),
    proxy: false,
    mqtt: true,
    nodeArgs: ['--import', join(HERE, 'ingestProbe.ts')],
    env: { SIMULATOR: '0', SMS_DEV_ENDPOINT: '1', FLEET_SCALE: String(FLEET_SCALE), LOG_LEVEL: 'warn' },
    say: (line) => say(`  ${line}`),
  });
  let reader: Reader | undefined;
  try {
    say(`  ${setup.instances} 个实例已启动（${((performance.now() - startedAt) / 1000).toFixed(1)} s）`);
    reader = await openReader(cluster);
    try {
      result.telemetry = await measureTelemetry(cluster, reader, postgres?.pids ?? (() => []));
      const t = result.telemetry;
      say(
        `  遥测 telemetry：${t.messages} 条 / ${t.seconds.toFixed(2)} s → 入库 stored ${fmt(t.storedPerSecond)} msg/s（发布 published ${fmt(t.publishedPerSecond)} msg/s；${t.batches} 批，更新 ${t.rows} 行）`,
      );
      say(`  CPU（核 cores）：${t.cpu.text}`);
      if (t.pgWaits) say(`  入库期间 PostgreSQL：${t.pgWaits}`);
      if (t.publishedPerSecond < t.storedPerSecond * 1.1)
        say('  注意：发布速率与入库速率相近，负载进程（或代理）可能才是瓶颈；可调 SCALE_GENERATORS');
      if (t.cpu.other > 0.25) say(`  注意：测量期间本机其他进程占用了 ${t.cpu.other.toFixed(2)} 核，结果偏低`);
    } catch (error) {
      result.errors.push(`遥测：${error instanceof Error ? error.message : String(error)}`);
      say(`  ✗ 遥测失败：${result.errors.at(-1)}`);
    }
    try {
      const { bare, push, cpu, pgWaits } = await measurePush(cluster, postgres?.pids ?? (() => []));
      result.bare = bare;
      result.push = push;
      result.pushCpu = cpu;
      if (pgWaits) result.pushWaits = pgWaits;
      result.errors.push(...pushProblems(bare, '裸广播'), ...pushProblems(push, '推送'));
      say(
        `  推送 push：${PUSH_CLIENTS} 个客户端（各实例 ${push.spread.join('/')}）× ${PUSH_RATE} 条/s × ${PUSH_SECONDS} s：p50 ${push.p50.toFixed(1)} ms，p99 ${push.p99.toFixed(1)} ms（其中触发请求应答 raise answered p50 ${push.raiseP50.toFixed(1)} ms，p99 ${push.raiseP99.toFixed(1)} ms）；裸广播 bare p50 ${bare.p50.toFixed(1)} ms，p99 ${bare.p99.toFixed(1)} ms（应答 p99 ${bare.raiseP99.toFixed(1)} ms）`,
      );
      say(`  推送期间 CPU（核 cores）：${cpu.text}`);
      if (pgWaits) say(`  推送期间 PostgreSQL：${pgWaits}`);
    } catch (error) {
      result.errors.push(`推送：${error instanceof Error ? error.message : String(error)}`);
      say(`  ✗ 推送失败：${result.errors.at(-1)}`);
    }
  } finally {
    await reader?.close();
    const broker = cluster.mqtt;
    await cluster.stop();
    // Mosquitto's log (complete once it has exited): a client's queue overflowing loses QoS 1 messages.
    const overflow =
      broker
        ?.output()
        .split('\n')
        .filter((line) => /dropped|dropping/i.test(line)) ?? [];
    if (overflow.length) result.errors.push(`MQTT 代理丢弃了消息（${overflow.length} 行日志）：${overflow[0]}`);
    for (const instance of cluster.instances) {
      const trouble = instance
        .output()
        .split('\n')
        .find((line) => /丢弃|未写入|写入失败|处理失败/.test(line));
      if (trouble) say(`  实例 ${instance.index + 1} 的日志：${trouble.slice(0, 300)}`);
    }
  }
  return result;
}

// ---------------------------------------------------------------- the report

const fmt = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value)
    ? '—'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? '✓' : '✗');

function report(results: SetupResult[], machine: string): void {
  say(`\n=== bench/scale 结果 results ===\n${machine}`);
  say(
    `设备 ${fmt(results.find((r) => r.telemetry)?.telemetry?.devices ?? DEVICES)} 台（各自的 MQTT 账号），每套共 ${fmt(results.find((r) => r.telemetry)?.telemetry?.messages ?? MESSAGES)} 条遥测（QoS 1）；MQTT_BATCH_MS/ROWS 默认；推送 ${PUSH_CLIENTS} 客户端 × ${PUSH_RATE} 告警/s × ${PUSH_SECONDS} s`,
  );
  const onePg = results.find((r) => r.setup.database === 'postgres' && r.setup.instances === 1)?.telemetry?.storedPerSecond;
  const header = `${'配置 setup'.padEnd(16)} ${'入库 stored msg/s'.padStart(18)} ${'发布 published'.padStart(15)} ${'×PG1'.padStart(6)} ${'实例核 cores'.padStart(12)} ${'他人核 other'.padStart(12)} ${'推送 p50'.padStart(9)} ${'推送 p99'.padStart(9)} ${'裸 bare p99'.padStart(11)} ${'p99 比 ratio'.padStart(12)} ${'推送时他人核'.padStart(12)}`;
  say(header);
  say('-'.repeat(header.length + 4));
  for (const r of results) {
    const stored = r.telemetry?.storedPerSecond;
    const ratio = r.push && r.bare ? r.push.p99 / r.bare.p99 : undefined;
    say(
      `${r.setup.label.padEnd(16)} ${fmt(stored).padStart(18)} ${fmt(r.telemetry?.publishedPerSecond).padStart(15)} ${(r.setup.database === 'postgres' && stored && onePg ? `${(stored / onePg).toFixed(2)}×` : '').padStart(6)} ${fmt(r.telemetry?.cpu.instances, 2).padStart(12)} ${fmt(r.telemetry?.cpu.other, 2).padStart(12)} ${fmt(r.push?.p50, 1).padStart(7)} ms ${fmt(r.push?.p99, 1).padStart(7)} ms ${fmt(r.bare?.p99, 1).padStart(8)} ms ${(ratio === undefined ? '—' : `${ratio.toFixed(2)}×`).padStart(12)} ${fmt(r.pushCpu?.other, 2).padStart(12)}`,
    );
  }
  say('（实例核 / 他人核：遥测入库期间各实例 / 本机其他进程占用的核数；推送时他人核：推送测量期间本机其他进程占用的核数）');
  for (const r of results) {
    if (r.telemetry?.pgWaits) say(`${r.setup.label} 入库期间 PostgreSQL：${r.telemetry.pgWaits}`);
    if (r.pushWaits) say(`${r.setup.label} 推送期间 PostgreSQL：${r.pushWaits}`);
  }
  say('\n目标 targets:');
  for (const r of results) {
    if (r.setup.instances === 1 && r.telemetry)
      say(
        `  ${mark(r.telemetry.storedPerSecond >= TARGETS.messagesPerSecond)} ${r.setup.label}：遥测入库 ${fmt(r.telemetry.storedPerSecond)} msg/s（目标 ≥ ${fmt(TARGETS.messagesPerSecond)}，比值 ${(r.telemetry.storedPerSecond / TARGETS.messagesPerSecond).toFixed(2)}）`,
      );
  }
  const threePg = results.find((r) => r.setup.database === 'postgres' && r.setup.instances === 3)?.telemetry?.storedPerSecond;
  if (threePg && onePg)
    say(
      `  ${mark(threePg / onePg >= TARGETS.threeInstances)} PostgreSQL ×3 / ×1 = ${(threePg / onePg).toFixed(2)}×（目标 ≥ ${TARGETS.threeInstances}×；本机 ${availableParallelism()} 核，实例、代理、数据库与负载进程共用）`,
    );
  for (const r of results) {
    if (!r.push || !r.bare) continue;
    const ratio = r.push.p99 / r.bare.p99;
    say(
      `  ${mark(r.push.p99 <= TARGETS.p99Ms && ratio <= TARGETS.p99VsBare)} ${r.setup.label}：推送 p99 ${r.push.p99.toFixed(1)} ms（目标 ≤ ${TARGETS.p99Ms} ms，比值 ${(r.push.p99 / TARGETS.p99Ms).toFixed(2)}）；相对裸广播 ${ratio.toFixed(2)}×（目标 ≤ ${TARGETS.p99VsBare}×）`,
    );
  }
  const errors = results.flatMap((r) => r.errors.map((error) => `${r.setup.label}：${error}`));
  if (errors.length) {
    say('\n错误 errors（退出码 1）:');
    for (const error of errors) say(`  ✗ ${error}`);
    process.exitCode = 1;
  }
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (!findMosquitto()) throw new Error('未找到 mosquitto（Debian：apt-get install mosquitto）：遥测经 MQTT 接入，无法测量');
  const binDir = findPostgresBinDir();
  const setups = SETUPS.filter((setup) => setup.database === 'sqlite' || binDir);
  if (setups.length < SETUPS.length) say('未找到 PostgreSQL 服务端程序，跳过 PostgreSQL 的配置（安装 postgresql 或设置 POSTGRES_BIN_DIR）');
  const mosquittoVersion = spawnSync(findMosquitto()!, ['-h'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim() ?? '';
  const machine = `本机 machine：${availableParallelism()} 核 cores（${cpus()[0]?.model ?? ''}），开始时负载 load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}；Node ${process.version}；${mosquittoVersion}${binDir ? `；PostgreSQL ${binDir.split('/').at(-2)}（fsync 开）` : ''}`;
  say(machine);
  say(
    `设备 ${DEVICES} 台 × 共 ${MESSAGES} 条遥测/套，${GENERATORS} 个负载进程；FLEET_SCALE ${FLEET_SCALE}；推送 ${PUSH_CLIENTS} 客户端 × ${PUSH_RATE}/s × ${PUSH_SECONDS} s`,
  );
  // The device kinds, read at the start like the instances read them (a plugin edited mid-run changes nothing here).
  catalog = loadDeviceCatalog(loadPlugins(join(ROOT, 'plugins')).plugins);
  const dir = mkdtempSync(join(tmpdir(), 'ops-bench-scale-'));
  // As root, PostgreSQL runs as postgres and must reach its directory inside.
  if (process.getuid?.() === 0) chmodSync(dir, 0o711);
  let postgres: { cluster: TestCluster; pids: () => number[] } | undefined;
  const results: SetupResult[] = [];
  try {
    if (binDir && setups.some((setup) => setup.database === 'postgres')) {
      const pgDir = join(dir, 'postgres');
      // With a directory: the settings of the reference deployment (fsync on), not the tests' fast ones.
      const cluster = await startTestCluster(binDir, { dir: pgDir });
      const postmaster = Number(readFileSync(join(pgDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      postgres = { cluster, pids: () => [postmaster, ...pidsWhere((_pid, _cmdline, parent) => parent === postmaster)] };
    }
    for (const [index, setup] of setups.entries()) {
      try {
        results.push(await runSetup(setup, index, dir, postgres));
      } catch (error) {
        results.push({ setup, errors: [`启动失败：${error instanceof Error ? error.message : String(error)}`] });
        say(`  ✗ ${results.at(-1)!.errors[0]}`);
      }
    }
  } finally {
    postgres?.cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  report(
    results,
    `${machine}；结束时负载 load ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

if (!existsSync(join(ROOT, 'server', 'main.ts'))) throw new Error('请在仓库根目录运行');
main().catch((error: unknown) => {
  console.error(`bench/scale 失败：${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
