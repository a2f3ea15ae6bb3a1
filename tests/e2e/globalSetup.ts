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

/**
 * Janus for the video-room and intercom tests: in a network namespace of its own (Janus gathers no ICE
 * candidates on loopback), reached from Chromium on this machine through a veth pair. Skipped where
 * namespaces cannot be made, unless REQUIRE_JANUS=1 (CI).
 */
async function startJanus(): Promise<NamespaceJanus | undefined> {
  const why = namespaceSupport();
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
