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
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type RunningCluster } from '../scripts/cluster';
import { findMosquitto } from '../server/mqtt/testing/mosquitto';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';
import { epochNow, type LoadEvent, type PushResult, type TelemetrySpec } from './scale/protocol';
import {
  ROOT,
  HERE,
  type Setup,
  SETUPS,
  DEVICES,
  MESSAGES,
  GENERATORS,
  FLEET_SCALE,
  PUSH_CLIENTS,
  PUSH_RATE,
  PUSH_SECONDS,
  STALL_MS,
  ALARM,
  say,
  sleep,
} from './scale/settings';
import { pidsWhere, type CpuGroups, cpuSnapshot, cpuUse } from './scale/cpuTime';
import { benchDevices, clusterStats, delta, openReader, readDeviceKinds, startWaitSampler, type Reader } from './scale/clusterReads';
import { type Generator, startGenerator, pushLoad, startBare } from './scale/childProcesses';
import { type TelemetryResult, type SetupResult, fmt, report } from './scale/report';
import { errorMessage } from '../contracts/errorMessage';

// ---------------------------------------------------------------- one setup

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
      result.errors.push(`遥测：${errorMessage(error)}`);
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
      result.errors.push(`推送：${errorMessage(error)}`);
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
  readDeviceKinds();
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
        results.push({ setup, errors: [`启动失败：${errorMessage(error)}`] });
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
  console.error(`bench/scale 失败：${errorMessage(error)}`);
  process.exitCode = 1;
});
