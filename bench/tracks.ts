// Field tracks (server/field/TrackService.ts) at a week of 1 Hz positions: positions ingested per second
// through TrackService.ingest (batches of one second of everyone, each its own transaction), and p50/p99
// of everyone's last position, one person's day track and the situation at a random time T of the week
// (the replay's query), against a plain indexed point lookup (one position by its whole key) as the
// baseline, measured in the same run on SQLite and — when PostgreSQL's programs are installed — on a
// throwaway PostgreSQL cluster. Targets: ≥ 5,000 positions/s ingested on SQLite; last positions p99 ≤ 50 ms;
// situation at T p99 ≤ 200 ms.
//
// The week is written by the database itself (a recursive series of seconds crossed with the people, a
// day per statement, in key order), then the ingest is measured on top of it (the last position rows and
// the positions' key are then as large as they will be).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../server/db/Database';
import { migrate } from '../server/db/migrate';
import { openPostgres, openSqlite, type OpenedDatabase } from '../server/db/openDatabase';
import { TrackService, type Position } from '../server/field/TrackService';
import { findPostgresBinDir, startTestCluster, type TestCluster } from '../server/testing/postgresCluster';
import { SituationService } from '../server/situation/SituationService';
import { fillSituationDay } from './situationDay';

const PEOPLE = Number(process.env.TRACKS_PEOPLE ?? 200);
const DAYS = Number(process.env.TRACKS_DAYS ?? 7);
/** Seconds between two stored fixes of a person (1: 1 Hz). */
const INTERVAL_S = Number(process.env.TRACKS_INTERVAL_S ?? 1);
const INGEST_SECONDS = Number(process.env.TRACKS_INGEST_SECONDS ?? 300);
const SAMPLES = Number(process.env.TRACKS_SAMPLES ?? 200);
const WARMUP = Number(process.env.TRACKS_WARMUP ?? 20);
/** TRACKS_DATABASES=sqlite or =postgres: only that one (default: both, PostgreSQL when installed). */
const DATABASES = (process.env.TRACKS_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
const TARGET_INGEST_PER_S = 5_000;
const TARGET_LAST_P99_MS = 50;
const TARGET_SITUATION_P99_MS = 200;
/** The replay's whole situation (GET /situation/at) over a day of alarms and device changes besides the tracks. */
const SITUATION_DAY = {
  devices: Number(process.env.TRACKS_DEVICES ?? 1_000),
  changesPerDevice: Number(process.env.TRACKS_CHANGES_PER_DEVICE ?? 12),
  alarms: Number(process.env.TRACKS_ALARMS ?? 2_000),
};
const SECOND = 1000;
const DAY = 86_400 * SECOND;
const TENANT = 1;
/** The week ends here; the measured ingest continues after it. */
const WEEK_END = Date.UTC(2026, 10, 22, 0, 0, 0);
const WEEK_START = WEEK_END - DAYS * DAY;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Runs `query` WARMUP + SAMPLES times, one after another; p50/p99 of the samples in ms. */
async function measure(query: (index: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let index = 0; index < WARMUP; index++) await query(index);
  const times: number[] = [];
  for (let index = 0; index < SAMPLES; index++) {
    const started = performance.now();
    await query(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function fill(db: Db): Promise<number[]> {
  await db
    .insertInto('tenants')
    .values({ tenant_id: TENANT, tenant_name: '基准租户', tenant_type: 'city', twin_platform_config: '{}', tenant_alarm_mp3: '' })
    .execute();
  await db
    .insertInto('field_members')
    .values(
      Array.from({ length: PEOPLE }, (_, index) => ({
        tenant_id: TENANT,
        team: 'ABC'[index % 3]!,
        name: `队员${index}`,
        role: '队员',
        shift: '白班',
        on_duty: 1,
        walkie_device_id: null,
        recorder_device_id: null,
      })),
    )
    .execute();
  const members = (await db.selectFrom('field_members').select('member_id').orderBy('member_id').execute()).map((row) =>
    Number(row.member_id),
  );
  const perDay = 86_400 / INTERVAL_S;
  for (let day = 0; day < DAYS; day++) {
    const started = performance.now();
    const dayStart = WEEK_START + day * DAY;
    await sql`
      with recursive steps(s) as (select 0 union all select s + 1 from steps where s < ${perDay - 1})
      insert into positions (tenant_id, subject_kind, subject_id, at, longitude, latitude, altitude, speed, heading)
      select ${TENANT}, 'person', m.member_id, cast(${dayStart} as bigint) + s * ${INTERVAL_S * SECOND},
        120.1 + (m.member_id % 100) / 1000.0 + (s % 600) / 100000.0, 30.2 + (m.member_id % 50) / 1000.0, null, 1.2, 90
      from field_members m cross join steps
      order by m.member_id, s`.execute(db);
    console.info(
      `  第 ${day + 1}/${DAYS} 天：${(PEOPLE * perDay).toLocaleString()} 个位置，${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // Everyone's last position as the ingest would have left it.
  const last = WEEK_END - INTERVAL_S * SECOND;
  await sql`insert into last_positions select * from positions where tenant_id = ${TENANT} and at = ${last}`.execute(db);
  return members;
}

async function run(name: string, opened: OpenedDatabase): Promise<boolean> {
  const { db } = opened;
  await migrate(db);
  console.info(`\n${name}：写入 ${PEOPLE} 人 × ${DAYS} 天（每 ${INTERVAL_S} s 一个位置）`);
  const members = await fill(db);
  let now = WEEK_END;
  const tracks = new TrackService(db, () => now);

  // Ingest: one second of everyone per batch, each batch its own transaction.
  const ingestStarted = performance.now();
  for (let second = 0; second < INGEST_SECONDS; second++) {
    const at = WEEK_END + second * SECOND;
    now = at;
    const batch: Position[] = members.map((id, index) => ({
      subjectKind: 'person',
      subjectId: id,
      at,
      longitude: 120.1 + index / 1000 + second / 100_000,
      latitude: 30.2 + index / 1000,
      speed: 1.3,
      heading: 90,
    }));
    await tracks.ingest(TENANT, batch);
  }
  const ingestPerSecond = (INGEST_SECONDS * PEOPLE) / ((performance.now() - ingestStarted) / 1000);

  const person = (index: number) => members[(index * 37) % members.length]!;
  const dayOf = (index: number) => WEEK_START + ((index * 13) % DAYS) * DAY;
  const timeOf = (index: number) =>
    WEEK_START + 3_600 * SECOND + Math.floor((((index * 7_919) % 1_000) / 1_000) * (DAYS * DAY - 3_600 * SECOND));
  const checks = {
    last: (await tracks.lastPositions(TENANT)).length,
    day: (await tracks.track(TENANT, 'person', person(1), dayOf(1), dayOf(1) + DAY - 1)).length,
    situation: (await tracks.situationAt(TENANT, timeOf(1))).length,
  };
  if (checks.last !== PEOPLE || checks.day !== 86_400 / INTERVAL_S || checks.situation !== PEOPLE)
    throw new Error(`查询结果不对：${JSON.stringify(checks)}`);

  const baseline = await measure((index) =>
    db
      .selectFrom('positions')
      .selectAll()
      .where('tenant_id', '=', TENANT)
      .where('subject_kind', '=', 'person')
      .where('subject_id', '=', person(index))
      .where('at', '=', dayOf(index) + 3_600 * SECOND)
      .executeTakeFirstOrThrow(),
  );
  const last = await measure(() => tracks.lastPositions(TENANT));
  const day = await measure((index) => tracks.track(TENANT, 'person', person(index), dayOf(index), dayOf(index) + DAY - 1));
  const situation = await measure((index) => tracks.situationAt(TENANT, timeOf(index)));

  // The replay's route: the whole situation at T within the past day (alarms open, devices offline, people) and the day's marks.
  await fillSituationDay(db, TENANT, now, SITUATION_DAY);
  const replay = new SituationService(
    db,
    tracks,
    () => undefined,
    () => now,
  );
  const replayTimeOf = (index: number) => now - DAY + 60 * SECOND + Math.floor((((index * 7_919) % 1_000) / 1_000) * (DAY - 120 * SECOND));
  const sample = await replay.at(TENANT, replayTimeOf(1));
  if (!sample.alarms.length || !sample.offlineDevices.length)
    throw new Error(`态势结果不对：${JSON.stringify({ alarms: sample.alarms.length, offline: sample.offlineDevices.length })}`);
  const replayAt = await measure((index) => replay.at(TENANT, replayTimeOf(index)));
  const replayEvents = await measure(() => replay.events(TENANT, now - DAY, now));

  const row = (label: string, figures: { p50: number; p99: number }, target?: number) =>
    `  ${label.padEnd(24)} p50 ${figures.p50.toFixed(2).padStart(8)} ms  p99 ${figures.p99.toFixed(2).padStart(8)} ms${
      target === undefined ? '' : `  目标 p99 ≤ ${target} ms ${figures.p99 <= target ? '✓' : '✗'}`
    }`;
  const ingestOk = name !== 'SQLite' || ingestPerSecond >= TARGET_INGEST_PER_S;
  console.info(
    `  写入 ${Math.round(ingestPerSecond).toLocaleString()} 个位置/s（每批 ${PEOPLE} 个）${name === 'SQLite' ? `  目标 ≥ ${TARGET_INGEST_PER_S} ${ingestOk ? '✓' : '✗'}` : ''}`,
  );
  console.info(row('基线：按主键查一个位置', baseline));
  console.info(row('所有人最新位置', last, TARGET_LAST_P99_MS));
  console.info(row(`一人一天轨迹（${checks.day} 点）`, day));
  console.info(row('T 时刻态势', situation, TARGET_SITUATION_P99_MS));
  console.info(
    `  回放（一天 ${SITUATION_DAY.alarms} 条告警、${SITUATION_DAY.devices} 台设备各 ${SITUATION_DAY.changesPerDevice} 次上下线，T 时刻告警 ${sample.alarms.length}、离线 ${sample.offlineDevices.length}、人员 ${sample.subjects.length}）`,
  );
  console.info(row('回放 /situation/at', replayAt, TARGET_SITUATION_P99_MS));
  console.info(row('回放 /situation/events', replayEvents));
  return ingestOk && last.p99 <= TARGET_LAST_P99_MS && situation.p99 <= TARGET_SITUATION_P99_MS && replayAt.p99 <= TARGET_SITUATION_P99_MS;
}

async function onSqlite(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'ops-bench-tracks-'));
  const opened = openSqlite(join(dir, 'tracks.sqlite'));
  try {
    return await run('SQLite', opened);
  } finally {
    await opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<boolean | undefined> {
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
    await admin.query('create database ops_bench_tracks');
    await admin.end();
    const opened = openPostgres(cluster.urlOf('ops_bench_tracks'));
    try {
      return await run('PostgreSQL', opened);
    } finally {
      await opened.close();
    }
  } finally {
    cluster?.stop();
  }
}

async function main(): Promise<void> {
  let ok = true;
  if (DATABASES.includes('sqlite')) ok = (await onSqlite()) && ok;
  if (DATABASES.includes('postgres')) ok = (await onPostgres()) !== false && ok;
  process.exitCode = ok ? 0 : 1;
}

await main();
