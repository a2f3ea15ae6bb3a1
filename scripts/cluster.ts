// The reference multi-instance deployment on this machine (README「多实例部署（参考）」):
//   npx tsx scripts/cluster.ts [--instances 2] [--port 8080] [--dir ./data/cluster] [--mqtt-devices] [--no-mqtt]
// starts, on loopback ports, a PostgreSQL cluster, N server instances sharing it and nginx balancing
// them (deploy/nginx.conf.template: no stickiness, WebSocket upgrade for /api/push/ws), prints the
// URL and stops everything on Ctrl-C. Without --dir everything lives in a temporary directory.
// When Mosquitto is installed it also starts one on a loopback port: every instance gets MQTT_URL and
// one shared MQTT_SECRET_FILE (so all derive the same device and server passwords) and the instances
// split the devices' uplinks through the broker's shared subscriptions; --mqtt-devices adds the
// simulated fleet as MQTT devices (scripts/mqttDevices.ts) in a process of its own.
// server/cluster/clusterPush.test.ts uses startCluster to kill an instance under load; bench/scale.ts
// uses it (without nginx, one instance on SQLite too) to measure ingest and push on 1 to 3 instances.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_SERVER_USERNAME, loadSecret, serverPassword, writeBrokerFiles } from '../server/mqtt/credentials';
import { findMosquitto, startMosquitto, type RunningBroker } from '../server/mqtt/testing/mosquitto';
import { findPostgresBinDir, POSTGRES_MISSING, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';
import { errorMessage } from '../contracts/errorMessage';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = join(ROOT, 'deploy', 'nginx.conf.template');
const APP_DATABASE = 'city_ops';

/** Where Debian puts nginx (not always on PATH for non-root users); PATH first. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  return dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path));
}

export const NGINX_MISSING = '未找到 nginx，请安装（Debian：apt-get install nginx）';
export const MOSQUITTO_MISSING = '未找到 mosquitto（Debian：apt-get install mosquitto）：本次不使用 MQTT，设备由主节点上的进程内模拟器驱动';

export interface ClusterOptions {
  /** Server instances behind nginx (default 2). */
  instances?: number;
  /** nginx's loopback port (default: a free one). */
  port?: number;
  /** Where everything lives; default a temporary directory removed on stop. */
  dir?: string;
  /** An existing database to use instead of starting a PostgreSQL cluster (tests). */
  databaseUrl?: string;
  /** Extra environment of every instance (SIMULATOR=0, SMS_DEV_ENDPOINT=1 …). */
  env?: Record<string, string>;
  /** Where progress lines go (default: the console). */
  say?: (line: string) => void;
  /**
   * Devices over MQTT through a Mosquitto started here on a loopback port (default: when mosquitto is
   * installed and `env` names no MQTT_URL of its own). `true` without mosquitto fails.
   */
  mqtt?: boolean;
  /** The simulated fleet as MQTT devices, in a process of its own (scripts/mqttDevices.ts); needs the broker. */
  mqttDevices?: boolean;
  /** `sqlite`: the single instance (instances must be 1) uses its own SQLite file, no PostgreSQL (benchmarks compare both). */
  database?: 'postgres' | 'sqlite';
  /** nginx in front (default true); without it `url` is the first instance's. */
  proxy?: boolean;
  /** Extra arguments for node before server/main.ts in every instance (a benchmark's `--import` probe). */
  nodeArgs?: string[];
  /** Every instance serves GET /metrics on a loopback port of its own (METRICS_PORT), kept across restarts. */
  metrics?: boolean;
}

/** The cluster's broker: what a load generator or the device fleet needs to connect. */
export interface ClusterBroker {
  url: string;
  port: number;
  /** The secret all instances derive device and server passwords from (MQTT_SECRET_FILE). */
  secretFile: string;
  /** The password and ACL files the broker reads (the first instance's, written at its start). */
  passwordFile: string;
  aclFile: string;
  /** What the broker logged. */
  output(): string;
  /** Makes the broker reread the password and ACL files (after devices were added and an instance restarted). */
  reload(): void;
}

export interface Instance {
  index: number;
  port: number;
  /** With `metrics`: its METRICS_PORT. */
  metricsPort: number | undefined;
  child: ChildProcess;
  /** What the instance printed, for failure messages. */
  output(): string;
}

export interface RunningCluster {
  /** nginx's address: the web app and /api (without nginx: the first instance's). */
  url: string;
  dir: string;
  /** The shared PostgreSQL database; undefined with `database: 'sqlite'`. */
  databaseUrl: string | undefined;
  /** With `database: 'sqlite'`: the instance's SQLite file. */
  sqliteFile: string | undefined;
  instances: Instance[];
  /** The Mosquitto every instance speaks to; undefined when MQTT is not used. */
  mqtt: ClusterBroker | undefined;
  /** The simulated MQTT fleet's process (`mqttDevices`). */
  devices: { child: ChildProcess; output(): string } | undefined;
  /** Kills one instance the hard way (kill -9): no close frames, no clean disconnect. */
  kill(index: number): Promise<void>;
  /** Stops one instance as a deploy does (SIGTERM: it drains); resolves with its exit code. */
  terminate(index: number): Promise<number | null>;
  /** Starts a stopped instance again on its port and data directory (a rolling restart's second half). */
  restart(index: number): Promise<Instance>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const instanceDir = (dir: string, index: number) => join(dir, `instance-${index + 1}`);

/** Starts one instance of the server (on `at`'s ports when given: a restart) and resolves once it listens. */
async function startInstance(
  index: number,
  options: { dir: string; databaseUrl: string | undefined; env: Record<string, string>; nodeArgs: string[]; metrics?: boolean },
  at?: Pick<Instance, 'port' | 'metricsPort'>,
): Promise<Instance> {
  const port = at?.port ?? (await freePort());
  const metricsPort = at ? at.metricsPort : options.metrics ? await freePort() : undefined;
  const dataDir = instanceDir(options.dir, index);
  mkdirSync(dataDir, { recursive: true });
  const environment: NodeJS.ProcessEnv = { ...process.env };
  // On SQLite, a DATABASE_URL of the calling shell must not point the instance elsewhere.
  delete environment.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', ...options.nodeArgs, 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...environment,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      STATIC_DIR: join(ROOT, 'dist'),
      // The client's address as nginx saw it counts for the login limits.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = untilPrinted(child, '已启动', 60_000, `实例 ${index + 1} 没有在 60 秒内启动`, `实例 ${index + 1} 退出`);
  const instance: Instance = { index, port, metricsPort, child, output: printed.output };
  await printed.done;
  return instance;
}

/** Writes nginx's configuration from the template and starts it in the foreground (a child process). */
async function startNginx(
  binary: string,
  prefix: string,
  port: number,
  upstreams: number[],
): Promise<{ child: ChildProcess; output(): string }> {
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  // As root, nginx's workers run as nobody: they need their temporary directories.
  let user = '';
  if (process.getuid?.() === 0) {
    user = 'user nobody nogroup;';
    chownSync(join(prefix, 'temp'), 65534, 65534);
  }
  const config = readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{USER}}', user)
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll('{{UPSTREAMS}}', upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=3s;`).join('\n'));
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  const test = spawnSync(binary, ['-p', prefix, '-c', configFile, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx 配置有误：${test.stderr}`);
  let output = '';
  const child = spawn(binary, ['-p', prefix, '-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx 没有启动：${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/app-config.json`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`nginx 没有在 10 秒内就绪：${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return { child, output: () => output };
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** What an instance logs when the broker refuses it or cannot be reached (README "MQTT"). */
const MQTT_TROUBLE = /无法连接 MQTT 代理[^\n]*|MQTT 订阅失败[^\n]*/;

/**
 * Starts Mosquitto for the cluster. It reads the first instance's password and ACL files: that instance
 * writes them at its start for every device of the database (MqttDeviceGateway.start); every instance
 * writes the same ones, since all derive the passwords from the one shared secret. Until the first
 * instance has started they hold the server's account only, so it connects at once; then the broker
 * rereads them (SIGHUP).
 */
async function startClusterBroker(
  dir: string,
  env: Record<string, string>,
): Promise<{ broker: RunningBroker; info: Omit<ClusterBroker, 'output' | 'reload'> }> {
  const secretFile = join(dir, 'mqtt-secret');
  const secret = loadSecret(dir, { create: true, secretFile });
  const username = env.MQTT_USERNAME?.trim() || DEFAULT_SERVER_USERNAME;
  const password = env.MQTT_PASSWORD || serverPassword(secret, username);
  const port = await freePort();
  const files = writeBrokerFiles(instanceDir(dir, 0), { server: { username, password }, devices: [], secret }, { host: '127.0.0.1', port });
  const brokerDir = join(dir, 'mosquitto');
  mkdirSync(brokerDir, { recursive: true });
  const broker = await startMosquitto({ dir: brokerDir, passwordFile: files.passwordFile, aclFile: files.aclFile, port });
  return { broker, info: { url: broker.url, port: broker.port, secretFile, passwordFile: files.passwordFile, aclFile: files.aclFile } };
}

/** The simulated fleet as MQTT devices (scripts/mqttDevices.ts), reading the database through the first instance's settings. */
async function startDeviceFleet(options: {
  dir: string;
  databaseUrl: string | undefined;
  env: Record<string, string>;
}): Promise<{ child: ChildProcess; output(): string }> {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...options.env, DATA_DIR: instanceDir(options.dir, 0), SIMULATOR: '1' };
  delete environment.DATABASE_URL;
  if (options.databaseUrl) environment.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mqttDevices.ts'], {
    cwd: ROOT,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = untilPrinted(child, '模拟设备已连接 MQTT 代理', 120_000, '模拟设备没有在 120 秒内连上 MQTT 代理', '模拟设备进程退出');
  await printed.done;
  return { child, output: printed.output };
}

/**
 * Collects a child's output and resolves `done` once it prints `marker`; rejects, with what it printed,
 * when it does not within `timeoutMs` or exits first.
 */
function untilPrinted(
  child: ChildProcess,
  marker: string,
  timeoutMs: number,
  timedOut: string,
  exited: string,
): { done: Promise<void>; output(): string } {
  let output = '';
  const done = new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${timedOut}：${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(marker)) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${exited}（退出码 ${code}）：${output}`));
    });
  });
  return { done, output: () => output };
}

/** Starts the whole deployment; on any failure whatever was started is stopped again. */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const say = options.say ?? ((line: string) => console.info(line));
  const sqlite = options.database === 'sqlite';
  const count = Math.max(1, options.instances ?? (sqlite ? 1 : 2));
  if (sqlite && count !== 1) throw new Error('SQLite 只能由一个实例使用（instances: 1）；多个实例请用 PostgreSQL');
  if (sqlite && options.databaseUrl) throw new Error('database: sqlite 与 databaseUrl 不能同时指定');
  const withProxy = options.proxy ?? true;
  const nginx = withProxy ? findNginx() : undefined;
  if (withProxy && !nginx) throw new Error(NGINX_MISSING);
  const env: Record<string, string> = { ...(options.env ?? {}) };
  // A broker of the caller's own (MQTT_URL in env) is used as it is; otherwise one is started here when installed.
  const ownBroker = env.MQTT_URL === undefined && (options.mqtt ?? findMosquitto() !== undefined);
  if (ownBroker && !findMosquitto()) throw new Error('未找到 mosquitto，无法启动 MQTT 代理（Debian：apt-get install mosquitto）');
  if (options.mqttDevices && !ownBroker)
    throw new Error('模拟 MQTT 设备需要本脚本启动的 MQTT 代理（需安装 mosquitto，且不能与 --no-mqtt 或自带的 MQTT_URL 同用）');
  const temporary = options.dir === undefined;
  const dir = resolve(options.dir ?? mkdtempSync(join(tmpdir(), 'ops-cluster-')));
  mkdirSync(dir, { recursive: true });
  // As root, PostgreSQL (postgres) and nginx's workers (nobody) must reach their subdirectories.
  if (process.getuid?.() === 0) chmodSync(dir, 0o711);
  let postgres: TestCluster | undefined;
  const instances: Instance[] = [];
  let proxy: { child: ChildProcess; output(): string } | undefined;
  let broker: RunningBroker | undefined;
  let devices: { child: ChildProcess; output(): string } | undefined;

  const stop = async () => {
    if (proxy) await stopChild(proxy.child, 'SIGQUIT', 5000);
    if (devices) await stopChild(devices.child, 'SIGTERM', 5000);
    await Promise.all(instances.map((instance) => stopChild(instance.child, 'SIGTERM', 10_000)));
    await broker?.stop();
    postgres?.stop();
    if (temporary) rmSync(dir, { recursive: true, force: true });
  };

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl && !sqlite) {
      const binDir = findPostgresBinDir();
      if (!binDir) throw new Error(POSTGRES_MISSING);
      postgres = await startTestCluster(binDir, { dir: join(dir, 'postgres') });
      await ensureDatabase(postgres.adminUrl, APP_DATABASE);
      databaseUrl = postgres.urlOf(APP_DATABASE);
      say(`PostgreSQL 已启动：${databaseUrl}`);
    }
    if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
      say('未找到 dist/，正在构建前端…');
      const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (build.status !== 0) throw new Error('前端构建失败');
    }
    let brokerInfo: Omit<ClusterBroker, 'output' | 'reload'> | undefined;
    if (ownBroker) {
      const started = await startClusterBroker(dir, env);
      broker = started.broker;
      brokerInfo = started.info;
      env.MQTT_URL = broker.url;
      env.MQTT_SECRET_FILE = brokerInfo.secretFile;
      say(`MQTT 代理（mosquitto）已启动：${broker.url}；各实例共用凭据密钥 ${brokerInfo.secretFile}`);
    } else if (env.MQTT_URL) say(`各实例连接调用方指定的 MQTT 代理：${env.MQTT_URL}`);
    else say(options.mqtt === false ? '未使用 MQTT（--no-mqtt）：设备由主节点上的进程内模拟器驱动' : MOSQUITTO_MISSING);
    const nodeArgs = options.nodeArgs ?? [];
    const started = { dir, databaseUrl, env, nodeArgs, metrics: options.metrics === true };
    // The first one migrates and seeds an empty database; the others start together after it.
    instances.push(await startInstance(0, started));
    // It has written the broker's files for every device: the broker rereads them.
    broker?.reload();
    instances.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, index) => startInstance(index + 1, started)))));
    for (const instance of instances) say(`实例 ${instance.index + 1} 已启动：http://127.0.0.1:${instance.port}/`);
    if (broker) {
      // Every instance connects (and subscribes) right after it starts; a refused account shows within a moment.
      await new Promise((resolveWait) => setTimeout(resolveWait, 500));
      for (const instance of instances) {
        const trouble = MQTT_TROUBLE.exec(instance.output());
        if (trouble) throw new Error(`实例 ${instance.index + 1} 未能连接 MQTT 代理：${trouble[0]}`);
      }
      say(`${count} 个实例连接 MQTT 代理 ${broker.url}，经共享订阅分担设备上报`);
      if (options.mqttDevices) {
        devices = await startDeviceFleet({ dir, databaseUrl, env });
        say(`模拟设备已经 MQTT 接入：${/模拟设备已连接 MQTT 代理：([^\n]*)/.exec(devices.output())?.[1] ?? ''}`);
      } else say('设备经 MQTT 接入时各实例不运行进程内模拟器；加 --mqtt-devices 可启动模拟设备');
    }
    let url = `http://127.0.0.1:${instances[0]!.port}/`;
    if (nginx) {
      const port = options.port ?? (await freePort());
      proxy = await startNginx(
        nginx,
        join(dir, 'nginx'),
        port,
        instances.map((instance) => instance.port),
      );
      url = `http://127.0.0.1:${port}/`;
    }
    const running = broker;
    return {
      url,
      dir,
      databaseUrl,
      sqliteFile: sqlite ? join(instanceDir(dir, 0), 'dashboard.sqlite') : undefined,
      instances,
      mqtt: running && brokerInfo ? { ...brokerInfo, output: () => running.output(), reload: () => running.reload() } : undefined,
      devices,
      kill: async (index) => {
        const instance = instances[index];
        if (instance) await stopChild(instance.child, 'SIGKILL', 0);
      },
      terminate: async (index) => {
        const instance = instances[index];
        if (!instance) throw new Error(`没有实例 ${index + 1}`);
        await stopChild(instance.child, 'SIGTERM', 30_000);
        return instance.child.exitCode;
      },
      restart: async (index) => {
        const instance = instances[index];
        if (!instance) throw new Error(`没有实例 ${index + 1}`);
        if (instance.child.exitCode === null && instance.child.signalCode === null) throw new Error(`实例 ${index + 1} 仍在运行`);
        const again = await startInstance(index, started, instance);
        instances[index] = again;
        return again;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function readArgs(argv: string[]): ClusterOptions {
  const options: ClusterOptions = {};
  const usage = '可用：--instances N、--port 端口、--dir 目录、--mqtt-devices、--no-mqtt';
  for (let index = 0; index < argv.length; index++) {
    const name = argv[index];
    if (name === '--mqtt-devices') {
      options.mqttDevices = true;
      continue;
    }
    if (name === '--no-mqtt') {
      options.mqtt = false;
      continue;
    }
    const value = argv[index + 1];
    if (name === '--instances' && value) options.instances = Number(value);
    else if (name === '--port' && value) options.port = Number(value);
    else if (name === '--dir' && value) options.dir = value;
    else throw new Error(`未知参数：${name}（${usage}）`);
    index++;
  }
  if (options.instances !== undefined && (!Number.isInteger(options.instances) || options.instances < 1 || options.instances > 16))
    throw new Error('--instances 必须是 1 到 16 之间的整数');
  if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535))
    throw new Error('--port 必须是 1 到 65535 之间的端口');
  if (options.mqttDevices && options.mqtt === false) throw new Error('--mqtt-devices 与 --no-mqtt 不能同时使用');
  return options;
}

async function main(): Promise<void> {
  const cluster = await startCluster(readArgs(process.argv.slice(2)));
  const mqtt = cluster.mqtt
    ? `\nMQTT 代理：${cluster.mqtt.url}（凭据密钥 ${cluster.mqtt.secretFile}，账号与权限文件 ${cluster.mqtt.passwordFile}、${cluster.mqtt.aclFile}）`
    : '';
  console.info(
    `\n多实例部署已就绪（${cluster.instances.length} 个实例，nginx 无粘性轮询）：${cluster.url}${mqtt}\n文件目录：${cluster.dir}\n按 Ctrl-C 停止全部进程。`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.info(`正在停止 nginx、${cluster.devices ? '模拟设备、' : ''}各实例、${cluster.mqtt ? 'MQTT 代理、' : ''}PostgreSQL…`);
    void cluster.stop().then(() => console.info('已全部停止'));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const instance of cluster.instances) {
    instance.child.once('exit', (code, signal) => {
      if (!stopping) console.warn(`实例 ${instance.index + 1} 已退出（${signal ?? code}），nginx 会把请求转给其余实例`);
    });
  }
  cluster.devices?.child.once('exit', (code, signal) => {
    if (!stopping) console.warn(`模拟设备进程已退出（${signal ?? code}）：${cluster.devices?.output().slice(-500) ?? ''}`);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`多实例部署启动失败：${errorMessage(error)}`);
    process.exitCode = 1;
  });
}
