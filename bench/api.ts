// Per-instance API throughput: autocannon against a bare Fastify hello-world and, in the same run, the
// real server (createServer, simulator off) on SQLite and — when PostgreSQL's programs are installed — on
// a throwaway PostgreSQL cluster: an authenticated `GET /api/getInfo` and a device list page.
// Targets: getInfo and the list (the device search page) ≥ 30 % of bare Fastify's requests per second, on
// each database, with the server logging as `npm start` ships it (bare measured at the start and at the end
// of the run; the ratios use the mean).
//
// Logging (API_LOGGING, a list; default `shipped,off`): `shipped` is the logger `npm start` makes (level
// info, JSON, the request log's default rules: server/http/requestLog.ts) writing to a file, as stdout
// redirected by a service manager is; `all` the same with LOG_ACCESS=all (one line per request); `off` no
// logger. The lines written per request are counted from the file.
//
// The list is also shown against a bare Fastify serving the same page (the SQLite server's answer, held
// as objects and serialized by Fastify on each request: the same rows and the same JSON, without
// session, permissions or database), and with its page cache off (`deviceListCacheMs: 0`): the bench
// asks for one page again and again with no device changing, so the cached figure is the cache's; the
// uncached one is what each request costs when devices keep changing (every device write empties it).
//
// The load generator runs in a child process (this file with `--load`), never in the servers' process:
// autocannon in the same event loop would take turns with the server it measures. Every target gets the
// same connections, warm-up and duration; every response's body is checked (an envelope code other than
// 200 — an expired session answers HTTP 200 with code 401 — counts as a mismatch and fails the run).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { readServerConfigFromEnv } from '../server/config';
import { createServer } from '../server/createServer';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';

const CONNECTIONS = Number(process.env.API_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.API_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.API_WARMUP_SECONDS ?? 3);
/** FLEET_SCALE as `npm start` reads it: 1 ≈ 430 devices per tenant. */
const FLEET_SCALE = Number(process.env.API_FLEET_SCALE ?? 1);
/** API_METRICS=1: the server counts every request for /metrics (METRICS_PORT, on a free loopback port). */
const METRICS = process.env.API_METRICS === '1';
const LOGGINGS = (process.env.API_LOGGING ?? 'shipped,off').split(',').map((name) => {
  const logging = name.trim();
  if (logging !== 'shipped' && logging !== 'all' && logging !== 'off')
    throw new Error(`API_LOGGING 的每一项只能是 shipped、all 或 off，当前为 "${name}"`);
  return logging;
});
type Logging = (typeof LOGGINGS)[number];
/** API_DATABASES=sqlite or =postgres: only that one (default: both, PostgreSQL when installed). */
const DATABASES = (process.env.API_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());

const GET_INFO = '/api/getInfo';
const DEVICE_LIST = '/api/devi/aep/child?deviceType=lamp&pageNum=1&pageSize=20';
const TARGETS = { getInfo: 0.3, list: 0.3 } as const;

interface LoadSpec {
  url: string;
  token?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** The body every response must start with. */
  bodyStart: string;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  mismatches: number;
  errors: number;
  non2xx: number;
}

/** In the child: warm up, then measure, and print the figures as one JSON line. */
async function runLoad(spec: LoadSpec): Promise<void> {
  const options = {
    url: spec.url,
    connections: spec.connections,
    headers: spec.token ? { authorization: `Bearer ${spec.token}` } : {},
    verifyBody: (body: string | Buffer | undefined) => String(body ?? '').startsWith(spec.bodyStart),
  };
  await autocannon({ ...options, duration: spec.warmupSeconds });
  const result = await autocannon({ ...options, duration: spec.seconds });
  const figures: LoadResult = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    mismatches: result.mismatches,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/** Runs the load generator in its own process against `url` and returns what it measured. */
function load(url: string, bodyStart: string, token?: string): Promise<LoadResult> {
  const spec: LoadSpec = {
    url,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    bodyStart,
    ...(token ? { token } : {}),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--load', JSON.stringify(spec)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`压测进程失败（退出码 ${code}）：${output}`));
      const result = JSON.parse(line) as LoadResult;
      if (result.mismatches || result.errors || result.non2xx) return reject(new Error(`${url} 有失败的应答：${line}`));
      resolve(result);
    });
  });
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function bare(page?: unknown): Promise<LoadResult> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => page ?? { code: 200, hello: 'world' });
  const base = await listening(app);
  try {
    return await load(`${base}/hello`, '{"code":200');
  } finally {
    await app.close();
  }
}

interface ServerFigures {
  getInfo: LoadResult;
  list: LoadResult;
  listUncached: LoadResult;
  /** The list page's answer, for the bare server serving the same rows. */
  page: unknown;
  /** Log lines written per request (undefined without a logger). */
  linesPerRequest?: number;
}

/** The figures of one database: getInfo and the device list page (cached and not), with a logged-in operator. */
async function realServer(logging: Logging, databaseUrl?: string): Promise<ServerFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-api-'));
  const logFile = join(dataDir, 'server.log');
  // As `npm start` makes it (readServerConfigFromEnv: level info, JSON when stdout is not a terminal).
  const shipped = readServerConfigFromEnv({ LOG_FORMAT: 'json', ...(logging === 'all' ? { LOG_ACCESS: 'all' } : {}) }, false).server;
  // A file written synchronously, line by line, as pino's default destination writes stdout.
  const logFd = logging === 'off' ? undefined : openSync(logFile, 'a');
  const logger = logFd === undefined ? false : { level: 'info', stream: { write: (line: string) => void writeSync(logFd, line) } };
  const config = {
    dataDir,
    logger,
    ...(shipped.requestLog ? { requestLog: shipped.requestLog } : {}),
    simulator: { tickMs: 0, commandDelayMs: [0, 0] as [number, number], fleetScale: FLEET_SCALE, alarmsPerMinute: 0 },
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(METRICS ? { operability: { metrics: { port: 0, host: '127.0.0.1' }, shutdownGraceMs: 1000 } } : {}),
  };
  const app = await createServer(config);
  // The same data, its list pages never kept: started after the first has seeded the database.
  const uncached = await createServer({ ...config, deviceListCacheMs: 0 });
  try {
    const base = await listening(app.app);
    const uncachedBase = await listening(uncached.app);
    // The operator logs in with an authorization code, as the web app does.
    const login = (await (await fetch(`${base}/api/authCodeLogin?authCode=OPER-2026-DEMO`)).json()) as {
      code: number;
      token?: string;
      msg: string;
    };
    if (login.code !== 200 || !login.token) throw new Error(`登录失败：${login.msg}`);
    const token = login.token;
    for (const path of [GET_INFO, DEVICE_LIST]) {
      const reply = (await (await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        code: number;
        msg: string;
      };
      if (reply.code !== 200) throw new Error(`${path} 失败：${reply.msg}`);
    }
    const page = (await (await fetch(`${base}${DEVICE_LIST}`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown;
    const linesBefore = logging === 'off' ? 0 : lineCount(logFile);
    const getInfo = await load(`${base}${GET_INFO}`, '{"code":200', token);
    const list = await load(`${base}${DEVICE_LIST}`, '{"code":200', token);
    const listUncached = await load(`${uncachedBase}${DEVICE_LIST}`, '{"code":200', token);
    // Every request of the three runs (warm-up included) against the lines they added (the uncached server logs to the same file).
    const requests = [getInfo, list, listUncached].reduce(
      (sum, result) => sum + result.requests / (SECONDS / (SECONDS + WARMUP_SECONDS)),
      0,
    );
    const linesPerRequest = logging === 'off' ? undefined : (lineCount(logFile) - linesBefore) / requests;
    return { getInfo, list, listUncached, page, ...(linesPerRequest === undefined ? {} : { linesPerRequest }) };
  } finally {
    await uncached.app.close();
    await app.app.close();
    if (logFd !== undefined) closeSync(logFd);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lineCount = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);

async function onPostgres(logging: Logging): Promise<ServerFigures | undefined> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    console.info('未找到 PostgreSQL 服务端程序，跳过 PostgreSQL（安装 postgresql 或设置 POSTGRES_BIN_DIR）');
    return undefined;
  }
  let cluster: TestCluster | undefined;
  try {
    cluster = await startTestCluster(binDir);
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query(`create database ops_bench_${logging}`);
    await admin.end();
    return await realServer(logging, cluster.urlOf(`ops_bench_${logging}`));
  } finally {
    cluster?.stop();
  }
}

async function main(): Promise<void> {
  console.info(
    `autocannon：${CONNECTIONS} 个连接，预热 ${WARMUP_SECONDS} s，测量 ${SECONDS} s（压测端在独立进程中）；设备规模 ${FLEET_SCALE}；服务端日志：${LOGGINGS.join('、')}（shipped：npm start 的默认）；运维指标${METRICS ? '开启' : '关闭'}`,
  );
  // Bare Fastify is measured first and last: on shared cores the machine's speed drifts during a run, and
  // the ratios are taken against the mean of the two.
  const bareFirst = await bare();
  const results: { database: string; logging: Logging; figures: ServerFigures }[] = [];
  for (const logging of LOGGINGS) {
    if (DATABASES.includes('sqlite')) results.push({ database: 'SQLite', logging, figures: await realServer(logging) });
    if (DATABASES.includes('postgres')) {
      const figures = await onPostgres(logging);
      if (figures) results.push({ database: 'PostgreSQL', logging, figures });
    }
  }
  // The same page as bare Fastify serves it (the first database's answer; both databases answer the same rows).
  const samePage = results[0] ? await bare(results[0].figures.page) : undefined;
  const bareLast = await bare();
  const bareRps = (bareFirst.rps + bareLast.rps) / 2;
  const row = (label: string, result: LoadResult, target?: number, pageRps?: number) => {
    const ratio = result.rps / bareRps;
    const verdict = target === undefined ? '' : `   ${ratio >= target ? 'PASS' : 'FAIL'}（目标 ≥ ${(target * 100).toFixed(0)}%）`;
    const ofPage = pageRps === undefined ? '' : `   ${((result.rps / pageRps) * 100).toFixed(1).padStart(6)}% of bare same page`;
    console.info(
      `${label.padEnd(40)} ${result.rps.toFixed(0).padStart(8)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms   ${(ratio * 100).toFixed(1).padStart(6)}% of bare${ofPage}${verdict}`,
    );
    return target === undefined || ratio >= target;
  };
  let passed = true;
  row('bare Fastify (first)', bareFirst);
  row('bare Fastify (last)', bareLast);
  if (samePage) row('bare Fastify (same page)', samePage);
  for (const { database, logging, figures } of results) {
    // The targets hold for the server as shipped (or, when it is not measured, for what is).
    const targeted = logging === 'shipped' || !LOGGINGS.includes('shipped');
    const label = `${database} [log ${logging}]`;
    passed = row(`${label} getInfo`, figures.getInfo, targeted ? TARGETS.getInfo : undefined) && passed;
    passed = row(`${label} device list`, figures.list, targeted ? TARGETS.list : undefined, samePage?.rps) && passed;
    row(`${label} list, uncached`, figures.listUncached, undefined, samePage?.rps);
    if (figures.linesPerRequest !== undefined) console.info(`${label} 日志行数 / 请求 ${figures.linesPerRequest.toFixed(3)}`);
  }
  if (!passed) process.exitCode = 1;
}

if (process.argv[2] === '--load') await runLoad(JSON.parse(process.argv[3] ?? '{}') as LoadSpec);
else await main();
