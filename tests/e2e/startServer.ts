import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The server process (benches read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

const STARTED_LINE = /已启动: (http:\/\/\S+)/;

export interface StartOptions {
  /** The project the server runs from (its plugins/, dist/ and server/): a copy of this one, say. Default: the current directory. */
  cwd?: string;
  /**
   * A data directory to use, e.g. one a stopped server left, to restart on the same database. It is
   * the caller's: `stop` leaves it. Default: a fresh one, removed on `stop`.
   */
  dataDir?: string;
}

/** Starts the real reference server (tsx server/main.ts) on a free port with a fresh SQLite file, without demo histories unless `env` asks. */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ops-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_DEV_ENDPOINT: '1',
      STATIC_DIR: 'dist',
      SIMULATOR: '0',
      FIELD_WORK: '0',
      // No demo histories unless a test asks (server/config.ts): they cost every start.
      SEED_HISTORY_DAYS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A seeded start beside two busy lanes on 2 cores has taken over a minute.
    const timer = setTimeout(() => reject(new Error(`服务器 120 秒内没有启动：\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = STARTED_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`服务器退出，代码 ${code}：\n${output}`));
    });
  });
  return {
    url,
    dataDir,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
