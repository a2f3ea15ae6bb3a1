import { spawn } from 'node:child_process';
import pg from 'pg';
import { errorMessage } from '../../contracts/errorMessage';
import { advancePushCountersSql, type PushCounter } from './advancePushCounters';
import { postgresMigrations, refuseNewerBackup, requireMigrations, schemaVersion } from './backupFile';
import { connectionFor, findPostgresTools, runProgram, type PostgresTools } from './postgresTools';
import type { BackupReport } from './putInPlace';

/** What a restore replaces: whether the database holds tables, and its push counters. */
interface Target {
  replacing: boolean;
  pushCounters: PushCounter[];
}

/**
 * Restores the pg_dump archive `file` into the database at `url`. The archive is checked first (this
 * program's, not newer than it); a database with tables in its public schema is replaced only with
 * `force`, and never while another client is connected to it. pg_restore writes the restore as a script
 * that psql runs in one transaction, after (with `force`) dropping and recreating the public schema and
 * before moving the push counters on: the database is the old one or the whole restored one, whatever
 * fails on the way. A refusal changes nothing.
 */
export async function restorePostgres(
  file: string,
  url: string,
  force: boolean,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BackupReport> {
  const tools = findPostgresTools(env);
  const migrations = requireMigrations(await postgresMigrations(tools, file), `备份文件 ${file} `);
  refuseNewerBackup(migrations, 'postgres');
  const connection = connectionFor(url, env);
  const target = await checkTarget(url, connection.shown, force);
  const before = target.replacing ? ['drop schema public cascade', 'create schema public'] : [];
  const after = migrations.includes('006_push_counters') ? advancePushCountersSql(target.pushCounters, (name) => `public.${name}`) : [];
  await runRestoreScript(tools, file, connection, before, after);
  return { kind: 'postgres', version: schemaVersion(migrations) };
}

/** How long connections of just-stopped instances may take to leave. */
const CLOSING_CONNECTIONS_MS = 2000;

/**
 * Refuses a database with tables in its public schema unless `force`, and one another client is
 * connected to (a running instance; those of instances just stopped get a moment to leave).
 */
async function checkTarget(url: string, shown: string, force: boolean): Promise<Target> {
  const client = new pg.Client({ connectionString: url, application_name: 'city-ops-dashboard restore' });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`无法连接数据库 ${shown}：${errorMessage(error)}`, { cause: error });
  }
  try {
    const relations = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    const replacing = Number(relations.rows[0]?.n ?? 0) > 0;
    if (replacing && !force)
      throw new Error(`数据库 ${shown} 中已有数据：恢复会覆盖它，确认要覆盖请加 --force（建议先用 npm run backup 备份它）`);
    for (const deadline = Date.now() + CLOSING_CONNECTIONS_MS; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const others = Number(rows[0]?.n ?? 0);
      if (others === 0) break;
      if (Date.now() > deadline) throw new Error(`数据库 ${shown} 还有 ${others} 个连接（运行中的服务？）：请先停止所有实例再恢复`);
    }
    const counters = replacing
      ? await client
          .query<{ tenant_id: number; seq: number }>('select tenant_id, seq from public.push_counters')
          .catch(() => ({ rows: [] }))
      : { rows: [] };
    return { replacing, pushCounters: counters.rows.map((row) => ({ tenantId: Number(row.tenant_id), seq: Number(row.seq) })) };
  } finally {
    await client.end();
  }
}

/**
 * pg_restore's script between `before` and `after`, run by psql as one transaction that stops at the
 * first error. Should pg_restore fail midway, the script is ended with a statement that fails, so psql
 * rolls back what it ran instead of committing half a restore.
 */
async function runRestoreScript(
  tools: PostgresTools,
  file: string,
  connection: { url: string; env: NodeJS.ProcessEnv },
  before: string[],
  after: string[],
): Promise<void> {
  const statements = (list: string[]) => list.map((statement) => `${statement};\n`).join('');
  const script = spawn(tools.pgRestore, ['--no-owner', '--no-acl', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let scriptError = '';
  script.stderr.setEncoding('utf8').on('data', (chunk: string) => (scriptError += chunk));
  const scriptDone = new Promise<number | null>((resolve) => {
    script.on('error', (error) => {
      scriptError ||= error.message;
      resolve(-1);
    });
    script.on('close', resolve);
  });
  const restored = runProgram(
    tools.psql,
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', '--file=-', `--dbname=${connection.url}`],
    {
      env: connection.env,
      input: (psql) => {
        const stdin = psql.stdin;
        if (!stdin) return;
        // psql gone early (a failed statement): the rest of the script has nowhere to go, and that is not the error.
        stdin.on('error', () => undefined);
        stdin.write(statements(before));
        script.stdout.pipe(stdin, { end: false });
        void scriptDone.then((code) =>
          stdin.end(code === 0 ? statements(after) : statements([`do $$ begin raise exception 'pg_restore failed'; end $$`])),
        );
      },
    },
  ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const outcome = await restored;
  // psql stopped early: pg_restore would wait forever on a full pipe.
  const stopped = script.exitCode === null && script.signalCode === null && script.kill();
  const code = await scriptDone;
  if (code !== 0 && !stopped) throw new Error(`pg_restore 失败，数据库未改动：${scriptError.trim() || `退出码 ${code}`}`);
  if (outcome instanceof Error) throw new Error(`恢复失败，数据库未改动：${outcome.message}`);
}
