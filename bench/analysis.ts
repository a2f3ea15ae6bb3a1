// The 数据检索 search and the 数据分析 pages' aggregates at scale: for each size (ANALYSIS_SIZES, default
// 1000000,10000000 recognition records) and database (ANALYSIS_DATABASES=sqlite,postgres; PostgreSQL on a
// throwaway cluster when its programs are installed), a fresh server with a month of history
// (SEED_HISTORY_DAYS 30: the work orders, alarms, events and parking the 工单/停车/治安 pages read), then
// the bulk seed (server/seed/bulkRecognition.ts) brings the measured tenant to the size, over a year.
// Then, through Fastify inject with a logged-in token, one request at a time: the search (7 and 31 days,
// with and without a plate fragment, first page) and every route of the 数据分析 pages (perceptionRoutes
// analysisRoutes and touristRoutes, each `by` value) over 7 and 31 days, ANALYSIS_RUNS times each (default 20) after
// ANALYSIS_WARMUP (default 2). Baseline, in the same run: `select count(*) from recognition_records`,
// measured before and after the routes. Prints p50/p99 per case, the ratio of its p99 to the baseline's,
// and PASS/FAIL against the target: p99 ≤ 300 ms for any page's aggregate (ANALYSIS_ONLY=<regex>: only
// the cases whose label matches).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { analysisRoutes } from '../contracts/api/analysisRoutes';
import { perceptionRoutes } from '../contracts/api/perceptionRoutes';
import { touristRoutes } from '../contracts/api/touristRoutes';
import { RECOGNITION_API } from '../contracts/recognition';
import { loadDeviceCatalog } from '../server/catalog/deviceCatalog';
import { createServer, type Server } from '../server/createServer';
import { loadPlugins } from '../server/pluginManifests';
import { seedBulkRecognition } from '../server/seed/bulkRecognition';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';

const SIZES = (process.env.ANALYSIS_SIZES ?? '1000000,10000000').split(',').map(Number);
const DATABASES = (process.env.ANALYSIS_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const RUNS = Number(process.env.ANALYSIS_RUNS ?? 20);
const WARMUP = Number(process.env.ANALYSIS_WARMUP ?? 2);
const ONLY = process.env.ANALYSIS_ONLY ? new RegExp(process.env.ANALYSIS_ONLY) : undefined;
const TARGET_P99_MS = 300;
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const DAY = 86_400_000;
/** The measured tenant (the admin's default: every 数据分析 menu). */
const TENANT_ID = 1;
/** The kinds with live video: the cameras that recognise. */
const cameraKinds = loadDeviceCatalog(loadPlugins('plugins', { disabledPlugins: [] }).plugins)
  .kinds.filter((kind) => kind.liveVideo)
  .map((kind) => kind.page);
const PAGE_NAMES: Record<string, string> = {
  vehicle: '车辆管控',
  face: '人脸管控',
  target: '目标检测',
  people: '目标检测',
  frontView: '前端感知',
  order: '工单分析',
  parking: '停车分析',
  security: '治安分析',
  tourist: '游客分析',
};

interface Case {
  page: string;
  label: string;
  url: string;
}

interface Figures {
  p50: number;
  p99: number;
}

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: readonly number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const figuresOf = (samples: number[]): Figures => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

/** The `by` values a route's query allows (its enum), or none. */
function byValues(route: { query?: unknown }): readonly string[] {
  const query = route.query;
  if (!query || typeof query !== 'object' || !('properties' in query)) return [];
  const { properties } = query;
  if (!properties || typeof properties !== 'object' || !('by' in properties)) return [];
  const { by } = properties;
  return by && typeof by === 'object' && 'enum' in by && Array.isArray(by.enum) ? by.enum.map(String) : [];
}

/** Every case of one run: the search and each page's routes over 7 and 31 days (the perception pages' limit is < 31 days). */
function cases(): Case[] {
  const list: Case[] = [];
  for (const days of [7, 31]) {
    const range = `beginTime=${NOW - days * DAY + 1}&endTime=${NOW}`;
    // Fragments: a rare one (trigram index), a 3-character one matching ~1 % and a common one (~15 %,
    // a LIKE over the range on SQLite), and a 2-character one (no trigram: its count stops at 10,000).
    for (const plate of [undefined, '1234', 'A12', '浙A1', 'Z9'])
      list.push({
        page: '数据检索',
        label: `数据检索 ${days} 天${plate ? ` 车牌含 ${plate}` : ''}`,
        url: `/api${RECOGNITION_API.list}?${range}&pageNum=1&pageSize=20${plate ? `&plate=${encodeURIComponent(plate)}` : ''}`,
      });
    const routes = [
      ...Object.entries({ ...perceptionRoutes, ...analysisRoutes }),
      ...Object.entries(touristRoutes).map(([name, route]) => [`tourist${name}`, route] as const),
    ];
    for (const [name, route] of routes) {
      const page = PAGE_NAMES[Object.keys(PAGE_NAMES).find((prefix) => name.startsWith(prefix)) ?? ''] ?? name;
      const values = byValues(route);
      for (const by of values.length ? values : [undefined])
        list.push({
          page,
          label: `${page} ${route.path}${by ? `?by=${by}` : ''} ${days} 天`,
          url: `/api${route.path}?${range}${by ? `&by=${by}` : ''}`,
        });
    }
  }
  return ONLY ? list.filter((entry) => ONLY.test(entry.label)) : list;
}

async function timed(work: () => Promise<void>): Promise<number[]> {
  for (let index = 0; index < WARMUP; index++) await work();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const begun = performance.now();
    await work();
    samples.push(performance.now() - begun);
  }
  return samples;
}

/** A ratio to the baseline: two decimals below 10. */
const times = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(2));
const ms = (value: number) => value.toFixed(value >= 100 ? 0 : value >= 1 ? 1 : 2);

/** One size on one database: a fresh server, the seed, then every case against the count(*) baseline. */
async function measure(size: number, databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-analysis-'));
  const server: Server = await createServer({
    dataDir,
    clock: () => NOW,
    seedHistoryDays: 30,
    logger: false,
    simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 1, alarmsPerMinute: 0 },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  try {
    const db = server.services.ctx.db;
    await seedBulkRecognition(db, cameraKinds, {
      records: size,
      now: NOW,
      tenantIds: [TENANT_ID],
      info: (line) => console.info(`  ${line}`),
    });
    const login = (await server.app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=ADMIN-2026-DEMO' })).json<{
      token?: string;
      msg?: string;
    }>();
    if (!login.token) throw new Error(`登录失败：${login.msg}`);
    const headers = { authorization: `Bearer ${login.token}` };
    const countAll = async () => void (await sql`select count(*) as n from recognition_records`.execute(db));
    // Each case is printed as soon as it is measured (a long run's first figures are usable before it ends),
    // its ratio against the baseline measured before the cases; the baseline is measured again after them.
    const before = figuresOf(await timed(countAll));
    console.info(`  基线 select count(*) from recognition_records：p50 ${ms(before.p50)} ms，p99 ${ms(before.p99)} ms`);
    const results: { entry: Case; figures: Figures }[] = [];
    let passed = true;
    for (const entry of cases()) {
      const first = await server.app.inject({ method: 'GET', url: entry.url, headers });
      const body = first.json<{ code?: number; msg?: string }>();
      if (first.statusCode !== 200 || body.code !== 200) throw new Error(`${entry.label}：${first.statusCode} ${body.msg ?? ''}`);
      const figures = figuresOf(await timed(async () => void (await server.app.inject({ method: 'GET', url: entry.url, headers }))));
      results.push({ entry, figures });
      const pass = figures.p99 <= TARGET_P99_MS;
      if (!pass) passed = false;
      console.info(
        `  ${entry.label.padEnd(52)} p50 ${ms(figures.p50).padStart(6)} ms  p99 ${ms(figures.p99).padStart(6)} ms  ` +
          `×${times(figures.p50 / before.p50)} 基线（p50）  ${pass ? 'PASS' : 'FAIL'}`,
      );
    }
    const after = figuresOf(await timed(countAll));
    console.info(`  基线（测量之后）：p50 ${ms(after.p50)} ms，p99 ${ms(after.p99)} ms`);
    const pages = [...new Set(results.map(({ entry }) => entry.page))];
    for (const page of pages) {
      const worst = results.filter(({ entry }) => entry.page === page).reduce((max, { figures }) => Math.max(max, figures.p99), 0);
      console.info(
        `  页面 ${page}：最慢 p99 ${ms(worst)} ms（×${times(worst / before.p99)} 基线 p99）${worst <= TARGET_P99_MS ? 'PASS' : 'FAIL'}`,
      );
    }
    return passed;
  } finally {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(sizes: readonly number[]): Promise<boolean> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    console.info('\n未找到 PostgreSQL 服务端程序，跳过 PostgreSQL（安装 postgresql 或设置 POSTGRES_BIN_DIR）');
    return true;
  }
  let cluster: TestCluster | undefined;
  let passed = true;
  try {
    cluster = await startTestCluster(binDir);
    for (const size of sizes) {
      console.info(`\nPostgreSQL，${size} 条识别记录`);
      const name = `ops_bench_analysis_${size}`;
      const admin = new pg.Client({ connectionString: cluster.adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      if (!(await measure(size, cluster.urlOf(name)))) passed = false;
    }
  } finally {
    cluster?.stop();
  }
  return passed;
}

console.info(
  `数据分析基准：租户 ${TENANT_ID} 的识别记录（一年内），每项预热 ${WARMUP} 次、测量 ${RUNS} 次（进程内 inject，逐个请求）；目标 p99 ≤ ${TARGET_P99_MS} ms`,
);
let passed = true;
if (DATABASES.includes('sqlite'))
  for (const size of SIZES) {
    console.info(`\nSQLite，${size} 条识别记录`);
    if (!(await measure(size))) passed = false;
  }
if (DATABASES.includes('postgres') && !(await onPostgres(SIZES))) passed = false;
if (!passed) process.exitCode = 1;
