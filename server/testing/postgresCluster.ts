import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The superuser of the test cluster (trust authentication on loopback, no password). */
export const TEST_CLUSTER_USER = 'ops';

/** Where Debian puts PostgreSQL's server programs (not on PATH): /usr/lib/postgresql/<version>/bin, newest first; POSTGRES_BIN_DIR overrides. */
export function findPostgresBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const hasPrograms = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every((program) => existsSync(join(dir, program)));
  if (env.POSTGRES_BIN_DIR) return hasPrograms(env.POSTGRES_BIN_DIR) ? env.POSTGRES_BIN_DIR : undefined;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.map((version) => join(root, version, 'bin')).find(hasPrograms);
}

export const POSTGRES_MISSING =
  '未找到 PostgreSQL 服务端程序（initdb、pg_ctl），请安装 postgresql（Debian：apt-get install postgresql）或用 POSTGRES_BIN_DIR 指明其 bin 目录';

export interface TestCluster {
  /** The maintenance database `postgres` of the cluster, as its superuser. */
  adminUrl: string;
  /** The URL of another database of the cluster. */
  urlOf(database: string): string;
  /** Stops the server at once and removes its data directory; safe to call twice. */
  stop(): void;
  /**
   * Stops the server and starts it again on the same port (fault tests): `immediate` is a crash (no
   * shutdown checkpoint, clients cut at once), `fast` a clean restart that still cuts every connection.
   */
  restart(mode: 'fast' | 'immediate', downMs?: number): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: then its programs run as the `postgres` account, which owns the directory. */
function runAsOwner(): { wrap(program: string, args: string[]): [string, string[]]; chown(path: string): void } {
  if (process.getuid?.() !== 0) return { wrap: (program, args) => [program, args], chown: () => undefined };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('以 root 运行测试时需要系统账户 postgres（安装 postgresql 时创建）来启动临时数据库');
  }
  return { wrap: (program, args) => ['runuser', ['-u', 'postgres', '--', program, ...args]], chown: (path) => chownSync(path, uid, gid) };
}

/**
 * A throwaway PostgreSQL cluster for one test run: a temporary data directory, a free loopback port,
 * fsync off (unless `durable`), trust authentication. Started in about a second; `stop()` removes every trace.
 * With `dir` (the reference deployment, scripts/cluster.ts): the cluster lives in that directory, is
 * reused when it exists, runs with fsync, and `stop()` keeps its files.
 */
export async function startTestCluster(binDir: string, options: { dir?: string; durable?: boolean } = {}): Promise<TestCluster> {
  const owner = runAsOwner();
  const kept = options.dir !== undefined;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'ops-pg-'));
  mkdirSync(dir, { recursive: true });
  owner.chown(dir);
  const dataDir = join(dir, 'data');
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = owner.wrap(join(binDir, program), args);
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${program} 失败：${result.stderr || result.stdout || result.error?.message}`);
  };
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      const [command, args] = owner.wrap(join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      spawnSync(command, args, { stdio: 'ignore', cwd: dir });
    }
    if (!kept) rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (!existsSync(join(dataDir, 'PG_VERSION')))
      run('initdb', ['-D', dataDir, '-A', 'trust', '-U', TEST_CLUSTER_USER, '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    // A port found free can be taken before the server binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      // Tests trade durability for speed, except crash tests (`durable`): a commit must survive the crash.
      const speed = kept || options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
      const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${speed} -c max_connections=300`;
      const start = () => run('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
      try {
        start();
        started = true;
        const base = `postgres://${TEST_CLUSTER_USER}@127.0.0.1:${port}`;
        // Asynchronous, so the servers of the test process go on working (and failing) while it is down.
        const runAsync = (program: string, args: string[]) =>
          new Promise<void>((resolve, reject) => {
            const [command, commandArgs] = owner.wrap(join(binDir, program), args);
            execFile(command, commandArgs, { cwd: dir }, (error, stdout, stderr) =>
              error ? reject(new Error(`${program} 失败：${stderr || stdout || error.message}`)) : resolve(),
            );
          });
        const restart = async (mode: 'fast' | 'immediate', downMs = 0) => {
          await runAsync('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
          await new Promise((resolve) => setTimeout(resolve, downMs));
          await runAsync('pg_ctl', ['-D', dataDir, '-o', serverOptions, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
        };
        return { adminUrl: `${base}/postgres`, urlOf: (database) => `${base}/${database}`, stop, restart };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
}
