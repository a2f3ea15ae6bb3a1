// Work-order list and filters at 100,000 work orders per tenant: server-side latency (p50/p99 of
// `app.inject`, no network, one request at a time) of GET /api/workOrder/list with each filter, against
// the plain device list page as the baseline, measured in the same run on SQLite and — when
// PostgreSQL's programs are installed — on a throwaway PostgreSQL cluster.
// Target: p99 ≤ 100 ms for every list query (and the chart statistics) on each database.
//
// The orders are written straight into the tables (batched inserts, the same rows on both databases),
// spread over the last 180 days with the statuses, priorities, sources and assignees of a working
// operations centre; then every query is checked once (code 200, the expected total) and measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { WORK_ORDER_SLA_HOURS, type WorkOrderPriority } from '../contracts/workOrders';
import { createServer, type Server } from '../server/createServer';
import type { Database } from '../server/db/Database';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';
import { seededRandom as random } from '../server/simulation/seededRandom';
import { shanghaiDay } from '../server/workOrders/OrderCounters';

const ORDERS_PER_TENANT = Number(process.env.WO_ORDERS ?? 100_000);
const SAMPLES = Number(process.env.WO_SAMPLES ?? 200);
const WARMUP = Number(process.env.WO_WARMUP ?? 20);
/** WO_DATABASES=sqlite or =postgres: only that one (default: both, PostgreSQL when installed). */
const DATABASES = (process.env.WO_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const TARGET_P99_MS = 100;
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pick = <T>(next: () => number, weighted: [T, number][]): T => {
  let roll = next() * weighted.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weighted) if ((roll -= weight) < 0) return value;
  return weighted.at(-1)![0];
};

const PLACES = ['滨盛路', '江南大道', '奥体中心', '钱江新城', '闻涛路', '长河路', '西兴街道', '浦沿街道', '湖滨', '断桥'];
const ISSUES: [string, string][] = [
  ['路灯不亮', 'REPAIR'],
  ['摄像机离线', 'REPAIR'],
  ['烟感告警复核', 'ALARM'],
  ['积水处置', 'ALARM'],
  ['井盖缺失', 'REPAIR'],
  ['广播音量异常', 'MAINTENANCE'],
  ['日常巡检', 'INSPECTION'],
  ['垃圾满溢', 'ALARM'],
];

/** Writes `count` work orders of a tenant, in batches. */
async function fill(app: Server, tenantId: number, count: number): Promise<void> {
  const db = app.services.ctx.db;
  const teams = (await db.selectFrom('teams').select('team_id').where('tenant_id', '=', tenantId).execute()).map((team) =>
    Number(team.team_id),
  );
  const users = (await db.selectFrom('user_tenants').select('user_id').where('tenant_id', '=', tenantId).execute()).map(
    (user) => user.user_id,
  );
  const next = random(tenantId * 7919);
  const BATCH = 1000;
  for (let start = 0; start < count; start += BATCH) {
    const rows: Database['work_orders'][] = [];
    for (let index = start; index < Math.min(count, start + BATCH); index++) {
      const createdAt = NOW - Math.floor(next() * 180 * DAY);
      const priority = pick<WorkOrderPriority>(next, [
        ['URGENT', 10],
        ['HIGH', 20],
        ['NORMAL', 50],
        ['LOW', 20],
      ]);
      const dueAt = createdAt + WORK_ORDER_SLA_HOURS[priority] * HOUR;
      // Older orders are mostly done; the last days hold the open ones.
      const recent = NOW - createdAt < 3 * DAY;
      const status = recent
        ? pick(next, [
            ['PENDING', 30],
            ['ASSIGNED', 25],
            ['PROCESSING', 35],
            ['DONE', 10],
          ])
        : pick(next, [
            ['DONE', 88],
            ['CANCELLED', 6],
            ['PROCESSING', 4],
            ['ASSIGNED', 2],
          ]);
      const source = pick(next, [
        ['alarm', 40],
        ['device', 30],
        ['manual', 30],
      ]);
      const [issue, category] = ISSUES[Math.floor(next() * ISSUES.length)]!;
      const toTeam = next() < 0.5;
      const assigned = status !== 'PENDING';
      const closedAt = status === 'DONE' ? createdAt + Math.floor(next() * 2 * WORK_ORDER_SLA_HOURS[priority] * HOUR) : null;
      const open = status === 'PENDING' || status === 'ASSIGNED' || status === 'PROCESSING';
      rows.push({
        order_id: undefined,
        tenant_id: tenantId,
        order_no: `GD-${shanghaiDay(createdAt)}-${String(index + 1).padStart(6, '0')}`,
        title: `${PLACES[Math.floor(next() * PLACES.length)]}${issue}`,
        description: '',
        category,
        priority,
        status,
        source,
        alarm_id: null,
        device_id: null,
        assignee_user_id: assigned && !toTeam ? users[Math.floor(next() * users.length)]! : null,
        assignee_team_id: assigned && toTeam ? teams[Math.floor(next() * teams.length)]! : null,
        created_by: users[0]!,
        due_at: dueAt,
        escalated_at: open && dueAt < NOW ? dueAt + 60_000 : null,
        closed_at: closedAt,
        result: status === 'DONE' ? '已处理' : '',
        created_at: createdAt,
        updated_at: closedAt ?? createdAt,
      });
    }
    await db.transaction().execute((trx) => trx.insertInto('work_orders').values(rows).execute());
  }
}

interface Figures {
  label: string;
  url: string;
  total: number;
  p50: number;
  p99: number;
  baseline?: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(app: Server, token: string, label: string, url: string, baseline = false): Promise<Figures> {
  const once = async () => {
    const started = performance.now();
    const reply = await app.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    const body = reply.json() as { code: number; msg: string; total?: number; data?: { total?: number } };
    if (body.code !== 200) throw new Error(`${label}（${url}）失败：${body.code} ${body.msg}`);
    return { elapsed, total: body.total ?? body.data?.total ?? 0 };
  };
  const first = await once();
  for (let index = 0; index < WARMUP; index++) await once();
  const times: number[] = [];
  for (let index = 0; index < SAMPLES; index++) times.push((await once()).elapsed);
  times.sort((a, b) => a - b);
  return { label, url, total: first.total, p50: percentile(times, 50), p99: percentile(times, 99), baseline };
}

async function run(databaseUrl?: string): Promise<Figures[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-workorders-'));
  const app = await createServer({
    dataDir,
    clock: () => NOW,
    simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 1, alarmsPerMinute: 0 },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  try {
    const started = performance.now();
    for (const tenantId of [1, 2]) await fill(app, tenantId, ORDERS_PER_TENANT);
    // Statistics (and, on PostgreSQL, the visibility map index-only scans read), as autovacuum would gather them.
    await sql`${sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze')}`.execute(app.services.ctx.db);
    console.info(
      `  已写入 ${2 * ORDERS_PER_TENANT} 个工单（两个租户各 ${ORDERS_PER_TENANT}），${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const login = (await app.app.inject({ method: 'GET', url: '/api/authCodeLogin?authCode=OPER-2026-DEMO' })).json() as {
      code: number;
      token?: string;
      msg: string;
    };
    if (login.code !== 200 || !login.token) throw new Error(`登录失败：${login.msg}`);
    const token = login.token;
    const team = await app.services.ctx.db
      .selectFrom('teams')
      .select('team_id')
      .where('tenant_id', '=', 1)
      .orderBy('team_id')
      .executeTakeFirstOrThrow();
    const list = '/api/workOrder/list?pageSize=20';
    const cases: [string, string][] = [
      ['工单列表（第 1 页）', `${list}&pageNum=1`],
      ['状态 处理中', `${list}&status=PROCESSING`],
      ['优先级 紧急', `${list}&priority=URGENT`],
      ['来源 告警', `${list}&source=alarm`],
      ['派给班组', `${list}&assigneeTeamId=${Number(team.team_id)}`],
      ['派给处理人', `${list}&assigneeUserId=2`],
      ['关键字 路灯', `${list}&keyword=${encodeURIComponent('路灯')}`],
      ['关键字 单号', `${list}&keyword=${encodeURIComponent('GD-20261120')}`],
      ['创建于近 7 天', `${list}&beginTime=${NOW - 7 * DAY}&endTime=${NOW}`],
      ['截止于 3 天内', `${list}&dueBegin=${NOW}&dueEnd=${NOW + 3 * DAY}`],
      ['已超时', `${list}&overdue=1`],
      ['已升级', `${list}&escalated=1`],
      ['组合 已完成+高+设备', `${list}&status=DONE&priority=HIGH&source=device`],
      ['组合 处理中+紧急+近 7 天', `${list}&status=PROCESSING&priority=URGENT&beginTime=${NOW - 7 * DAY}`],
      ['第 2000 页', `${list}&pageNum=2000`],
      ['统计（30 天）', '/api/workOrder/stats?days=30'],
    ];
    const figures = [await measure(app, token, '设备列表（基线）', '/api/devi/aep/child?deviceType=lamp&pageNum=1&pageSize=20', true)];
    const only = process.env.WO_CASES ? new RegExp(process.env.WO_CASES) : undefined;
    for (const [label, url] of cases) if (!only || only.test(label)) figures.push(await measure(app, token, label, url));
    return figures;
  } finally {
    await app.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Figures[] | undefined> {
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
    await admin.query('create database ops_bench_workorders');
    await admin.end();
    return await run(cluster.urlOf('ops_bench_workorders'));
  } finally {
    cluster?.stop();
  }
}

async function main(): Promise<void> {
  console.info(
    `工单列表基准：每个租户 ${ORDERS_PER_TENANT} 个工单；每项预热 ${WARMUP} 次、测量 ${SAMPLES} 次（进程内 inject，逐个请求）；目标 p99 ≤ ${TARGET_P99_MS} ms`,
  );
  let passed = true;
  for (const database of ['sqlite', 'postgres'].filter((name) => DATABASES.includes(name))) {
    console.info(`\n${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
    const figures = database === 'sqlite' ? await run() : await onPostgres();
    if (!figures) continue;
    const baseline = figures.find((entry) => entry.baseline)!;
    for (const entry of figures) {
      const verdict = entry.baseline ? '' : `   ${entry.p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL'}`;
      if (!entry.baseline && entry.p99 > TARGET_P99_MS) passed = false;
      const ratio = entry.baseline ? '' : `   p99 ×${(entry.p99 / baseline.p99).toFixed(1)} 基线`;
      console.info(
        `  ${entry.label.padEnd(22 - Math.ceil(entry.label.length / 2))} total ${String(entry.total).padStart(6)}   p50 ${entry.p50.toFixed(2).padStart(7)} ms   p99 ${entry.p99.toFixed(2).padStart(7)} ms${ratio}${verdict}`,
      );
    }
  }
  if (!passed) process.exitCode = 1;
}

await main();
