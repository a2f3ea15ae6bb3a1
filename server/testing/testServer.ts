import { afterEach, beforeAll, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SmsProvider } from '../auth/SmsProvider';
import { createServer } from '../createServer';
import type { ServerConfig } from '../config';
import { databaseKey, testDataRemoved } from './testDatabases';
import { seededDatabaseFor, startOnSeededCopy, TEST_CLOCK_START } from './seededDatabases';

/**
 * A server on a fresh SQLite file (in project server-pg a fresh PostgreSQL database, see
 * postgresTestSetup.ts), a clock the test moves, and the SMS codes it "sent". Another server given the
 * same `dataDir` reaches the same data on either database. The fresh database is a copy of one seeded
 * once per test file (seededDatabases.ts), unless the overrides choose the database or the clock. It
 * has no demo histories (seedHistoryDays 0: they cost every start); a test of them asks for them.
 */
export async function testServer(overrides: Partial<ServerConfig> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-server-test-'));
  let now = TEST_CLOCK_START;
  await startOnSeededCopy(overrides, dataDir);
  const sent: { phone: string; code: string }[] = [];
  const smsProvider: SmsProvider = { send: async (phone, code) => void sent.push({ phone, code }) };
  const app: FastifyInstance = await createServer({ dataDir, clock: () => now, smsProvider, seedHistoryDays: 0, ...overrides });
  const api = async (
    method: 'GET' | 'POST',
    url: string,
    options: {
      token?: string;
      body?: Record<string, unknown>;
      json?: boolean;
      headers?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.body) {
      if (options.json) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(options.body);
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(Object.entries(options.body).map(([key, value]) => [key, String(value)])).toString();
      }
    }
    const response = await app.inject({
      method,
      url: `/api${url}`,
      headers,
      payload,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    expectNoStack(response.body);
    return {
      status: response.statusCode,
      body: response.json() as { code: number; msg: string; data?: unknown; token?: string; [key: string]: unknown },
    };
  };
  const lastCode = (phone: string) => [...sent].reverse().find((entry) => entry.phone === phone)?.code;
  const login = async (authCode = 'OPER-2026-DEMO') => {
    const { body } = await api('GET', `/authCodeLogin?authCode=${authCode}`);
    if (body.code !== 200 || typeof body.token !== 'string') throw new Error(`登录失败：${body.msg}`);
    return body.token;
  };
  return {
    app,
    api,
    sent,
    lastCode,
    login,
    dataDir,
    advance: (ms: number) => {
      now += ms;
    },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      // Its own directory held its data (unless a test pointed it elsewhere): on PostgreSQL its database goes too.
      if (overrides.dataDir === undefined && overrides.dbFile === undefined) await testDataRemoved(databaseKey({ dataDir }));
    },
  };
}

export function expectNoStack(body: string): void {
  if (/\bat .+:\d+:\d+|Error:|node_modules/.test(body)) throw new Error(`应答中出现了堆栈或内部错误：${body}`);
}

export type TestServer = Awaited<ReturnType<typeof testServer>>;

/** A fresh server (with `overrides`) and an operator's token before every test of a file, closed after it. */
export function setupTestServer(
  assign: (server: TestServer, token: string) => void,
  authCode = 'OPER-2026-DEMO',
  overrides: Partial<ServerConfig> = {},
): void {
  let current: TestServer | undefined;
  // Seeding a database for these overrides (unless the run did) takes a server start of its own, once per file.
  beforeAll(async () => void (await seededDatabaseFor(overrides)), 120_000);
  beforeEach(async () => {
    current = await testServer(overrides);
    assign(current, await current.login(authCode));
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
}
