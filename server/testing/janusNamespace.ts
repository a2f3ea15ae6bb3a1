import { randomBytes, randomInt } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findJanus, JANUS_MISSING, startJanus, type RunningJanus } from '../janus/JanusProcess';

/**
 * Janus in a network namespace of its own, for tests that send media through it: Janus never gathers
 * ICE candidates on loopback, so on loopback alone a browser and Janus never connect. The namespace is
 * joined to the host by a veth pair on a random private /30 (10.233.x.y): Janus listens and gathers on
 * the namespace's end, the host's end is the address the host's browsers (Chromium) offer candidates on.
 * Only this machine's own test network: nothing reaches outside.
 */

export interface NamespaceJanusOptions {
  /** The janus program (default: findJanus()). */
  janus?: string;
  /** Janus's ports inside the namespace (default 8088 and 8188: the namespace is empty, nothing else listens there). */
  httpPort?: number;
  wsPort?: number;
  adminKey?: string;
  /** How long to wait for Janus's REST API (default 20 s). */
  timeoutMs?: number;
}

export interface NamespaceJanus {
  /** REST API on the namespace's address, reachable from the host through the veth pair. */
  httpUrl: string;
  /** WebSocket API, likewise (what a browser page on the host connects to). */
  wsUrl: string;
  /** The host's end of the veth pair: the address the host's ICE candidates toward Janus carry. */
  hostAddress: string;
  /** The namespace's end: where Janus listens and the address of its ICE candidates. */
  namespaceAddress: string;
  adminKey: string;
  /** The network namespace's name (ip netns exec <namespace> …). */
  namespace: string;
  /** What Janus logged. */
  output(): string;
  /** Stops Janus and removes the namespace and the veth pair (also done when the process exits). */
  stop(): Promise<void>;
}

const PREFIX = 'ops-janus-';
let counter = 0;
let support: string | undefined | null = null;

const ip = (...args: string[]) => spawnSync('ip', args, { encoding: 'utf8', timeout: 10_000 });
function run(...args: string[]): void {
  const result = ip(...args);
  if (result.error || result.status !== 0) throw new Error(`ip ${args.join(' ')} 失败：${result.error?.message ?? result.stderr.trim()}`);
}

/** Holds CAP_NET_ADMIN (bit 12 of the effective capabilities): what `ip netns add` and veth pairs need. */
function hasNetAdmin(): boolean {
  try {
    const line = readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('CapEff:'));
    return line !== undefined && (BigInt(`0x${line.split(/\s+/)[1]}`) & (1n << 12n)) !== 0n;
  } catch {
    return false;
  }
}

/** Undefined when Janus can run in a namespace here; else why not (in Chinese). */
export function namespaceSupport(): string | undefined {
  if (support !== null) return support;
  support = (() => {
    if (process.platform !== 'linux') return `网络命名空间只在 Linux 上可用（当前 ${process.platform}）`;
    if (!findJanus()) return JANUS_MISSING;
    const version = ip('-V');
    if (version.error || version.status !== 0) return '未找到 ip 命令（Debian：apt-get install iproute2）';
    if (!hasNetAdmin()) return '需要 root 或 CAP_NET_ADMIN 权限才能创建网络命名空间与 veth 网卡';
    // The real test: make and remove a namespace (a container may hold the capability and still refuse).
    const probe = `${PREFIX}${process.pid}-probe`;
    const added = ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    if (added.error || added.status !== 0) return `无法创建网络命名空间：${added.error?.message ?? added.stderr.trim()}`;
    return undefined;
  })();
  return support;
}

/** Namespaces and veths this process made, removed on exit even if a test forgot stop(). */
const live = new Map<string, { veth: string; janus?: RunningJanus }>();
let exitHook = false;
function cleanUp(namespace: string): void {
  const entry = live.get(namespace);
  if (!entry) return;
  live.delete(namespace);
  entry.janus?.kill();
  ip('netns', 'del', namespace);
  // Deleting the namespace destroys its end, and with it the pair; this is for a namespace that never got its end.
  ip('link', 'del', entry.veth);
}

/** Namespaces left by processes that are gone (killed before their exit hook ran). */
function removeStale(): void {
  for (const line of ip('netns', 'list').stdout.split('\n')) {
    const match = new RegExp(`^${PREFIX}(\\d+)-(\\d+)`).exec(line.trim());
    if (!match || Number(match[1]) === process.pid) continue;
    let alive = true;
    try {
      process.kill(Number(match[1]), 0);
    } catch {
      alive = false;
    }
    if (!alive) {
      ip('netns', 'del', `${PREFIX}${match[1]}-${match[2]}`);
      ip('link', 'del', `ojh${match[1]}x${match[2]}`);
    }
  }
}

/** A /30 of 10.233.0.0/16 no interface of the host uses yet: host end .1, namespace end .2 of it. */
function freeSubnet(): { hostAddress: string; namespaceAddress: string } {
  const used = ip('-4', '-o', 'addr', 'show').stdout;
  for (let attempt = 0; attempt < 50; attempt++) {
    const third = randomInt(0, 256);
    const base = randomInt(0, 64) * 4;
    const prefix = `10.233.${third}.`;
    if ([0, 1, 2, 3].some((offset) => used.includes(` ${prefix}${base + offset}/`))) continue;
    return { hostAddress: `${prefix}${base + 1}`, namespaceAddress: `${prefix}${base + 2}` };
  }
  throw new Error('没有空闲的 10.233.0.0/16 子网');
}

/** Starts Janus in a network namespace of its own (see the top of this file); throws with the reason when that is not possible. */
export async function startJanusInNamespace(options: NamespaceJanusOptions = {}): Promise<NamespaceJanus> {
  const unsupported = namespaceSupport();
  if (unsupported) throw new Error(unsupported);
  const janus = options.janus ?? findJanus()!;
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const namespace of [...live.keys()]) cleanUp(namespace);
    });
    removeStale();
  }
  const n = ++counter;
  const namespace = `${PREFIX}${process.pid}-${n}`;
  // Interface names: at most 15 characters.
  const hostVeth = `ojh${process.pid}x${n}`;
  const innerVeth = `ojn${process.pid}x${n}`;
  const { hostAddress, namespaceAddress } = freeSubnet();
  const folder = mkdtempSync(join(tmpdir(), 'ops-janus-ns-'));
  live.set(namespace, { veth: hostVeth });
  try {
    run('netns', 'add', namespace);
    run('link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', innerVeth);
    run('link', 'set', innerVeth, 'netns', namespace);
    run('addr', 'add', `${hostAddress}/30`, 'dev', hostVeth);
    run('link', 'set', hostVeth, 'up');
    run('-n', namespace, 'link', 'set', 'lo', 'up');
    run('-n', namespace, 'addr', 'add', `${namespaceAddress}/30`, 'dev', innerVeth);
    run('-n', namespace, 'link', 'set', innerVeth, 'up');
    // Back to the host's other addresses too (a browser may offer candidates on any of them).
    run('-n', namespace, 'route', 'add', 'default', 'via', hostAddress);
    const running = await startJanus(
      janus,
      {
        folder,
        httpPort: options.httpPort ?? 8088,
        wsPort: options.wsPort ?? 8188,
        adminKey: options.adminKey ?? randomBytes(18).toString('base64url'),
        interfaces: [namespaceAddress],
        ip: namespaceAddress,
      },
      options.timeoutMs ?? 20_000,
      ['ip', 'netns', 'exec', namespace],
    );
    live.get(namespace)!.janus = running;
    return {
      httpUrl: running.httpUrl,
      wsUrl: running.wsUrl,
      hostAddress,
      namespaceAddress,
      adminKey: running.adminKey,
      namespace,
      output: () => running.output(),
      stop: async () => {
        await running.stop();
        cleanUp(namespace);
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    cleanUp(namespace);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
