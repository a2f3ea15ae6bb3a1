import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a Janus of ours listens (loopback unless told otherwise) and the secret it creates rooms with. */
export interface JanusEndpoints {
  /** REST API, e.g. http://127.0.0.1:8088/janus (the server's own room administration uses it). */
  httpUrl: string;
  /** WebSocket API, e.g. ws://127.0.0.1:8188 (what browsers use, through the runtime configuration). */
  wsUrl: string;
  /** The videoroom plugin's admin_key: only the server creates rooms; never sent to a browser. */
  adminKey: string;
}

export const JANUS_MISSING = '未找到 janus（Debian：apt-get install janus）：视频会商与对讲不可用，其余功能照常';

/** Debian's janus, or JANUS_PATH. */
export function findJanus(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.JANUS_PATH?.trim() || (existsSync('/usr/bin/janus') ? '/usr/bin/janus' : 'janus');
  // janus -V prints its version and exits 1; a missing program fails to spawn.
  const probe = spawnSync(candidate, ['-V'], { encoding: 'utf8', timeout: 10_000 });
  return !probe.error && /Janus version/.test(`${probe.stdout}${probe.stderr}`) ? candidate : undefined;
}

/** The folder Debian's package puts plugins and transports in (multiarch), or undefined. */
function libraryFolder(): string | undefined {
  for (const base of ['/usr/lib/x86_64-linux-gnu/janus', '/usr/lib/aarch64-linux-gnu/janus', '/usr/lib/janus', '/usr/local/lib/janus'])
    if (existsSync(join(base, 'plugins'))) return base;
  return undefined;
}

export interface JanusConfigOptions {
  folder: string;
  httpPort: number;
  wsPort: number;
  adminKey: string;
  /** Host addresses to gather ICE candidates on (default: all but loopback, as Janus does). */
  interfaces?: string[];
  /** The address the HTTP and WebSocket transports listen on (default 127.0.0.1; a network namespace's own address in media tests). */
  ip?: string;
}

/**
 * A configuration of our own (never /etc/janus): only the videoroom plugin and the HTTP and WebSocket
 * transports, on loopback; no STUN, mDNS candidates ignored, no sample rooms; room creation needs the
 * admin key. Janus reads it with `janus -F <folder> -C <folder>/janus.jcfg`.
 */
export function writeJanusConfig({ folder, httpPort, wsPort, adminKey, interfaces, ip = '127.0.0.1' }: JanusConfigOptions): void {
  mkdirSync(folder, { recursive: true });
  const library = libraryFolder();
  const plugins = library ? join(library, 'plugins') : '/usr/lib/janus/plugins';
  const transports = library ? join(library, 'transports') : '/usr/lib/janus/transports';
  const unwanted = (dir: string, keep: string[]) => {
    try {
      return spawnSync('ls', [dir], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((name) => /^libjanus_\w+\.so$/.test(name) && !keep.includes(name))
        .join(',');
    } catch {
      return '';
    }
  };
  const quote = (value: string) => `"${value.replace(/["\\]/g, '')}"`;
  writeFileSync(
    join(folder, 'janus.jcfg'),
    `general: {
  configs_folder = ${quote(folder)}
  plugins_folder = ${quote(plugins)}
  transports_folder = ${quote(transports)}
  events_folder = ${quote(join(library ?? '/usr/lib/janus', 'events'))}
  loggers_folder = ${quote(join(library ?? '/usr/lib/janus', 'loggers'))}
  log_to_stdout = true
  debug_level = 3
  session_timeout = 60
  reclaim_session_timeout = 0
  hide_dependencies = true
}
media: {
  rtp_port_range = "20000-40000"
}
nat: {
  ignore_mdns = true
  nice_debug = false
  ${interfaces?.length ? `interface = ${quote(interfaces.join(','))}` : ''}
}
plugins: {
  disable = ${quote(unwanted(plugins, ['libjanus_videoroom.so']))}
}
transports: {
  disable = ${quote(unwanted(transports, ['libjanus_http.so', 'libjanus_websockets.so']))}
}
events: {
  broadcast = false
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
`,
  );
  writeFileSync(
    join(folder, 'janus.transport.http.jcfg'),
    `general: {
  json = "indented"
  base_path = "/janus"
  http = true
  port = ${httpPort}
  ip = ${quote(ip)}
  https = false
}
admin: {
  admin_http = false
}
cors: {
}
`,
  );
  writeFileSync(
    join(folder, 'janus.transport.websockets.jcfg'),
    `general: {
  json = "indented"
  ws = true
  ws_port = ${wsPort}
  ws_ip = ${quote(ip)}
  wss = false
}
admin: {
  admin_ws = false
}
`,
  );
  // No sample rooms; creating one needs the admin key, which only the server holds.
  writeFileSync(
    join(folder, 'janus.plugin.videoroom.jcfg'),
    `general: {\n  admin_key = ${quote(adminKey)}\n  lock_rtp_forward = true\n}\n`,
  );
}

/** A running Janus of ours: its endpoints, what it logged, and how to stop it. */
export interface RunningJanus extends JanusEndpoints {
  output(): string;
  stop(): Promise<void>;
  /** Kills it at once (for a process 'exit' handler, where nothing asynchronous runs). */
  kill(): void;
}

/**
 * Starts Janus with a configuration of its own in `folder` and waits until its REST API answers.
 * `launcher` runs it through another program (e.g. `ip netns exec <name>`, which execs Janus in place,
 * so stopping the child stops Janus).
 */
export async function startJanus(
  janus: string,
  options: JanusConfigOptions,
  timeoutMs = 20_000,
  launcher: string[] = [],
): Promise<RunningJanus> {
  writeJanusConfig(options);
  const args = ['-F', options.folder, '-C', join(options.folder, 'janus.jcfg')];
  const child: ChildProcess = launcher.length
    ? spawn(launcher[0]!, [...launcher.slice(1), janus, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(janus, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const host = (options.ip ?? '127.0.0.1').includes(':') ? `[${options.ip}]` : (options.ip ?? '127.0.0.1');
  const httpUrl = `http://${host}:${options.httpPort}/janus`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(`janus 启动失败：\n${output.slice(-3000)}`);
    try {
      const reply = (await (await fetch(`${httpUrl}/info`)).json()) as { janus?: string };
      if (reply.janus === 'server_info') break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`janus ${timeoutMs / 1000} 秒内没有就绪：\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    httpUrl,
    wsUrl: `ws://${host}:${options.wsPort}`,
    adminKey: options.adminKey,
    output: () => output,
    kill: () => {
      if (!exited) child.kill('SIGKILL');
    },
    stop: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}
