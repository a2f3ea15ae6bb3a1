import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { namespaceSupport, startJanusInNamespace, type NamespaceJanus } from '../../server/testing/janusNamespace';
import { startServer } from './startServer';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Whether video rooms run (on a Janus in a network namespace, see server/testing/janusNamespace.ts). */
    videoRooms: boolean;
  }
}

/** The Janus npm test holds for the run (E2E_HELD_JANUS: the holder's JSON line), if any. */
function heldJanus(): { httpUrl: string; wsUrl: string; adminKey: string } | { skipped: string } | undefined {
  const line = process.env.E2E_HELD_JANUS;
  if (!line) return undefined;
  const held: unknown = JSON.parse(line);
  if (held && typeof held === 'object') {
    if ('httpUrl' in held && 'wsUrl' in held && 'adminKey' in held) {
      const { httpUrl, wsUrl, adminKey } = held;
      if (typeof httpUrl === 'string' && typeof wsUrl === 'string' && typeof adminKey === 'string') return { httpUrl, wsUrl, adminKey };
    }
    if ('skipped' in held && typeof held.skipped === 'string') return { skipped: held.skipped };
  }
  throw new Error(`E2E_HELD_JANUS 不是 Janus 守护进程给出的 JSON：${line}`);
}

/**
 * Janus for the video-room and intercom tests: in a network namespace of its own (Janus gathers no ICE
 * candidates on loopback), reached from Chromium on this machine through a veth pair. Skipped where
 * namespaces cannot be made, unless REQUIRE_JANUS=1 (CI).
 */
async function startJanus(): Promise<Pick<NamespaceJanus, 'httpUrl' | 'wsUrl' | 'adminKey' | 'stop'> | undefined> {
  // npm test holds one for the whole run (server/testing/holdJanusNamespace.ts): a veth pair made or removed
  // while another lane's Chromium runs fails that Chromium's requests (net::ERR_NETWORK_CHANGED).
  const held = heldJanus();
  if (held && 'httpUrl' in held) return { ...held, stop: async () => undefined };
  const why = held?.skipped ?? namespaceSupport();
  if (why && process.env.REQUIRE_JANUS === '1') throw new Error(`REQUIRE_JANUS=1，但无法在网络命名空间中运行 Janus：${why}`);
  if (why) {
    console.warn(`跳过视频会商与对讲的端到端测试：${why}`);
    return undefined;
  }
  return startJanusInNamespace();
}

/**
 * The one production build of a run. Both groups' global setups run in the same vitest process when
 * `npm run test:e2e` runs them together, each from its own module instance: the promise lives on
 * globalThis so the second waits for the first's build instead of writing dist/ at the same time.
 * npm test builds beside its checks and sets E2E_SKIP_BUILD for both group runs.
 */
const BUILD = Symbol.for('ops.e2e.build');
function buildOnce(): Promise<void> {
  const shared = globalThis as { [BUILD]?: Promise<void> };
  shared[BUILD] ??= Promise.resolve().then(() => {
    // Vitest sets NODE_ENV=test, which would give Vite a development React: test the build users get.
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  });
  return shared[BUILD];
}

export interface GroupOptions {
  /** Whether this group's files join video rooms: only then is Janus started. */
  videoRooms: boolean;
}

/** A group's global setup: the build (once), then one server serving it for every file of the group, with Janus if the group needs it. */
export function createGlobalSetup({ videoRooms }: GroupOptions) {
  return async function setup(project: TestProject): Promise<() => Promise<void>> {
    if (!process.env.E2E_SKIP_BUILD) await buildOnce();
    const janus = videoRooms ? await startJanus() : undefined;
    const rooms: Record<string, string> = janus
      ? { JANUS_URL: janus.httpUrl, JANUS_PUBLIC_URL: janus.wsUrl, JANUS_ADMIN_KEY: janus.adminKey }
      : { JANUS: '0' };
    // Short recording segments, so 录像回放 has several after a few seconds of watching. Field teams
    // (server/emergency/FieldWorkSimulator.ts) react to dispatched tasks and team work orders in 1.5 s.
    // The files sharing it show the seeded pages as a newcomer sees them (水情 trends from the seeded readings, …): the default week of history.
    const server = await startServer({
      RECORDING_SEGMENT_SECONDS: '2',
      FIELD_WORK: '1',
      FIELD_WORK_DELAY_MS: '1500',
      SEED_HISTORY_DAYS: '7',
      ...rooms,
    });
    project.provide('baseUrl', server.url);
    project.provide('videoRooms', Boolean(janus));
    return async () => {
      await server.stop();
      await janus?.stop();
    };
  };
}
