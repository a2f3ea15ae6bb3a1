// What a fresh start's month of history costs (server/seed/history/): a fresh database is prepared and
// its server started twice per database — bare (SEED_HISTORY_DAYS=0: the baseline, measured in the same
// run) and with HISTORY_DAYS days (default 30) — on SQLite and, when PostgreSQL's programs are installed,
// on a throwaway PostgreSQL cluster (fsync on). Prints the seconds the history adds per tenant, the ratio of the
// history start to the bare one, and the start's log lines saying what was written.
// Target: under 3 s per tenant on each database. HISTORY_DATABASES=sqlite or =postgres: only that one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createServer } from '../server/createServer';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';

const DAYS = Number(process.env.HISTORY_DAYS ?? 30);
const DATABASES = (process.env.HISTORY_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const TARGET_SECONDS_PER_TENANT = 3;
const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

interface Start {
  seconds: number;
  tenants: number;
  lines: string[];
}

/** Starts a server on a fresh database (a new data directory, or the PostgreSQL database `databaseUrl`) and closes it. */
async function start(days: number, databaseUrl?: string): Promise<Start> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ops-bench-history-'));
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push((JSON.parse(line) as { msg: string }).msg) };
  const begun = performance.now();
  const server = await createServer({
    dataDir,
    clock: () => NOW,
    seedHistoryDays: days,
    logger: { level: 'info', stream },
    simulator: { tickMs: 0, commandDelayMs: [0, 0], fleetScale: 1, alarmsPerMinute: 0 },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const seconds = (performance.now() - begun) / 1000;
  try {
    const tenants = (await server.services.ctx.db.selectFrom('tenants').select('tenant_id').execute()).length;
    return { seconds, tenants, lines: lines.filter((line) => line.startsWith('已')) };
  } finally {
    await server.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare and the history start on fresh databases of one kind: `database(name)` gives a new PostgreSQL database's URL. */
async function measure(database?: (name: string) => Promise<string>): Promise<boolean> {
  // A first bare start warms the process (modules, bcrypt of the demo accounts) so neither measured start pays for it.
  await start(0, await database?.('ops_bench_history_warm'));
  const bare = await start(0, await database?.('ops_bench_history_bare'));
  const history = await start(DAYS, await database?.('ops_bench_history'));
  const perTenant = (history.seconds - bare.seconds) / history.tenants;
  for (const line of history.lines) console.info(`  ${line}`);
  console.info(
    `  不含历史启动 ${bare.seconds.toFixed(2)} s，含 ${DAYS} 天历史启动 ${history.seconds.toFixed(2)} s（×${(history.seconds / bare.seconds).toFixed(1)}）`,
  );
  const passed = perTenant < TARGET_SECONDS_PER_TENANT;
  console.info(
    `  历史每个租户 ${perTenant.toFixed(2)} s（${history.tenants} 个租户），目标 < ${TARGET_SECONDS_PER_TENANT} s   ${passed ? 'PASS' : 'FAIL'}`,
  );
  return passed;
}

async function onPostgres(): Promise<boolean> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    console.info('  未找到 PostgreSQL 服务端程序，跳过 PostgreSQL（安装 postgresql 或设置 POSTGRES_BIN_DIR）');
    return true;
  }
  let cluster: TestCluster | undefined;
  try {
    // Durable (fsync on), as a deployment's database is: the history's commits cost what they would there.
    cluster = await startTestCluster(binDir, { durable: true });
    const { adminUrl, urlOf } = cluster;
    return await measure(async (name) => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      return urlOf(name);
    });
  } finally {
    cluster?.stop();
  }
}

console.info(`历史数据基准：全新数据库，${DAYS} 天历史对比不含历史的启动（同一次运行内测量）`);
let passed = true;
for (const database of ['sqlite', 'postgres'].filter((name) => DATABASES.includes(name))) {
  console.info(`\n${database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
  if (!(database === 'sqlite' ? await measure() : await onPostgres())) passed = false;
}
if (!passed) process.exitCode = 1;
