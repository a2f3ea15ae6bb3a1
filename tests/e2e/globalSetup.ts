import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './startServer';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** Builds the web app once and serves it from the real server for every e2e file. */
export async function setup(project: TestProject): Promise<void> {
  // Vitest sets NODE_ENV=test, which would give Vite a development React: test the build users get.
  if (!process.env.E2E_SKIP_BUILD) execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  // Short recording segments, so 录像回放 has several after a few seconds of watching.
  server = await startServer({ RECORDING_SEGMENT_SECONDS: '2' });
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
