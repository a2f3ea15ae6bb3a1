import {
  normalizePlate,
  RECOGNITION_EXPORT_MAX_ROWS,
  RECOGNITION_MAX_CAMERAS,
  recognitionRangeProblem,
  type AgeBand,
  type FaceAttribute,
  type Gender,
  type NonMotorType,
  type PlateColor,
  type PowerType,
  type RecognitionCamera,
  type RecognitionKind,
  type RecognitionQuery,
  type RecognitionRecord,
  type TargetType,
  type VehicleColor,
  type VehicleType,
} from '../../contracts/recognition';
import { MAX_ID } from '../../contracts/api/schemas';
import { RECOGNITION_SEARCH_COUNT_CAP } from '../../contracts/api/recognitionRoutes';
import { sql } from 'kysely';
import { dialectOf, type Database, type Db } from '../db/Database';
import { PLATE_SEARCH_TABLE } from '../db/migrations/024_plate_search';
import { badRequest } from '../envelope';
import type { RecognitionRow } from './recognitionModel';
import type { SnapshotStore } from './SnapshotStore';
import { copyRows } from '../db/copyRows';
import { addToRollups, countRecords } from './RecognitionRollup';

/** Rows a statement inserts at once: 21 columns each, well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 1000;
/** The columns a record is written with (PostgreSQL's COPY names them; the id is the table's own). */
export const RECORD_COLUMNS: readonly (keyof RecognitionRow & string)[] = [
  'tenant_id',
  'device_id',
  'at',
  'longitude',
  'latitude',
  'kind',
  'age_band',
  'gender',
  'attributes',
  'plate',
  'plate_color',
  'vehicle_type',
  'vehicle_color',
  'power_type',
  'non_motor_type',
  'people_count',
  'target_type',
  'snapshot',
  'origin',
  'person_id',
];
/** Rows an export reads per round trip (keyset paging, newest first). */
const EXPORT_BATCH = 2000;
const DEVICE_IDS = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;
/** A whole plate: province, letter, five or six letters and digits. */
const WHOLE_PLATE = /^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/;
const PLATE_TEXT = /^[\u4e00-\u9fa5A-Z0-9]+$/;

/** A search's filters checked and parsed: the handler's query as the SQL needs it. */
export interface RecognitionFilter extends Omit<RecognitionQuery, 'deviceIds' | 'plate'> {
  deviceIds?: number[];
  /** Normalised (浙A12345); `wholePlate` says whether it is a whole plate (an index seek) or a fragment (LIKE over the range). */
  plate?: string;
  wholePlate?: boolean;
}

const recordsOf = (db: Db) => db.selectFrom('recognition_records as r');
/** A fragment this long or longer is found through the trigram index (migration 024); a shorter one is a LIKE over the range. */
export const PLATE_TRIGRAM_MIN = 3;
/** SQLite: by default, a fragment in at most this many plates is looked up record by record (≤ ~100 ms). */
const PLATE_LOOKUP_MAX = 40_000;
/** How a search's plate fragment is found: see RecognitionService.platePlan. */
type PlatePlan = 'none' | 'short' | 'lookup' | 'range';
/** A fragment as an FTS5 phrase (it holds only 汉字, letters and digits: no quote to escape). */
const plateMatch = (fragment: string) => `"${fragment}"`;
type Scope = ReturnType<typeof recordsOf>;
export type StoredRecord = Database['recognition_records'] & { device_name: string | null };
/** One page of a search and how many records it finds (`totalCapped`: counted up to RECOGNITION_SEARCH_COUNT_CAP only). */
export interface RecognitionPage {
  rows: RecognitionRecord[];
  total: number;
  totalCapped: boolean;
}
/** Told of a tenant's records after they are stored (the watchlists match them); a failure is reported, the records stay. */
export type RecordsListener = (tenantId: number, rows: readonly RecognitionRow[]) => Promise<void>;

/** Checks a search's input beyond its schema (time range, camera list, plate text): a clear Chinese 400 naming the field. */
export function parseRecognitionQuery(query: RecognitionQuery): RecognitionFilter {
  const problem = recognitionRangeProblem(query.beginTime, query.endTime);
  if (problem) throw badRequest(problem);
  const { deviceIds: deviceText, plate: plateText, ...rest } = query;
  const filter: RecognitionFilter = rest;
  if (deviceText !== undefined && deviceText.trim() !== '') {
    const text = deviceText.replace(/\s+/g, '');
    const ids = DEVICE_IDS.test(text) ? text.split(',').map(Number) : [];
    if (!ids.length || ids.some((id) => id > MAX_ID)) throw badRequest('摄像机（deviceIds）必须是逗号分隔的设备编号，如 1,2,3');
    if (ids.length > RECOGNITION_MAX_CAMERAS) throw badRequest(`摄像机（deviceIds）一次最多 ${RECOGNITION_MAX_CAMERAS} 台`);
    filter.deviceIds = [...new Set(ids)];
  }
  if (plateText !== undefined) {
    const plate = normalizePlate(plateText);
    if (!plate) throw badRequest('车牌（plate）不能为空');
    if (!PLATE_TEXT.test(plate)) throw badRequest('车牌（plate）只能包含汉字、字母和数字');
    filter.plate = plate;
    filter.wholePlate = WHOLE_PLATE.test(plate);
  }
  return filter;
}

/**
 * The recognition records of a tenant's AI cameras: written by the simulator and the history (`insert`),
 * searched by 数据检索 (`search`, `iterate` for the CSV export) and their snapshots. Every query is
 * scoped to the tenant and bounded by the search's time range (at most 31 days), which the indexes
 * of migration 019 lead with.
 */
export class RecognitionService {
  private readonly listeners: { listener: RecordsListener; onError: (error: unknown) => void }[] = [];

  constructor(
    private readonly db: Db,
    /** Device kinds (page names) whose devices recognise: those with live video. */
    private readonly cameraKinds: readonly string[],
    readonly snapshots: SnapshotStore,
    /** SQLite: a fragment in at most this many plates (every tenant, every time) is looked up record by record. */
    private readonly plateLookupMax = PLATE_LOOKUP_MAX,
  ) {}

  /** The tenant's recognition cameras (every one, online or not: their past records are searchable). */
  async cameras(tenantId: number): Promise<RecognitionCamera[]> {
    if (!this.cameraKinds.length) return [];
    const rows = await this.db
      .selectFrom('devices')
      .select(['device_id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('kind', 'in', this.cameraKinds)
      .orderBy('device_id')
      .execute();
    return rows.map((row) => ({ deviceId: row.device_id, name: row.name }));
  }

  /** The online cameras of every tenant with their positions: what the simulator produces records for. */
  async onlineCameras(): Promise<Map<number, { deviceId: number; longitude: number; latitude: number }[]>> {
    const byTenant = new Map<number, { deviceId: number; longitude: number; latitude: number }[]>();
    if (!this.cameraKinds.length) return byTenant;
    const rows = await this.db
      .selectFrom('devices')
      .select(['tenant_id', 'device_id', 'longitude', 'latitude'])
      .where('kind', 'in', this.cameraKinds)
      .where('online', '=', 1)
      .orderBy('tenant_id')
      .orderBy('device_id')
      .execute();
    for (const row of rows) {
      const cameras = byTenant.get(row.tenant_id) ?? [];
      cameras.push({ deviceId: row.device_id, longitude: row.longitude, latitude: row.latitude });
      byTenant.set(row.tenant_id, cameras);
    }
    return byTenant;
  }

  /** Tells `listener` of every tenant's records `store` stores (after they are stored). */
  onRecorded(listener: RecordsListener, onError: (error: unknown) => void): void {
    this.listeners.push({ listener, onError });
  }

  /**
   * Stores a tenant's live records with their snapshots (the simulator's ticks), then tells the listeners:
   * the hook the watchlists match on, so nothing polls the table. The history writes through `insert`
   * alone: a fresh database has no deployment to match.
   */
  async store(tenantId: number, rows: readonly RecognitionRow[]): Promise<void> {
    if (!rows.length) return;
    await this.snapshots.write(tenantId, rows);
    await RecognitionService.insert(this.db, rows);
    for (const { listener, onError } of this.listeners) {
      try {
        await listener(tenantId, rows);
      } catch (error) {
        onError(error);
      }
    }
  }

  /**
   * Writes records (the simulator's ticks, the history's month) and adds them to the rollups
   * (RecognitionRollup.ts) in the same transaction: on PostgreSQL in one COPY stream (copyRows; the
   * unnest insert it replaced took twice as long for the month), on SQLite in multi-row statements.
   */
  static async insert(db: Db, rows: readonly RecognitionRow[]): Promise<void> {
    if (!rows.length) return;
    const dialect = dialectOf(db);
    const write = async (trx: Db) => {
      if (dialect === 'postgres')
        await copyRows(
          trx,
          'recognition_records',
          RECORD_COLUMNS,
          // Copied only when a row lacks its origin (a month of the history's carries it: 58k copies spared).
          rows.every((row) => row.origin != null) ? rows : rows.map((row) => ({ ...row, origin: row.origin ?? 'live' })),
        );
      else
        for (let start = 0; start < rows.length; start += INSERT_BATCH)
          await trx
            .insertInto('recognition_records')
            .values(rows.slice(start, start + INSERT_BATCH))
            .execute();
      await addToRollups(trx, dialect, rows);
    };
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
  }

  /**
   * How a fragment of ≥ PLATE_TRIGRAM_MIN characters is found (migration 024). PostgreSQL: its LIKE
   * uses the pg_trgm index by itself. SQLite: the FTS5 trigram table is asked first how many plates of
   * every tenant and time hold the fragment (a count of its index: 14 ms for 135k at 10M records). Up to
   * plateLookupMax the records are looked up by id (a rare fragment: …12345; ~2.5 µs each); more (a
   * common one: 浙A1) and a lookup would cost more than the LIKE over the range's records (~0.2–0.3 µs
   * each: 160–220 ms for a 31-day window at 10M), which is bounded by the window whatever the table holds.
   * Measured at 10M: the range's records read through the FTS matches as an IN list (the planner's own
   * choice) cost more than either (250 ms for 浙A1), so neither plan uses it.
   */
  private async platePlan(filter: RecognitionFilter): Promise<PlatePlan> {
    if (!filter.plate || filter.wholePlate) return 'none';
    if ([...filter.plate].length < PLATE_TRIGRAM_MIN) return 'short';
    if (dialectOf(this.db) === 'postgres') return 'none';
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(PLATE_SEARCH_TABLE)}
      where ${sql.table(PLATE_SEARCH_TABLE)} match ${plateMatch(filter.plate)}`.execute(this.db);
    return Number(row.rows[0]?.n ?? 0) <= this.plateLookupMax ? 'lookup' : 'range';
  }

  private scope(tenantId: number, filter: RecognitionFilter, plan: PlatePlan): Scope {
    // 'lookup': the tenant and time compared as expressions (+column), so no index on them competes with the ids' lookup.
    const column = (name: 'r.tenant_id' | 'r.at') => (plan === 'lookup' ? sql<number>`+${sql.ref(name)}` : sql.ref(name));
    let query: Scope = recordsOf(this.db)
      .where(column('r.tenant_id'), '=', tenantId)
      .where(column('r.at'), '>=', filter.beginTime)
      .where(column('r.at'), '<=', filter.endTime);
    if (filter.deviceIds) query = query.where('r.device_id', 'in', filter.deviceIds);
    if (filter.kind) query = query.where('r.kind', '=', filter.kind);
    if (filter.ageBand) query = query.where('r.age_band', '=', filter.ageBand);
    if (filter.gender) query = query.where('r.gender', '=', filter.gender);
    if (filter.faceAttribute) query = query.where('r.attributes', 'like', `%,${filter.faceAttribute},%`);
    if (filter.plateColor) query = query.where('r.plate_color', '=', filter.plateColor);
    if (filter.vehicleType) query = query.where('r.vehicle_type', '=', filter.vehicleType);
    if (filter.vehicleColor) query = query.where('r.vehicle_color', '=', filter.vehicleColor);
    if (filter.powerType) query = query.where('r.power_type', '=', filter.powerType);
    if (filter.nonMotorType) query = query.where('r.non_motor_type', '=', filter.nonMotorType);
    if (filter.targetType) query = query.where('r.target_type', '=', filter.targetType);
    if (!filter.plate) return query;
    // A whole plate seeks the tenant + plate index. A fragment (checked to letters, digits and 汉字: nothing LIKE
    // or the FTS query syntax reads specially) is always LIKE'd, so the trigram index only narrows, never decides.
    if (filter.wholePlate) return query.where('r.plate', '=', filter.plate);
    // A fragment of 1–2 characters has no trigram, yet PostgreSQL's planner may take the pg_trgm index for
    // its LIKE, whose scan then yields every row of the table: strpos() cannot use it, so the range is read.
    if (plan === 'short' && dialectOf(this.db) === 'postgres') return query.where(sql<boolean>`strpos(r.plate, ${filter.plate}) > 0`);
    query = query.where('r.plate', 'like', `%${filter.plate}%`);
    if (plan === 'lookup')
      query = query.where(
        sql<boolean>`r.record_id in (select rowid from ${sql.table(PLATE_SEARCH_TABLE)} where ${sql.table(PLATE_SEARCH_TABLE)} match ${plateMatch(filter.plate)})`,
      );
    return query;
  }

  /** Rows with their camera's name, newest first. */
  private rows(scope: Scope) {
    return scope
      .leftJoin('devices as d', (join) => join.onRef('d.device_id', '=', 'r.device_id').onRef('d.tenant_id', '=', 'r.tenant_id'))
      .selectAll('r')
      .select('d.name as device_name')
      .orderBy('r.at', 'desc')
      .orderBy('r.record_id', 'desc');
  }

  async count(tenantId: number, filter: RecognitionFilter): Promise<number> {
    return this.countOf(tenantId, filter, await this.platePlan(filter));
  }

  /** The search's records; with `cap`, counted no further than cap + 1. */
  private async countOf(tenantId: number, filter: RecognitionFilter, plan: PlatePlan, cap?: number): Promise<number> {
    // Nothing but the range (and the kind): the rollup's hourly totals and the range's partial hours.
    const { beginTime, endTime, kind, ...others } = filter;
    if (Object.values(others).every((value) => value === undefined))
      return countRecords(this.db, tenantId, { start: beginTime, end: endTime + 1 }, kind);
    const scope = this.scope(tenantId, filter, plan);
    const counted =
      cap === undefined
        ? scope.select((eb) => eb.fn.countAll<number>().as('n'))
        : this.db
            .selectFrom(
              scope
                .select(sql.lit(1).as('one'))
                .limit(cap + 1)
                .as('capped'),
            )
            .select((eb) => eb.fn.countAll<number>().as('n'));
    return Number((await counted.executeTakeFirstOrThrow()).n);
  }

  /**
   * One page of the search, newest first, and the number of records it finds. A fragment of one or two
   * characters (浙, A1) has no trigram index: its rows are a LIKE over the range, and its count stops at
   * RECOGNITION_SEARCH_COUNT_CAP (`totalCapped`: the page says 10,000+ 条) rather than reading every record of a
   * month to say how many thousands more.
   */
  async search(tenantId: number, filter: RecognitionFilter, pageNum: number, pageSize: number): Promise<RecognitionPage> {
    const plan = await this.platePlan(filter);
    const cap = plan === 'short' ? RECOGNITION_SEARCH_COUNT_CAP : undefined;
    const [counted, rows] = await Promise.all([
      this.countOf(tenantId, filter, plan, cap),
      this.rows(this.scope(tenantId, filter, plan))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize)
        .execute(),
    ]);
    const totalCapped = cap !== undefined && counted > cap;
    return { total: totalCapped ? RECOGNITION_SEARCH_COUNT_CAP : counted, totalCapped, rows: rows.map((row) => this.record(row)) };
  }

  /** Refuses an export above RECOGNITION_EXPORT_MAX_ROWS before a byte is sent; returns how many rows it will write. */
  async exportSize(tenantId: number, filter: RecognitionFilter, limit = RECOGNITION_EXPORT_MAX_ROWS): Promise<number> {
    const total = await this.count(tenantId, filter);
    if (total > limit)
      throw badRequest(`导出条数 ${total} 超过上限 ${limit}：请缩小时间范围（beginTime 至 endTime）或增加筛选条件后再导出`);
    return total;
  }

  /**
   * The search's records, newest first, a batch at a time (keyset paging on time and id): an export
   * of any size holds one batch in memory, and reads the next only when the reply asks for it.
   */
  async *iterate(tenantId: number, filter: RecognitionFilter): AsyncGenerator<RecognitionRecord> {
    let after: { at: number; id: number } | undefined;
    const plan = await this.platePlan(filter);
    for (;;) {
      let scope = this.scope(tenantId, filter, plan);
      if (after) {
        const { at, id } = after;
        scope = scope.where((eb) => eb.or([eb('r.at', '<', at), eb.and([eb('r.at', '=', at), eb('r.record_id', '<', id)])]));
      }
      const batch = await this.rows(scope).limit(EXPORT_BATCH).execute();
      for (const row of batch) yield this.record(row);
      const last = batch[batch.length - 1];
      if (batch.length < EXPORT_BATCH || !last) return;
      after = { at: Number(last.at), id: Number(last.record_id) };
    }
  }

  /** A record's snapshot (PNG), or null when it has none any more; another tenant's record is not found. */
  async snapshot(tenantId: number, recordId: number): Promise<Buffer | null | undefined> {
    const row = await this.db
      .selectFrom('recognition_records')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('record_id', '=', recordId)
      .executeTakeFirst();
    if (!row) return undefined;
    return this.snapshots.read(tenantId, { ...row, at: Number(row.at) });
  }

  /** The labels of the dictionaries' codes (dict_data), for the export's cells. */
  async dictionaryLabels(types: readonly string[]): Promise<Map<string, Map<string, string>>> {
    const rows = await this.db
      .selectFrom('dict_data')
      .select(['dict_type', 'dict_value', 'dict_label'])
      .where('dict_type', 'in', [...types])
      .execute();
    const labels = new Map<string, Map<string, string>>();
    for (const row of rows) {
      const entries = labels.get(row.dict_type) ?? new Map<string, string>();
      entries.set(row.dict_value, row.dict_label);
      labels.set(row.dict_type, entries);
    }
    return labels;
  }

  private record(row: StoredRecord): RecognitionRecord {
    const at = Number(row.at);
    return {
      recordId: Number(row.record_id),
      deviceId: row.device_id,
      deviceName: row.device_name ?? `设备 ${row.device_id}`,
      at,
      longitude: row.longitude,
      latitude: row.latitude,
      kind: row.kind as RecognitionKind,
      ageBand: row.age_band as AgeBand | null,
      gender: row.gender as Gender | null,
      faceAttributes: row.attributes.split(',').filter(Boolean) as FaceAttribute[],
      plate: row.plate,
      plateColor: row.plate_color as PlateColor | null,
      vehicleType: row.vehicle_type as VehicleType | null,
      vehicleColor: row.vehicle_color as VehicleColor | null,
      powerType: row.power_type as PowerType | null,
      nonMotorType: row.non_motor_type as NonMotorType | null,
      peopleCount: row.people_count,
      targetType: row.target_type as TargetType | null,
      hasSnapshot: row.snapshot !== null && this.snapshots.kept(at),
    };
  }
}
