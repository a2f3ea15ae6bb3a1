import { CompiledQuery, sql } from 'kysely';
import { copyRows } from '../db/copyRows';
import { dialectOf, type Db } from '../db/Database';
import { PLATE_DAY_TRIGGERS, PLATE_SEARCH_TRIGGERS, REBUILD_PLATE_DAYS, REBUILD_PLATE_SEARCH } from '../db/migrations/024_plate_search';
import {
  drawRecord,
  localHour,
  RECORDS_PER_CAMERA_HOUR,
  type RecognitionCameraSite,
  type RecognitionRow,
} from '../recognition/recognitionModel';
import { addToRollups } from '../recognition/RecognitionRollup';
import { RECORD_COLUMNS } from '../recognition/RecognitionService';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS } from '../stats/periods';

/** The span the bulk records cover by default: a year, so a 31-day analysis window holds about a twelfth of them. */
export const BULK_RECOGNITION_DAYS = 365;
/** SQLite: rows per statement (19 parameters each, under SQLite's 32,766), one prepared text reused. */
const SQLITE_ROWS_PER_STATEMENT = 1000;
/** Rows drawn, then written at once: one SQLite transaction, or one PostgreSQL COPY stream. */
const CHUNK_ROWS = 100_000;

export interface BulkRecognitionOptions {
  /** Records each tenant should hold: a tenant with fewer is given the difference. */
  records: number;
  now: number;
  /** The span before `now` the records are spread over (default BULK_RECOGNITION_DAYS). */
  days?: number;
  /** Only these tenants (default: every tenant with recognition cameras). */
  tenantIds?: readonly number[];
  /** SQLite: from how many rows on the indexes are dropped and built again (default SQLITE_REINDEX_ROWS). */
  reindexFrom?: number;
  /** Told each tenant's rows and time. */
  info?(message: string): void;
}

export interface BulkRecognitionResult {
  tenantId: number;
  written: number;
  seconds: number;
}

/**
 * Writes recognition records in bulk (the SEED_RECOGNITION_RECORDS seed and bench/analysis.ts): for each
 * tenant with fewer than `records`, the difference, spread over the span by the model's hourly rates
 * (recordingModel's RECORDS_PER_CAMERA_HOUR) on the tenant's cameras, each record drawn by the live
 * simulator's `drawRecord` and marked origin 'seed'. Not through a service, and not the model's Poisson
 * slices: an exact count, hour by hour, written without a round trip per row (SQLite: one prepared
 * multi-row insert in transactions of CHUNK_ROWS; PostgreSQL: a COPY stream per chunk). Snapshots are
 * drawn when first asked for, as the history's are. Deterministic per tenant and count.
 */
export async function seedBulkRecognition(
  db: Db,
  cameraKinds: readonly string[],
  options: BulkRecognitionOptions,
): Promise<BulkRecognitionResult[]> {
  if (!cameraKinds.length || options.records <= 0) return [];
  let query = db
    .selectFrom('devices')
    .select(['tenant_id', 'device_id', 'longitude', 'latitude'])
    .where('kind', 'in', cameraKinds)
    .orderBy('tenant_id')
    .orderBy('device_id');
  if (options.tenantIds) query = query.where('tenant_id', 'in', options.tenantIds.length ? options.tenantIds : [0]);
  const cameras = await query.execute();
  const results: BulkRecognitionResult[] = [];
  for (const tenantId of [...new Set(cameras.map((camera) => camera.tenant_id))]) {
    const held = await db
      .selectFrom('recognition_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const missing = options.records - Number(held.n);
    if (missing <= 0) continue;
    const sites = cameras
      .filter((camera) => camera.tenant_id === tenantId)
      .map((camera) => ({ deviceId: camera.device_id, longitude: camera.longitude, latitude: camera.latitude }));
    const begun = performance.now();
    const random = seededRandom(0x5eed_2022 + 7919 * tenantId + missing);
    const write = dialectOf(db) === 'postgres' ? copyChunk : insertChunk;
    let written = 0;
    const writeAll = async (target: Db) => {
      for (const chunk of drawChunks(tenantId, sites, missing, options.now, options.days ?? BULK_RECOGNITION_DAYS, random)) {
        await write(target, chunk);
        written += chunk.length;
      }
    };
    if (dialectOf(db) === 'postgres') await writeAll(db);
    else
      await withLargeCache(db, () =>
        missing >= (options.reindexFrom ?? SQLITE_REINDEX_ROWS) ? withoutIndexes(db, writeAll) : writeAll(db),
      );
    if (dialectOf(db) === 'postgres')
      for (const table of ['recognition_records', 'recognition_hourly', 'recognition_camera_daily'])
        await sql`analyze ${sql.table(table)}`.execute(db);
    const seconds = (performance.now() - begun) / 1000;
    options.info?.(
      `已为租户 ${tenantId} 批量写入识别记录 ${written} 条（${seconds.toFixed(1)} s，${Math.round(written / seconds)} 条/秒）`,
    );
    results.push({ tenantId, written, seconds });
  }
  return results;
}

/**
 * `count` records over the whole hours of [now - days, now), in time order, CHUNK_ROWS at a time: each
 * hour gets its share of the count by its Shanghai hour's rate (the running total rounded, so the shares
 * add up to `count` exactly), its records at random times within it on cameras drawn evenly.
 */
export function* drawChunks(
  tenantId: number,
  cameras: readonly RecognitionCameraSite[],
  count: number,
  now: number,
  days: number,
  random: () => number,
): Generator<RecognitionRow[]> {
  const firstHour = Math.floor((now - days * DAY_MS) / HOUR_MS);
  const hours = Math.floor(now / HOUR_MS) - firstHour;
  if (!cameras.length || hours <= 0 || count <= 0) return;
  const rateOf = (hour: number) => RECORDS_PER_CAMERA_HOUR[localHour(hour * HOUR_MS)]!;
  let totalRate = 0;
  for (let hour = firstHour; hour < firstHour + hours; hour++) totalRate += rateOf(hour);
  let chunk: RecognitionRow[] = [];
  let rateSoFar = 0;
  let drawn = 0;
  for (let hour = firstHour; hour < firstHour + hours; hour++) {
    rateSoFar += rateOf(hour);
    const due = Math.round((count * rateSoFar) / totalRate) - drawn;
    const times = Array.from({ length: due }, () => hour * HOUR_MS + Math.floor(random() * HOUR_MS)).sort((a, b) => a - b);
    for (const at of times) {
      const row = drawRecord(tenantId, cameras[Math.floor(random() * cameras.length)]!, at, random);
      row.origin = 'seed';
      chunk.push(row);
    }
    drawn += due;
    if (chunk.length >= CHUNK_ROWS) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/** SQLite pages the bulk write may keep in memory (KiB; the default is 2 MB). */
const BULK_CACHE_KIB = 256 * 1024;

/**
 * SQLite: `work` with a page cache of BULK_CACHE_KIB, then the connection's own again. The plate index
 * takes each record at a random place: with the default 2 MB cache nearly every insert reads its page back.
 */
async function withLargeCache(db: Db, work: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  const before = Number(rows[0]?.cache_size ?? -2000);
  await sql.raw(`pragma cache_size = -${BULK_CACHE_KIB}`).execute(db);
  try {
    await work();
  } finally {
    await sql.raw(`pragma cache_size = ${before}`).execute(db);
  }
}

/** SQLite: from this many rows on, the table's indexes are dropped for the write and built again after. */
const SQLITE_REINDEX_ROWS = 1_000_000;

/**
 * SQLite: `work` in one transaction with the table's indexes and migration 024's triggers dropped, then
 * built again (the indexes from their own definitions in sqlite_master, the plate search and the plates
 * per day by one rebuild each): each index is then one sort, not millions of inserts at random places
 * (about three times faster at 10M). One transaction, so a start that dies midway leaves the table and
 * its indexes as they were. Nothing else writes while the database is being prepared.
 */
async function withoutIndexes(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'index' and tbl_name = 'recognition_records' and sql is not null`.execute(trx);
    for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
    // Migration 024's triggers too: the plate search and the plates per day are rebuilt once after, not row by row.
    const triggers = [...PLATE_SEARCH_TRIGGERS, ...PLATE_DAY_TRIGGERS];
    for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
    await work(trx);
    for (const index of rows) await sql.raw(index.sql).execute(trx);
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(trx);
    for (const statement of [REBUILD_PLATE_SEARCH, ...REBUILD_PLATE_DAYS]) await sql.raw(statement).execute(trx);
  });
}

/**
 * SQLite: the chunk in one transaction, through one prepared insert of SQLITE_ROWS_PER_STATEMENT rows (and
 * one for the rest), its counts added to the rollups in the same transaction (grouped in JavaScript: a few
 * thousand upserts per chunk, cheaper than a group-by over the tenant's records after the write).
 */
async function insertChunk(db: Db, rows: readonly RecognitionRow[]): Promise<void> {
  const insert = async (trx: Db) => {
    for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
      const batch = rows.slice(start, start + SQLITE_ROWS_PER_STATEMENT);
      const values: unknown[] = [];
      for (const row of batch) for (const column of RECORD_COLUMNS) values.push(row[column] ?? null);
      await trx.executeQuery(CompiledQuery.raw(insertText(batch.length), values));
    }
    await addToRollups(trx, 'sqlite', rows);
  };
  // Inside withoutIndexes' transaction already: part of it.
  if (db.isTransaction) await insert(db);
  else await db.transaction().execute(insert);
}

const insertTexts = new Map<number, string>();
/** The insert of `rows` rows: the same text each time, so the statement cache prepares it once. */
function insertText(rows: number): string {
  let text = insertTexts.get(rows);
  if (!text) {
    const tuple = `(${RECORD_COLUMNS.map(() => '?').join(',')})`;
    text = `insert into recognition_records (${RECORD_COLUMNS.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(',')}`;
    insertTexts.set(rows, text);
  }
  return text;
}

/** PostgreSQL: the chunk as one COPY stream, and its counts added to the rollups, in one transaction. */
async function copyChunk(db: Db, rows: readonly RecognitionRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await copyRows(trx, 'recognition_records', RECORD_COLUMNS, rows);
    await addToRollups(trx, 'postgres', rows);
  });
}
