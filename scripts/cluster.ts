// The reference multi-instance deployment on this machine (README「多实例部署（参考）」):
//   npx tsx scripts/cluster.ts [--instances 2] [--port 8080] [--dir ./data/cluster]
// starts, on loopback ports, a PostgreSQL cluster, N server instances sharing it and nginx balancing
// them (deploy/nginx.conf.template: no stickiness, WebSocket upgrade for /api/push/ws), prints the
// URL and stops everything on Ctrl-C. Without --dir everything lives in a temporary directory.
// server/cluster/clusterPush.test.ts uses startCluster to kill an instance under load.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findPostgresBinDir, POSTGRES_MISSING, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATE = join(ROOT, 'deploy', 'nginx.conf.template');
const APP_DATABASE = 'city_ops';

/** Where Debian puts nginx (not always on PATH for non-root users); PATH first. */
export function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  return dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path));
}

export const NGINX_MISSING = '未找到 nginx，请安装（Debian：apt-get install nginx）';

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
}

export interface Instance {
  index: number;
  port: number;
  child: ChildProcess;
  /** What the instance printed, for failure messages. */
  output(): string;
}

export interface RunningCluster {
  /** nginx's address: the web app and /api. */
  url: string;
  dir: string;
  databaseUrl: string;
  instances: Instance[];
  /** Kills one instance the hard way (kill -9): no close frames, no clean disconnect. */
  kill(index: number): Promise<void>;
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

/** Starts one instance of the server and resolves once it listens. */
async function startInstance(index: number, options: { dir: string; databaseUrl: string; env: Record<string, string> }): Promise<Instance> {
  const port = await freePort();
  const dataDir = join(options.dir, `instance-${index + 1}`);
  mkdirSync(dataDir, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      STATIC_DIR: join(ROOT, 'dist'),
      // The client's address as nginx saw it counts for the login limits.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = { index, port, child, output: () => output };
  await new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`实例 ${index + 1} 没有在 60 秒内启动：${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('已启动')) {
        clearTimeout(timer);
        resolveStart();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`实例 ${index + 1} 退出（退出码 ${code}）：${output}`));
    });
  });
  return instance;
}

/** Writes nginx's configuration from the template and starts it in the foreground (a child process). */
async function startNginx(binary: string, prefix: string, port: number, upstreams: number[]): Promise<{ child: ChildProcess; output(): string }> {
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

/** Starts the whole deployment; on any failure whatever was started is stopped again. */
export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const say = options.say ?? ((line: string) => console.info(line));
  const nginx = findNginx();
  if (!nginx) throw new Error(NGINX_MISSING);
  const temporary = options.dir === undefined;
  const dir = resolve(options.dir ?? mkdtempSync(join(tmpdir(), 'ops-cluster-')));
  mkdirSync(dir, { recursive: true });
  // As root, PostgreSQL (postgres) and nginx's workers (nobody) must reach their subdirectories.
  if (process.getuid?.() === 0) chmodSync(dir, 0o711);
  const count = Math.max(1, options.instances ?? 2);
  let postgres: TestCluster | undefined;
  const instances: Instance[] = [];
  let proxy: { child: ChildProcess; output(): string } | undefined;

  const stop = async () => {
    if (proxy) await stopChild(proxy.child, 'SIGQUIT', 5000);
    await Promise.all(instances.map((instance) => stopChild(instance.child, 'SIGTERM', 10_000)));
    postgres?.stop();
    if (temporary) rmSync(dir, { recursive: true, force: true });
  };

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const binDir = findPostgresBinDir();
      if (!binDir) throw new Error(POSTGRES_MISSING);
      postgres = await startTestCluster(binDir, { dir: join(dir, 'postgres') });
      await ensureDatabase(postgres.adminUrl, APP_DATABASE);
      databaseUrl = postgres.urlOf(APP_DATABASE);
      say(`PostgreSQL 已启动：${databaseUrl}`);
    }
    if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
      say('未找到 dist/，正在构建前端…');
      const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('前端构建失败');
    }
    const env = options.env ?? {};
    // The first one migrates and seeds an empty database; the others start together after it.
    instances.push(await startInstance(0, { dir, databaseUrl, env }));
    instances.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, index) => startInstance(index + 1, { dir, databaseUrl, env })))));
    for (const instance of instances) say(`实例 ${instance.index + 1} 已启动：http://127.0.0.1:${instance.port}/`);
    const port = options.port ?? (await freePort());
    proxy = await startNginx(
      nginx,
      join(dir, 'nginx'),
      port,
      instances.map((instance) => instance.port),
    );
    const url = `http://127.0.0.1:${port}/`;
    return {
      url,
      dir,
      databaseUrl,
      instances,
      kill: async (index) => {
        const instance = instances[index];
        if (instance) await stopChild(instance.child, 'SIGKILL', 0);
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
  for (let index = 0; index < argv.length; index++) {
    const [name, value] = [argv[index], argv[index + 1]];
    if (name === '--instances' && value) options.instances = Number(value);
    else if (name === '--port' && value) options.port = Number(value);
    else if (name === '--dir' && value) options.dir = value;
    else throw new Error(`未知参数：${name}（可用：--instances N、--port 端口、--dir 目录）`);
    index++;
  }
  if (options.instances !== undefined && (!Number.isInteger(options.instances) || options.instances < 1 || options.instances > 16)) throw new Error('--instances 必须是 1 到 16 之间的整数');
  if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535)) throw new Error('--port 必须是 1 到 65535 之间的端口');
  return options;
}

async function main(): Promise<void> {
  const cluster = await startCluster(readArgs(process.argv.slice(2)));
  console.info(`\n多实例部署已就绪（${cluster.instances.length} 个实例，nginx 无粘性轮询）：${cluster.url}\n文件目录：${cluster.dir}\n按 Ctrl-C 停止全部进程。`);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.info('正在停止 nginx、各实例与 PostgreSQL…');
    void cluster.stop().then(() => console.info('已全部停止'));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (const instance of cluster.instances) {
    instance.child.once('exit', (code, signal) => {
      if (!stopping) console.warn(`实例 ${instance.index + 1} 已退出（${signal ?? code}），nginx 会把请求转给其余实例`);
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`多实例部署启动失败：${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
