import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { mosquittoConfig } from '../credentials';

/** Where Debian (and most systems) put the broker; PATH first. */
export function findMosquitto(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin', '/opt/homebrew/sbin'];
  return dirs.map((dir) => join(dir, 'mosquitto')).find((path) => existsSync(path));
}

/**
 * Whether the MQTT tests run: with mosquitto installed, or required (REQUIRE_MQTT=1, as .ci/run sets):
 * then a missing broker fails the suite instead of skipping it.
 */
export function mosquittoAvailability(): { run: boolean; note: string } {
  const binary = findMosquitto();
  if (binary) return { run: true, note: '' };
  if (process.env.REQUIRE_MQTT === '1') return { run: true, note: '' };
  const note = '未安装 mosquitto（Debian：apt-get install mosquitto），已跳过 MQTT 测试；设置 REQUIRE_MQTT=1 时缺少它会让测试失败';
  console.warn(note);
  return { run: false, note };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningBroker {
  port: number;
  url: string;
  /** What the broker printed (its log), for failure messages. */
  output(): string;
  /** Rereads the password and ACL files (SIGHUP). */
  reload(): void;
  stop(): Promise<void>;
}

/** Starts mosquitto on a loopback port with these password and ACL files; resolves once it accepts connections. */
/** With `persistenceDir`, sessions and queued messages survive a stop and a start on the same port (a broker restart). */
export async function startMosquitto(options: {
  dir: string;
  passwordFile: string;
  aclFile: string;
  port?: number;
  persistenceDir?: string;
}): Promise<RunningBroker> {
  const binary = findMosquitto();
  if (!binary) throw new Error('找不到 mosquitto：请安装它（Debian：apt-get install mosquitto），或不设 REQUIRE_MQTT=1 以跳过 MQTT 测试');
  const port = options.port ?? (await freePort());
  const configFile = join(options.dir, `mosquitto-${port}.conf`);
  // As root, mosquitto would switch to the user "mosquitto", who cannot read the test's files.
  writeFileSync(
    configFile,
    `${mosquittoConfig({ host: '127.0.0.1', port, passwordFile: options.passwordFile, aclFile: options.aclFile, ...(options.persistenceDir ? { persistenceDir: options.persistenceDir } : {}), ...(process.getuid?.() === 0 ? { runAsUser: 'root' } : {}) })}log_dest stdout\nlog_type error\nlog_type warning\nlog_type notice\nlog_type information\n`,
  );
  let output = '';
  const child: ChildProcess = spawn(binary, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test process that ends without stopping it leaves no broker behind.
  const killOnExit = () => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto 启动失败：\n${output}`);
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`mosquitto 未在 10 秒内开始监听端口 ${port}：\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    output: () => output,
    reload: () => void child.kill('SIGHUP'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
