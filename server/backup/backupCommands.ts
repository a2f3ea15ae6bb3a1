import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { readServerConfigFromEnv } from '../config';
import { sqliteFileOf } from '../db/openDatabase';
import { backupKindOf, KIND_NAMES, type BackupKind } from './backupFile';
import { backupPostgres } from './backupPostgres';
import { backupSqlite } from './backupSqlite';
import type { BackupReport } from './putInPlace';
import { restorePostgres } from './restorePostgres';
import { restoreSqlite } from './restoreSqlite';

export const BACKUP_USAGE = '用法：npm run backup -- <备份文件> [--force]（--force：覆盖已有的备份文件）';
export const RESTORE_USAGE = '用法：npm run restore -- <备份文件> [--force]（--force：覆盖已有数据的数据库）';

/** The database the server's configuration names (DATA_DIR, DATABASE_URL), read by the server's own code. */
type Target = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

function configuredTarget(env: NodeJS.ProcessEnv): Target {
  const { server } = readServerConfigFromEnv(env, false);
  return server.databaseUrl ? { kind: 'postgres', url: server.databaseUrl } : { kind: 'sqlite', file: resolve(sqliteFileOf(server)) };
}

/** `<file> [--force]`: anything else is refused with the usage. */
function parseArgs(args: readonly string[], usage: string): { file: string; force: boolean } {
  const files: string[] = [];
  let force = false;
  for (const arg of args) {
    if (arg === '--force') force = true;
    else if (arg.startsWith('-')) throw new Error(`未知的选项 ${arg}。${usage}`);
    else files.push(arg);
  }
  if (files.length !== 1) throw new Error(`${files.length ? '只能给出一个备份文件' : '缺少备份文件'}。${usage}`);
  return { file: resolve(files[0]!), force };
}

const megabytes = (bytes = 0) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} 秒`;
const described = (report: BackupReport) => `${KIND_NAMES[report.kind]}，结构版本 ${report.version}`;

/** `npm run backup`: backs the configured database up to a file; returns what to print. */
export async function backupCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { file, force } = parseArgs(args, BACKUP_USAGE);
  const target = configuredTarget(env);
  if (!existsSync(dirname(file))) throw new Error(`备份文件所在的目录不存在：${dirname(file)}`);
  if (existsSync(file)) {
    if (!statSync(file).isFile()) throw new Error(`${file} 不是普通文件`);
    if (!force) throw new Error(`备份文件已存在：${file}（覆盖它请加 --force）`);
  }
  const started = performance.now();
  const report = target.kind === 'sqlite' ? await backupSqlite(target.file, file) : await backupPostgres(target.url, file, env);
  return `备份完成：${file}（${described(report)}，${megabytes(report.bytes)}，用时 ${seconds(started)}）`;
}

/** `npm run restore`: restores a backup file into the configured database; returns what to print. */
export async function restoreCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { file, force } = parseArgs(args, RESTORE_USAGE);
  const target = configuredTarget(env);
  const kind: BackupKind = backupKindOf(file);
  if (kind !== target.kind)
    throw new Error(
      `${file} 是 ${KIND_NAMES[kind]} 的备份，而当前配置的数据库是 ${KIND_NAMES[target.kind]}（${target.kind === 'postgres' ? '设置了' : '未设置'} DATABASE_URL）`,
    );
  const started = performance.now();
  const report =
    target.kind === 'sqlite' ? await restoreSqlite(file, target.file, force) : await restorePostgres(file, target.url, force, env);
  const where = target.kind === 'sqlite' ? target.file : 'DATABASE_URL 所指的数据库';
  return `恢复完成：${file} → ${where}（${described(report)}，用时 ${seconds(started)}）。启动服务即可使用`;
}
