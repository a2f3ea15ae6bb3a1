// bench/capacity's CPU part: CPU seconds per 1,000 device messages ingested and pushed, at ×1, ×2 and ×3
// server instances on one PostgreSQL (fsync on) and one Mosquitto, under the SAME fixed offered load.
//
// Each setup is a fresh database (FLEET_SCALE=CAPACITY_FLEET_SCALE, no history) and a cluster of N
// instances as processes (scripts/cluster.ts, no nginx, SIMULATOR=0, each with bench/scale/ingestProbe.ts
// to read its ingest counters). In processes of their own: CAPACITY_PUSH_CLIENTS operators' push sockets
// spread over the instances (bench/capacity/pushListeners.ts), and CAPACITY_DEVICES devices, each with its
// own broker account, publishing CAPACITY_RATE messages/s in all, paced (bench/capacity/pacedLoad.ts):
// telemetry, except the CAPACITY_FLIP_SHARE of tenant 1's devices that alternate an offline status with a
// report (every such message changes the device's state, is stored with its history and pushed to every
// operator). After CAPACITY_WARMUP_SECONDS of the same load, CAPACITY_SECONDS are measured: utime+stime
// (/proc/<pid>/stat) of every instance, of PostgreSQL's processes and of Mosquitto, from the first message
// until the instances' counters show every message written (then up to 5 s for the operators' pushes).
// Every message must be received once, written and not dropped, or the setup fails.
// After each setup of N, the same load is split over N bare mqtt.js consumers (bareBaseline.ts, no
// database): what splitting one stream over N processes costs on this machine with no cluster at all.
//
// The default rate, 3,000 messages/s (1,000 per instance at ×3), comes from the curve in bench/README.md
// (300–4,500/s, bare baseline in every run). At 1,500/s and below, x3/x1 (1.7–3.0) measures how often
// each process is woken, not coordination: every 10 ms tick of the paced load wakes every instance for a
// few messages, batches turn time-based (one a second per instance), and bare consumers with no database
// grow as much (x3/x1 1.9–2.9 at every rate). From 3,000/s the instances' x3/x1 stops falling (1.2–1.6
// at 3,000, 1.1–1.3 at 4,500) and its growth is no more than the bare consumers' (net of it 0.7–1.2),
// while the setup takes about a fifth of the 2 cores; at 4,500/s the shared machine had no headroom left.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type RunningCluster } from '../../scripts/cluster';
import { loadDeviceCatalog } from '../../server/catalog/deviceCatalog';
import { DEVICE_CODE_PATTERN } from '../../server/mqtt/topics';
import { loadPlugins } from '../../server/pluginManifests';
import { findPostgresBinDir, POSTGRES_MISSING, startTestCluster } from '../../server/testing/postgresCluster';
import { clusterStats, delta, instanceStats, openReader, type Stats } from '../scale/clusterReads';
import { cpuSnapshot, groupTicks, pidsWhere, TICKS, wakeups, type CpuSnapshot } from '../scale/cpuTime';
import { HERE, ROOT, setting, sleep, switchSetting } from '../scale/settings';
import { startBareBaseline, type BareBaseline, type BareSetup } from './bareBaseline';
import { startJsonChild } from './jsonChild';
import { waitUntil } from './waitUntil';
import type { PacedDevice, PacedEvent, PacedSpec } from './pacedLoad';
import type { ListenerSpec } from './pushListeners';

const RATE = setting('CAPACITY_RATE', 3000, 10, 100_000);
const SECONDS = setting('CAPACITY_SECONDS', 20, 2, 600);
const WARMUP_SECONDS = setting('CAPACITY_WARMUP_SECONDS', 5, 0, 600);
const DEVICES = Math.floor(setting('CAPACITY_DEVICES', 3000, 10, 100_000));
const PUSH_CLIENTS = Math.floor(setting('CAPACITY_PUSH_CLIENTS', 60, 0, 5000));
const FLIP_SHARE = setting('CAPACITY_FLIP_SHARE', 0.02, 0, 1);
const FLEET_SCALE = setting('CAPACITY_FLEET_SCALE', 5, 0.1, 100);
/** CAPACITY_BARE=0 leaves out the bare baseline (bareBaseline.ts). */
const BARE = switchSetting('CAPACITY_BARE', true);
const INSTANCE_COUNTS = (process.env.CAPACITY_INSTANCES ?? '1,2,3').split(',').map((part) => {
  const count = Number(part.trim());
  if (!Number.isInteger(count) || count < 1 || count > 8)
    throw new Error(`CAPACITY_INSTANCES 的每一项应为 1 到 8 的整数，当前为 "${part}"`);
  return count;
});

type ListenerEvent = { type: 'ready'; spread: number[] } | { type: 'count'; perClient: number[] };

export interface CpuSetup {
  instances: number;
  messages: number;
  /** Messages that changed a device's state (each pushed to every operator). */
  flips: number;
  /** Pushes each operator received in the window: fewest and most. */
  pushes: [number, number];
  spread: number[];
  seconds: number;
  /** CPU seconds in the window. */
  cpu: { instances: number; postgres: number; mosquitto: number; load: number; other: number };
  /** CPU seconds of each instance in the window. */
  perInstance: number[];
  /** The instances' wake-ups (voluntary context switches) in the window: each is a trip through the event loop. */
  wakeups: number;
  lateMs: number;
}

/** CPU seconds per 1,000 messages of a part of a setup. */
export const perThousand = (setup: CpuSetup, seconds: number) => (seconds / setup.messages) * 1000;

function chooseDevices(rows: { tenant_id: number; code: string; kind: string }[]): PacedDevice[] {
  const catalog = loadDeviceCatalog(loadPlugins(join(ROOT, 'plugins')).plugins);
  const chosen: PacedDevice[] = [];
  let tenantOne = 0;
  for (const row of rows) {
    const field = (catalog.byPage(row.kind)?.telemetry ?? []).find((candidate) => candidate.type === 'number')?.key;
    if (!field || !DEVICE_CODE_PATTERN.test(row.code)) continue;
    // Every 1/FLIP_SHARE-th device of tenant 1 (the operators' tenant) flips.
    const flips = row.tenant_id === 1 && FLIP_SHARE > 0 && Math.floor(++tenantOne * FLIP_SHARE) > Math.floor((tenantOne - 1) * FLIP_SHARE);
    chosen.push({ tenantId: row.tenant_id, code: row.code, field, flips });
    if (chosen.length >= DEVICES) break;
  }
  return chosen;
}

function sum(all: Stats[]): Stats {
  const total: Stats = {};
  for (const stats of all) for (const [key, value] of Object.entries(stats)) total[key] = (total[key] ?? 0) + value;
  return total;
}

function seconds(before: CpuSnapshot, after: CpuSnapshot, group: string): number {
  return groupTicks(before.groups[group], after.groups[group]!) / TICKS;
}

async function runSetup(
  count: number,
  dir: string,
  databaseUrl: string,
  postgresPids: () => number[],
  say: (line: string) => void,
): Promise<{ setup: CpuSetup; devices: PacedDevice[] }> {
  const started = performance.now();
  const cluster: RunningCluster = await startCluster({
    instances: count,
    databaseUrl,
    dir,
    proxy: false,
    mqtt: true,
    // CAPACITY_PROFILE_DIR: each instance writes a CPU profile there when it stops (to find what costs per message).
    nodeArgs: [
      '--import',
      join(HERE, 'ingestProbe.ts'),
      ...(process.env.CAPACITY_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CAPACITY_PROFILE_DIR}`] : []),
    ],
    env: { SIMULATOR: '0', FLEET_SCALE: String(FLEET_SCALE), SEED_HISTORY_DAYS: '0', LOG_LEVEL: 'warn' },
    say: () => undefined,
  });
  const listeners = startJsonChild<ListenerEvent>(join(ROOT, 'bench', 'capacity', 'pushListeners.ts'), [
    JSON.stringify({
      targets: cluster.instances.map((instance) => `http://127.0.0.1:${instance.port}`),
      clients: PUSH_CLIENTS,
    } satisfies ListenerSpec),
  ]);
  let load: ReturnType<typeof startJsonChild<PacedEvent>> | undefined;
  try {
    const broker = cluster.mqtt!;
    const reader = await openReader(cluster);
    const devices = chooseDevices(await reader.devices());
    await reader.close();
    if (devices.length < DEVICES) say(`  注意：只有 ${devices.length} 台可用设备（需要 ${DEVICES}）；可调大 CAPACITY_FLEET_SCALE`);
    const specFile = join(cluster.dir, 'paced.json');
    const spec: PacedSpec = { url: broker.url, secretFile: broker.secretFile, devices, rate: RATE };
    writeFileSync(specFile, JSON.stringify(spec));
    load = startJsonChild<PacedEvent>(join(ROOT, 'bench', 'capacity', 'pacedLoad.ts'), [specFile]);
    const ready = await load.next('ready');
    if (ready.failed) throw new Error(`${ready.failed} 台设备未能连接 MQTT 代理（${ready.firstError ?? ''}）`);
    const { spread: clientSpread } = await listeners.next('ready');
    say(
      `  ×${count}：${count} 个实例已启动，${devices.length} 台设备（${devices.filter((device) => device.flips).length} 台交替上下线）与 ${PUSH_CLIENTS} 个推送连接（各实例 ${clientSpread.join('/')}）已连上（${((performance.now() - started) / 1000).toFixed(1)} s）`,
    );

    // Warm-up at the same rate: code paths compiled, every device online, every batch written.
    const settled = async (from: Stats, messages: number) => {
      await waitUntil(async () => delta(await clusterStats(cluster), from, 'reportsWritten') >= messages, '预热消息全部写入', 60_000);
    };
    if (WARMUP_SECONDS > 0) {
      const before = await clusterStats(cluster);
      load.send(`run ${WARMUP_SECONDS}`);
      const warm = await load.next('ran');
      if (warm.errors) throw new Error(`预热时 ${warm.errors} 条消息发布失败（${warm.firstError ?? ''}）`);
      await settled(before, warm.published);
    }
    await sleep(1500);

    const counts = async () => {
      listeners.send('count');
      return (await listeners.next('count')).perClient;
    };
    const pushesBefore = await counts();
    const eachBefore = await Promise.all(cluster.instances.map(instanceStats));
    const before = sum(eachBefore);
    const groups = {
      instances: cluster.instances.map((instance) => instance.child.pid!),
      mosquitto: pidsWhere((_pid, cmdline) => cmdline.includes('mosquitto') && cmdline.includes(`mosquitto-${broker.port}.conf`)),
      postgres: postgresPids,
      generators: [load.child.pid!, listeners.child.pid!],
    };
    const cpuBefore = cpuSnapshot(groups);
    const wakeupsBefore = wakeups(groups.instances);
    load.send(`run ${SECONDS}`);
    const ran = await load.next('ran');
    if (ran.errors) throw new Error(`${ran.errors} 条消息发布失败（${ran.firstError ?? ''}）`);
    // The tail: the last batch written, then pushed (polled at 5 Hz: the probe costs each instance a little).
    let pushes: number[] = [];
    const flips = ran.flips;
    const note = (error: unknown) =>
      say(`  注意：${error instanceof Error ? error.message : String(error)}（推送 ${pushes.length ? Math.min(...pushes) : 0}/${flips}）`);
    await waitUntil(
      async () => delta(await clusterStats(cluster), before, 'reportsWritten') >= ran.published,
      '全部消息写入',
      30_000,
      200,
    ).catch(note);
    // A push follows its batch's commit at once: one still missing seconds later is lost, not late (a device's
    // status and report handled out of order by two instances; see bench/README.md), and waiting on would only
    // add idle time to the window.
    await waitUntil(
      async () => {
        pushes = (await counts()).map((value, index) => value - (pushesBefore[index] ?? 0));
        return !pushes.length || Math.min(...pushes) >= flips;
      },
      '全部推送送达',
      5000,
      200,
    ).catch(note);
    const cpuAfter = cpuSnapshot(groups);
    const wakeupsAfter = wakeups(groups.instances);
    const eachAfter = await Promise.all(cluster.instances.map(instanceStats));
    const after = sum(eachAfter);
    const received = delta(after, before, 'received');
    const written = delta(after, before, 'reportsWritten');
    const dropped = delta(after, before, 'dropped');
    if (received !== ran.published || written !== ran.published || dropped)
      throw new Error(`消息不符：发布 ${ran.published}，实例收到 ${received}，写入 ${written}，丢弃 ${dropped}`);
    const spread = eachAfter.map((stats, index) => delta(stats, eachBefore[index]!, 'reportsWritten'));
    const windowSeconds = (cpuAfter.at - cpuBefore.at) / 1000;
    const part = (group: string) => seconds(cpuBefore, cpuAfter, group);
    const machine = (cpuAfter.machine - cpuBefore.machine) / TICKS;
    const ours = ['instances', 'mosquitto', 'PostgreSQL', 'generators', 'bench'].reduce((sum, group) => sum + part(group), 0);
    const setup: CpuSetup = {
      instances: count,
      messages: ran.published,
      flips,
      pushes: pushes.length ? [Math.min(...pushes), Math.max(...pushes)] : [0, 0],
      spread,
      seconds: windowSeconds,
      cpu: {
        instances: part('instances'),
        postgres: part('PostgreSQL'),
        mosquitto: part('mosquitto'),
        load: part('generators'),
        other: Math.max(0, machine - ours),
      },
      lateMs: ran.lateMs,
      wakeups: wakeupsAfter - wakeupsBefore,
      perInstance: cluster.instances.map((instance) => {
        const pid = instance.child.pid!;
        return Math.max(0, (cpuAfter.groups.instances!.get(pid) ?? 0) - (cpuBefore.groups.instances!.get(pid) ?? 0)) / TICKS;
      }),
    };
    return { setup, devices };
  } finally {
    await load?.stop();
    await listeners.stop();
    await cluster.stop();
  }
}

/** Runs the setups; the ratios are of the instances' CPU per message against ×1. */
export async function measureCpuPerMessage(say: (line: string) => void = console.info): Promise<{
  ratio2: number;
  ratio3: number;
  /** The ratios net of the bare consumers' growth in the same run (NaN without the baseline). */
  net2: number;
  net3: number;
  setups: CpuSetup[];
  bare: BareSetup[];
  report: string[];
}> {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error(POSTGRES_MISSING);
  const dir = mkdtempSync(join(tmpdir(), 'ops-bench-capacity-'));
  if (process.getuid?.() === 0) chmodSync(dir, 0o711);
  const setups: CpuSetup[] = [];
  const bare: BareSetup[] = [];
  let baseline: BareBaseline | undefined;
  say(
    `CPU/消息：${RATE} 条/s × ${SECONDS} s（预热 ${WARMUP_SECONDS} s），${DEVICES} 台设备，${(FLIP_SHARE * 100).toFixed(1)}% 的租户 1 设备交替上下线，${PUSH_CLIENTS} 个推送连接；实例数 ${INSTANCE_COUNTS.join('/')}`,
  );
  try {
    const pgDir = join(dir, 'postgres');
    const postgres = await startTestCluster(binDir, { dir: pgDir });
    try {
      const postmaster = Number(readFileSync(join(pgDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const postgresPids = () => [postmaster, ...pidsWhere((_pid, _cmdline, parent) => parent === postmaster)];
      for (const [index, count] of INSTANCE_COUNTS.entries()) {
        const admin = new pg.Client({ connectionString: postgres.adminUrl });
        await admin.connect();
        await admin.query(`create database capacity_${index + 1}`);
        await admin.end();
        const { setup, devices } = await runSetup(
          count,
          join(dir, `setup-${index + 1}`),
          postgres.urlOf(`capacity_${index + 1}`),
          postgresPids,
          say,
        );
        setups.push(setup);
        say(`  ${describe(setup)}`);
        if (!BARE) continue;
        // The baseline of the same N right after, on the same machine (the devices are the fleet's, the same in every setup).
        baseline ??= await startBareBaseline({ dir, devices, rate: RATE, warmupSeconds: WARMUP_SECONDS, seconds: SECONDS });
        const consumers = await baseline.measure(count);
        bare.push(consumers);
        say(
          `  基线 ×${count}：${consumers.messages} 条 / ${consumers.seconds.toFixed(1)} s；CPU 秒：裸消费者 ${consumers.cpu.toFixed(2)}（各 ${consumers.perConsumer.map((value) => value.toFixed(2)).join('/')}），唤醒/条 ${(consumers.wakeups / consumers.messages).toFixed(2)}`,
        );
      }
    } finally {
      await baseline?.stop();
      postgres.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const base = setups.find((setup) => setup.instances === 1);
  const ratioOf = (instances: number) => {
    const setup = setups.find((candidate) => candidate.instances === instances);
    return setup && base ? perThousand(setup, setup.cpu.instances) / perThousand(base, base.cpu.instances) : Number.NaN;
  };
  const ratio2 = ratioOf(2);
  const ratio3 = ratioOf(3);
  const bareBase = bare.find((setup) => setup.consumers === 1);
  const bareRatioOf = (consumers: number) => {
    const setup = bare.find((candidate) => candidate.consumers === consumers);
    return setup && bareBase ? setup.cpu / setup.messages / (bareBase.cpu / bareBase.messages) : Number.NaN;
  };
  const [bare2, bare3] = [bareRatioOf(2), bareRatioOf(3)];
  // The instances' CPU per message at ×N less what the bare consumers' grew from ×1 to ×N (the same machine's
  // cost of splitting one stream over N processes), over ×1: near 1 when the cluster adds nothing per message.
  const netOf = (instances: number) => {
    const setup = setups.find((candidate) => candidate.instances === instances);
    const consumers = bare.find((candidate) => candidate.consumers === instances);
    if (!setup || !base || !consumers || !bareBase) return Number.NaN;
    const grown = (consumers.cpu / consumers.messages - bareBase.cpu / bareBase.messages) * 1000;
    return (perThousand(setup, setup.cpu.instances) - grown) / perThousand(base, base.cpu.instances);
  };
  const perSecond = (wakes: number, seconds: number, processes: number) => (wakes / seconds / processes).toFixed(0);
  const report = [
    '实例数  CPU-s/1000 条：实例 instances · PostgreSQL · Mosquitto（合计） · 实例唤醒/条（每实例每秒） · 各实例写入 · 推送/连接',
    ...setups.map(
      (setup) =>
        `×${setup.instances}     ${perThousand(setup, setup.cpu.instances).toFixed(3)} · ${perThousand(setup, setup.cpu.postgres).toFixed(3)} · ${perThousand(setup, setup.cpu.mosquitto).toFixed(3)}（${perThousand(setup, setup.cpu.instances + setup.cpu.postgres + setup.cpu.mosquitto).toFixed(3)}） · ${(setup.wakeups / setup.messages).toFixed(2)}（${perSecond(setup.wakeups, setup.seconds, setup.instances)}） · ${setup.spread.join('/')} · ${setup.pushes[0]}–${setup.pushes[1]}/${setup.flips}`,
    ),
    ...bare.map(
      (setup) =>
        `基线 ×${setup.consumers} 裸消费者 CPU-s/1000 条 ${((setup.cpu / setup.messages) * 1000).toFixed(3)} · 唤醒/条 ${(setup.wakeups / setup.messages).toFixed(2)}（每进程每秒 ${perSecond(setup.wakeups, setup.seconds, setup.consumers)}）`,
    ),
    ...(bare.length
      ? [
          `基线（同一负载下的裸 mqtt.js 消费者）x2/x1 ${bare2.toFixed(2)}，x3/x1 ${bare3.toFixed(2)}；实例扣除基线的增长后 x2/x1 ${netOf(2).toFixed(2)}，x3/x1 ${netOf(3).toFixed(2)}（≈ 1：集群未增加每条消息的协调开销）`,
        ]
      : []),
    `${ratio3 <= 1.25 ? '✓' : '✗'} 实例 CPU/消息 x2/x1 ${ratio2.toFixed(2)}，x3/x1 ${ratio3.toFixed(2)}（目标 x3/x1 ≤ 1.25）；结束时负载 ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  ];
  return { ratio2, ratio3, net2: netOf(2), net3: netOf(3), setups, bare, report };
}

function describe(setup: CpuSetup): string {
  const cores = (value: number) => (value / setup.seconds).toFixed(2);
  return `×${setup.instances}：${setup.messages} 条 / ${setup.seconds.toFixed(1)} s（其中状态变化 ${setup.flips}，各推送连接收到 ${setup.pushes[0]}–${setup.pushes[1]}），各实例写入 ${setup.spread.join('/')}；CPU 秒：实例 ${setup.cpu.instances.toFixed(2)}（${cores(setup.cpu.instances)} 核；各实例 ${setup.perInstance.map((value) => value.toFixed(2)).join('/')}）· PostgreSQL ${setup.cpu.postgres.toFixed(2)} · Mosquitto ${setup.cpu.mosquitto.toFixed(2)} · 负载进程 ${setup.cpu.load.toFixed(2)} · 其他进程 ${cores(setup.cpu.other)} 核；负载进程最多落后 ${setup.lateMs} ms`;
}
