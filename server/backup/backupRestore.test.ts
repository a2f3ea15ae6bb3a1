import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sqliteFileOf } from '../db/openDatabase';
import { listening, pushClient, waitFor } from '../testing/pushTestClient';
import { TEST_CLOCK_START } from '../testing/seededDatabases';
import { databaseKey, databaseUrl, TestDatabases } from '../testing/testDatabases';
import { testServer, type TestServer } from '../testing/testServer';
import { RESTORE_PUSH_SEQ_GAP } from './advancePushCounters';
import { backupCommand, restoreCommand } from './backupCommands';
import { postgresDumpTables } from './backupFile';
import { findPostgresTools } from './postgresTools';

// npm run backup / restore on the database of the project's run: SQLite (project server) or PostgreSQL (server-pg).
const adminUrl = inject('postgresAdminUrl');
const onPostgres = Boolean(adminUrl);
const TABLES = ['alarms', 'devices', 'work_orders'] as const;
type Counts = Record<(typeof TABLES)[number], number>;

/** A server's database, a backup file or a restored database: where rows are counted. */
type Place = { file: string } | { url: string } | { dump: string };

const scratch = mkdtempSync(join(tmpdir(), 'ops-backup-test-'));
let source: TestServer;
let sourceToken: string;

/** The database a test server with `dataDir` runs on: its SQLite file, or its database in server-pg (postgresTestSetup.ts). */
const databaseOf = (dataDir: string): Place =>
  onPostgres ? { url: databaseUrl(adminUrl, TestDatabases.nameFor(databaseKey({ dataDir }))) } : { file: sqliteFileOf({ dataDir }) };

/** The environment the commands read, as the server's: DATA_DIR, and DATABASE_URL on PostgreSQL only. */
function envFor(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const place = databaseOf(dataDir);
  if ('url' in place) env.DATABASE_URL = place.url;
  return env;
}

async function query<T>(place: Place, text: string): Promise<T[]> {
  if ('file' in place) {
    const db = new SQLite(place.file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare<[], T>(text).all();
    } finally {
      db.close();
    }
  }
  if ('url' in place) {
    const client = new pg.Client({ connectionString: place.url });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }
  throw new Error('pg_dump 归档只能按表读取');
}

/** The tables the test reads of a pg_dump archive, read from the archive itself by one pg_restore. */
const dumps = new Map<string, Promise<Map<string, string[][]>>>();

/** Rows of `table`: a pg_dump archive's read from the archive itself. */
async function rowsOf(place: Place, table: string): Promise<string[][]> {
  if ('dump' in place) {
    let tables = dumps.get(place.dump);
    if (!tables)
      dumps.set(place.dump, (tables = postgresDumpTables(findPostgresTools(), place.dump, [...TABLES, 'push_counters', 'push_log'])));
    return (await tables).get(table) ?? [];
  }
  return (await query<Record<string, unknown>>(place, `select * from ${table}`)).map((row) => Object.values(row).map(String));
}

async function countsOf(place: Place): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of TABLES)
    counts[table] =
      'dump' in place
        ? (await rowsOf(place, table)).length
        : Number((await query<{ n: number }>(place, `select count(*) as n from ${table}`))[0]!.n);
  return counts;
}

/** Each tenant's push counter and newest stored push id (push_counters and push_log both start with tenant_id, seq). */
async function pushIdsOf(place: Place): Promise<{ counters: Record<string, number>; newest: Record<string, number> }> {
  const counters: Record<string, number> = {};
  for (const [tenant, seq] of await rowsOf(place, 'push_counters')) counters[tenant!] = Number(seq);
  const newest: Record<string, number> = {};
  for (const [tenant, seq] of await rowsOf(place, 'push_log')) newest[tenant!] = Math.max(newest[tenant!] ?? 0, Number(seq));
  return { counters, newest };
}

/** Runs an npm run backup / restore entry as its own process. */
function runCommand(entry: 'backupMain' | 'restoreMain', args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/backup/${entry}.ts`, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

let admin: Promise<pg.Client> | undefined;
const madeDatabases: string[] = [];

/** An empty place for a restore: a new data directory and, on PostgreSQL, the empty database the test server there will use. */
async function freshDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(scratch, 'fresh-'));
  if (onPostgres) {
    admin ??= (async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      return client;
    })();
    const name = TestDatabases.nameFor(databaseKey({ dataDir }));
    await (await admin).query(`create database ${name}`);
    madeDatabases.push(name);
  }
  return dataDir;
}

beforeAll(async () => {
  // The simulated fleet reports telemetry (5 rounds a second) and raises alarms (≈ 10 a second) the whole time.
  source = await testServer({ simulator: { tickMs: 200, commandDelayMs: [0, 0], fleetScale: 1, alarmsPerMinute: 600 } });
  sourceToken = await source.login();
}, 60_000);

afterAll(async () => {
  await source?.close();
  if (admin) {
    const client = await admin;
    for (const name of madeDatabases) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
  rmSync(scratch, { recursive: true, force: true });
});

const backupFile = join(scratch, onPostgres ? 'ops.dump' : 'ops.sqlite');

describe(`npm run backup / restore (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('backs up while alarms, telemetry and work orders are written; a fresh place restored from it starts on the same counts and pushes on past every id', async () => {
    const live = databaseOf(source.dataDir);
    await waitFor(async () => (await countsOf(live)).alarms > 0, 10_000, '模拟设备产生告警');
    const before = await countsOf(live);
    let writing = true;
    const orders = (async () => {
      for (let n = 1; writing; n++) {
        const { body } = await source.api('POST', '/workOrder/create', {
          token: sourceToken,
          json: true,
          body: { title: `备份期间的工单 ${n}`, dueAt: TEST_CLOCK_START + 3_600_000 },
        });
        expect(body.code).toBe(200);
      }
    })();
    const backup = await runCommand('backupMain', [backupFile], envFor(source.dataDir));
    writing = false;
    await orders;
    const after = await countsOf(live);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^备份完成：.*结构版本 \d{3}_\w+/);

    // The backup is one moment of the writing: between the counts before and after, each push counter with its message.
    const backupPlace: Place = onPostgres ? { dump: backupFile } : { file: backupFile };
    const atBackup = await countsOf(backupPlace);
    expect(after.alarms).toBeGreaterThan(before.alarms);
    expect(after.work_orders).toBeGreaterThan(before.work_orders);
    for (const table of TABLES) {
      expect(atBackup[table]).toBeGreaterThanOrEqual(before[table]);
      expect(atBackup[table]).toBeLessThanOrEqual(after[table]);
    }
    const pushed = await pushIdsOf(backupPlace);
    expect(pushed.counters).toEqual(pushed.newest);
    // A browser that saw the source's later messages (after the backup) keeps its last id.
    let seenLater = 0;
    await waitFor(async () => (seenLater = (await pushIdsOf(live)).newest['1']!) > pushed.newest['1']!, 10_000, '备份之后租户 1 的新推送');

    const dataDir = await freshDataDir();
    expect(await restoreCommand([backupFile], envFor(dataDir))).toMatch(/^恢复完成：/);
    const restored = await testServer({ dataDir });
    let running = true;
    try {
      const place = databaseOf(dataDir);
      expect(await countsOf(place)).toEqual(atBackup);
      const target = await listening(restored.app);
      const browser = pushClient(target, await restored.login(), seenLater);
      browser.client.start(1);
      await waitFor(() => browser.sockets.opened > 0, 5000, '推送连接');
      const alarm = await restored.services.alarms.raise({ tenantId: 1, alarmType: 'TRASH_OVERFLOW', content: '恢复后的第一条告警' });
      const maxAlarmId = Math.max(...(await rowsOf(backupPlace, 'alarms')).map(([id]) => Number(id)));
      expect(alarm.alarmId).toBeGreaterThan(maxAlarmId);
      // The new push id is past every id of the backup and past what the browser saw since: it is shown, not ignored as old.
      await waitFor(() => browser.inbox.some((message) => message.alarmId === alarm.alarmId), 5000, '恢复后的告警推送');
      const message = browser.inbox.find((received) => received.alarmId === alarm.alarmId)!;
      expect(message.seq).toBeGreaterThan(pushed.counters['1']! + RESTORE_PUSH_SEQ_GAP);
      browser.client.stop();
      await restored.app.close();
      running = false;

      // --force restores over it (no server on it now); its counters never go back below what it handed out.
      const handedOut = (await pushIdsOf(place)).counters;
      await expect(restoreCommand([backupFile], envFor(dataDir))).rejects.toThrow(/中已有数据：恢复会覆盖它，确认要覆盖请加 --force/);
      expect(await restoreCommand([backupFile, '--force'], envFor(dataDir))).toMatch(/^恢复完成：/);
      expect(await countsOf(place)).toEqual(atBackup);
      const again = (await pushIdsOf(place)).counters;
      expect(again['1']).toBe(handedOut['1']);
      for (const tenant of Object.keys(pushed.counters))
        expect(again[tenant]).toBe(Math.max(pushed.counters[tenant]! + RESTORE_PUSH_SEQ_GAP, handedOut[tenant]!));
    } finally {
      if (running) await restored.app.close();
    }
  }, 60_000);

  it('refuses, changing nothing: a server still running, a non-empty target without --force, a newer backup, a missing or foreign file, the other database kind, bad arguments', async () => {
    const live = envFor(source.dataDir);
    const sqliteFile = sqliteFileOf({ dataDir: source.dataDir });
    const untouched = onPostgres ? undefined : { inode: statSync(sqliteFile).ino, files: readdirSync(source.dataDir).sort() };
    await expect(restoreCommand([backupFile], live)).rejects.toThrow(/中已有数据：恢复会覆盖它，确认要覆盖请加 --force/);
    await expect(restoreCommand([backupFile, '--force'], live)).rejects.toThrow(
      onPostgres ? /个连接（运行中的服务？）：请先停止所有实例再恢复/ : /正被运行中的服务使用：请先停止服务（所有实例）再恢复/,
    );
    if (untouched) expect({ inode: statSync(sqliteFile).ino, files: readdirSync(source.dataDir).sort() }).toEqual(untouched);

    // A backup made by a newer program (a migration this one does not know) is refused before anything is read into the target.
    const newer = join(scratch, onPostgres ? 'newer.dump' : 'newer.sqlite');
    if (onPostgres) {
      const newerDir = await freshDataDir();
      await query(databaseOf(newerDir), 'create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)');
      await query(databaseOf(newerDir), "insert into kysely_migration values ('001_platform', 'x'), ('999_future', 'x')");
      expect(await backupCommand([newer], envFor(newerDir))).toMatch(/^备份完成：/);
    } else {
      copyFileSync(backupFile, newer);
      const db = new SQLite(newer);
      db.prepare("insert into kysely_migration (name, timestamp) values ('999_future', 'x')").run();
      db.close();
    }
    const empty = await freshDataDir();
    await expect(restoreCommand([newer], envFor(empty))).rejects.toThrow('备份的数据库结构版本 999_future 比本程序新，请升级程序后再恢复');
    if (onPostgres) expect(await query(databaseOf(empty), "select 1 from pg_tables where schemaname = 'public'")).toEqual([]);
    else expect(readdirSync(empty)).toEqual([]);

    const garbage = join(scratch, 'notes.txt');
    writeFileSync(garbage, '这不是备份');
    const otherKind = join(scratch, onPostgres ? 'other.sqlite' : 'other.dump');
    if (onPostgres) new SQLite(otherKind).exec('create table t (x)');
    else writeFileSync(otherKind, 'PGDMP\u0001\u000e\u0000');
    await expect(restoreCommand([join(scratch, 'missing.dump')], envFor(empty))).rejects.toThrow('备份文件不存在：');
    await expect(restoreCommand([garbage], envFor(empty))).rejects.toThrow(
      '不是本程序的备份文件（既不是 SQLite 数据库，也不是 pg_dump -Fc 的归档）',
    );
    await expect(restoreCommand([otherKind], envFor(empty))).rejects.toThrow(
      onPostgres
        ? '是 SQLite 的备份，而当前配置的数据库是 PostgreSQL（设置了 DATABASE_URL）'
        : '是 PostgreSQL 的备份，而当前配置的数据库是 SQLite（未设置 DATABASE_URL）',
    );
    await expect(restoreCommand([], envFor(empty))).rejects.toThrow('缺少备份文件。用法：npm run restore -- <备份文件> [--force]');
    await expect(restoreCommand([backupFile, newer], envFor(empty))).rejects.toThrow('只能给出一个备份文件');
    await expect(restoreCommand([backupFile, '--yes'], envFor(empty))).rejects.toThrow('未知的选项 --yes');
    await expect(restoreCommand([backupFile], { ...envFor(empty), SIM_TICK_MS: 'soon' })).rejects.toThrow('SIM_TICK_MS 必须是');

    // The entry prints the refusal in Chinese and exits 1, without a stack; an existing backup file is kept without --force.
    const restore = await runCommand('restoreMain', [join(scratch, 'missing.dump')], envFor(empty));
    expect(restore).toMatchObject({ code: 1, stdout: '' });
    expect(restore.stderr.trim()).toBe(`恢复失败：备份文件不存在：${join(scratch, 'missing.dump')}`);
    const size = statSync(backupFile).size;
    await expect(backupCommand([backupFile], live)).rejects.toThrow(`备份文件已存在：${backupFile}（覆盖它请加 --force）`);
    expect(statSync(backupFile).size).toBe(size);
  }, 60_000);
});
