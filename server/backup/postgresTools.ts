import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The PostgreSQL client programs backup and restore run (Debian package postgresql-client). */
export interface PostgresTools {
  pgDump: string;
  pgRestore: string;
  psql: string;
}

const PROGRAMS = ['pg_dump', 'pg_restore', 'psql'] as const;

/**
 * Finds pg_dump, pg_restore and psql: in POSTGRES_BIN_DIR when set, else the newest
 * /usr/lib/postgresql/<version>/bin that has them (where Debian puts them, as server/testing/postgresCluster.ts
 * looks for the server's), else on the PATH. Absent: a Chinese error saying what to install.
 */
export function findPostgresTools(env: NodeJS.ProcessEnv = process.env): PostgresTools {
  const complete = (dir: string) => PROGRAMS.every((program) => existsSync(join(dir, program)));
  const toolsIn = (dir: string): PostgresTools => ({
    pgDump: join(dir, 'pg_dump'),
    pgRestore: join(dir, 'pg_restore'),
    psql: join(dir, 'psql'),
  });
  const chosen = env.POSTGRES_BIN_DIR?.trim();
  if (chosen) {
    if (complete(chosen)) return toolsIn(chosen);
    throw new Error(`POSTGRES_BIN_DIR="${chosen}" 中没有 pg_dump、pg_restore 和 psql`);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const debian = versions.map((version) => join(root, version, 'bin')).find(complete);
  if (debian) return toolsIn(debian);
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).find(complete);
  if (onPath) return toolsIn(onPath);
  throw new Error(
    '未找到 PostgreSQL 客户端程序（pg_dump、pg_restore、psql），请安装 postgresql-client（Debian：apt-get install postgresql-client）或用 POSTGRES_BIN_DIR 指明其 bin 目录',
  );
}

/**
 * A database URL as the programs take it: the password leaves the URL (which any user of the machine
 * can read in the process list) for the PGPASSWORD variable of the child only.
 */
export function connectionFor(url: string, env: NodeJS.ProcessEnv = process.env): { url: string; env: NodeJS.ProcessEnv; shown: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const shown = `${parsed.host}${parsed.pathname}`;
  return { url: parsed.toString(), env: password ? { ...env, PGPASSWORD: password } : { ...env }, shown };
}

/** Runs a program to its end; rejects with its standard error (in a Chinese message) when it fails. */
export function runProgram(
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: (child: ChildProcess) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: options.env ?? process.env, stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => reject(new Error(`无法运行 ${program}：${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${programName(program)} 失败（${signal ?? `退出码 ${code}`}）：${stderr.trim() || '没有输出'}`));
    });
    options.input?.(child);
  });
}

const programName = (program: string) => program.split('/').pop() ?? program;
