import { MAX_ID } from '../../contracts/api/schemas';
import { CompiledQuery, sql } from 'kysely';
import { dialectOf, type Db } from '../db/Database';
import type { PositionRow } from '../db/FieldTables';
import { copyRows } from '../db/copyRows';
import { columnNames, unnestRows, type ColumnType } from '../db/rowsExpression';
import { badRequest } from '../envelope';

/** Who a position belongs to: a field member (their member id) or a UAV (its device id). */
export type SubjectKind = 'person' | 'uav';
export const SUBJECT_KINDS: readonly SubjectKind[] = ['person', 'uav'];

/** A position as the simulator and the devices report it, and as the queries give it back. */
export interface Position {
  subjectKind: SubjectKind;
  subjectId: number;
  /** Epoch ms. */
  at: number;
  longitude: number;
  latitude: number;
  /** Metres above sea level. */
  altitude?: number | null;
  /** Metres per second. */
  speed?: number | null;
  /** Degrees clockwise from north, [0, 360). */
  heading?: number | null;
}

/** Positions one ingest may carry: a second of 1 Hz fixes for far more subjects than a tenant has. */
export const INGEST_MAX_POSITIONS = 20_000;
/** The longest track one query reads: a day (86,400 fixes at 1 Hz). */
export const TRACK_MAX_RANGE_MS = 24 * 3_600_000;
/** How old a subject's newest position at T may be for the situation to show it (default). */
export const SITUATION_HORIZON_MS = 10 * 60_000;
/** The longest horizon a situation query accepts. */
export const SITUATION_MAX_HORIZON_MS = 24 * 3_600_000;
/** A fix this far ahead of the server's clock is refused (a device's clock may run a little fast). */
const FUTURE_TOLERANCE_MS = 5 * 60_000;
/** SQLite: rows per INSERT (9 parameters each, under its 32,766). PostgreSQL takes a batch in one statement (one array per column). */
const SQLITE_ROWS_PER_INSERT = 3_000;

const POSITION_COLUMNS: { readonly [Name in keyof PositionRow]: ColumnType } = {
  tenant_id: 'integer',
  subject_kind: 'text',
  subject_id: 'integer',
  at: 'bigint',
  longitude: 'float8',
  latitude: 'float8',
  altitude: 'float8',
  speed: 'float8',
  heading: 'float8',
};

const isSubjectKind = (value: unknown): value is SubjectKind => SUBJECT_KINDS.some((kind) => kind === value);
const optionalFinite = (value: unknown) => value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value));

/** What is wrong with one position (in Chinese, naming the field), or undefined. */
function positionProblem(position: Position, now: number): string | undefined {
  if (!isSubjectKind(position.subjectKind)) return '对象类型（subjectKind）必须是 person 或 uav';
  if (!Number.isInteger(position.subjectId) || position.subjectId < 1 || position.subjectId > MAX_ID)
    return '对象编号（subjectId）必须是正整数';
  if (!Number.isInteger(position.at) || position.at < 0) return '时间（at）必须是毫秒时间戳';
  if (position.at > now + FUTURE_TOLERANCE_MS) return '时间（at）不能晚于当前时间';
  if (typeof position.longitude !== 'number' || !(Math.abs(position.longitude) <= 180)) return '经度（longitude）必须在 -180 到 180 之间';
  if (typeof position.latitude !== 'number' || !(Math.abs(position.latitude) <= 90)) return '纬度（latitude）必须在 -90 到 90 之间';
  if (!optionalFinite(position.altitude)) return '高度（altitude）必须是数值';
  if (!optionalFinite(position.speed) || (position.speed ?? 0) < 0) return '速度（speed）必须是非负数值';
  if (!optionalFinite(position.heading) || (position.heading ?? 0) < 0 || (position.heading ?? 0) >= 360)
    return '航向（heading）必须在 0 到 360 之间';
  return undefined;
}

const rowOf = (tenantId: number, position: Position): PositionRow => ({
  tenant_id: tenantId,
  subject_kind: position.subjectKind,
  subject_id: position.subjectId,
  at: position.at,
  longitude: position.longitude,
  latitude: position.latitude,
  altitude: position.altitude ?? null,
  speed: position.speed ?? null,
  heading: position.heading ?? null,
});

const positionOf = (row: PositionRow): Position => ({
  subjectKind: isSubjectKind(row.subject_kind) ? row.subject_kind : 'person',
  subjectId: Number(row.subject_id),
  at: Number(row.at),
  longitude: row.longitude,
  latitude: row.latitude,
  altitude: row.altitude,
  speed: row.speed,
  heading: row.heading,
});

const subjectKey = (kind: string, id: number) => `${kind}:${id}`;

const POSITION_COLUMN_NAMES = columnNames(POSITION_COLUMNS);
const SQLITE_ROW_PLACEHOLDERS = `(${POSITION_COLUMN_NAMES.map(() => '?').join(', ')})`;
/** SQLite: a batch of positions as one INSERT (a resent fix ignored), its parameters in column order. */
function sqliteInsert(rows: readonly PositionRow[]): CompiledQuery {
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of POSITION_COLUMN_NAMES) parameters.push(row[column]);
  const values = Array.from({ length: rows.length }, () => SQLITE_ROW_PLACEHOLDERS).join(', ');
  return CompiledQuery.raw(
    `insert into positions (${POSITION_COLUMN_NAMES.join(', ')}) values ${values} on conflict do nothing`,
    parameters,
  );
}

export interface IngestOptions {
  /**
   * The caller knows none of these fixes is stored yet (a history writing a tenant without positions): on
   * PostgreSQL they are copied in (COPY), which cannot skip a resent fix, so a duplicate fails the batch.
   */
  fresh?: boolean;
}

/**
 * The tracks of a tenant's people and UAVs (migration 025): positions stored as they stream in, each
 * subject's newest kept beside them, and the three reads of field work — everyone's last position, one
 * subject's track, and the situation at a past time T (the replay). Every query is scoped to the tenant.
 */
export class TrackService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Stores a batch of a tenant's positions: checked whole first (a bad one refuses the batch with a
   * Chinese 400 and nothing is written), each subject must be the tenant's (a member, or a UAV device).
   * One transaction: the positions (a resent fix, same subject and millisecond, is ignored) and each
   * subject's newest, which replaces the stored last position only when newer. Returns the positions stored.
   */
  async ingest(tenantId: number, positions: readonly Position[], options: IngestOptions = {}): Promise<number> {
    if (!positions.length) return 0;
    if (positions.length > INGEST_MAX_POSITIONS) throw badRequest(`一次最多上报 ${INGEST_MAX_POSITIONS} 个位置`);
    const now = this.clock();
    for (const [index, position] of positions.entries()) {
      const problem = positionProblem(position, now);
      if (problem) throw badRequest(`第 ${index + 1} 个位置：${problem}`);
    }
    await this.checkSubjects(tenantId, positions);
    const rows = positions.map((position) => rowOf(tenantId, position));
    const newest = new Map<string, PositionRow>();
    for (const row of rows) {
      const key = subjectKey(row.subject_kind, row.subject_id);
      const known = newest.get(key);
      if (!known || row.at > known.at) newest.set(key, row);
    }
    const postgres = dialectOf(this.db) === 'postgres';
    return this.db.transaction().execute(async (trx) => {
      let stored = 0;
      const chunkSize = postgres ? rows.length : SQLITE_ROWS_PER_INSERT;
      for (let start = 0; start < rows.length; start += chunkSize) {
        const chunk = rows.slice(start, start + chunkSize);
        if (!postgres) {
          // SQLite: the statement's text by hand (one placeholder list per row): building Kysely's tree of
          // 27,000 values cost more than SQLite's insert (a day's history for a tenant: 1.8 s → under 1 s).
          const result = await trx.executeQuery(sqliteInsert(chunk));
          stored += Number(result.numAffectedRows ?? 0);
          continue;
        }
        if (options.fresh) {
          // COPY: one stream, no statement per batch (a day of a tenant's people: ~2× faster than unnest).
          stored += await copyRows(trx, 'positions', POSITION_COLUMN_NAMES, chunk);
          continue;
        }
        const result = await trx
          .insertInto('positions')
          .columns(columnNames(POSITION_COLUMNS))
          .expression(unnestRows(POSITION_COLUMNS, chunk))
          .onConflict((conflict) => conflict.doNothing())
          .executeTakeFirst();
        stored += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      const latest = [...newest.values()];
      const upsert = trx.insertInto('last_positions');
      await (
        postgres ? upsert.columns(columnNames(POSITION_COLUMNS)).expression(unnestRows(POSITION_COLUMNS, latest)) : upsert.values(latest)
      )
        .onConflict((conflict) =>
          conflict
            .columns(['tenant_id', 'subject_kind', 'subject_id'])
            .doUpdateSet((eb) => ({
              at: eb.ref('excluded.at'),
              longitude: eb.ref('excluded.longitude'),
              latitude: eb.ref('excluded.latitude'),
              altitude: eb.ref('excluded.altitude'),
              speed: eb.ref('excluded.speed'),
              heading: eb.ref('excluded.heading'),
            }))
            .where((eb) => eb('excluded.at', '>', eb.ref('last_positions.at'))),
        )
        .execute();
      return stored;
    });
  }

  /** Refuses positions of a subject that is not the tenant's: a member of another tenant, or a device that is no UAV of it. */
  private async checkSubjects(tenantId: number, positions: readonly Position[]): Promise<void> {
    for (const kind of SUBJECT_KINDS) {
      const ids = [...new Set(positions.filter((position) => position.subjectKind === kind).map((position) => position.subjectId))];
      if (!ids.length) continue;
      const known = new Set(
        kind === 'person'
          ? (
              await this.db
                .selectFrom('field_members')
                .select('member_id as id')
                .where('tenant_id', '=', tenantId)
                .where('member_id', 'in', ids)
                .execute()
            ).map((row) => Number(row.id))
          : (
              await this.db
                .selectFrom('devices')
                .select('device_id as id')
                .where('tenant_id', '=', tenantId)
                .where('kind', '=', 'uav')
                .where('device_id', 'in', ids)
                .execute()
            ).map((row) => Number(row.id)),
      );
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) throw badRequest(kind === 'person' ? `人员 ${unknown} 不存在` : `无人机 ${unknown} 不存在`);
    }
  }

  /** Everyone's newest position (people and UAVs of the tenant), by kind and id. */
  async lastPositions(tenantId: number): Promise<Position[]> {
    const rows = await this.db
      .selectFrom('last_positions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('subject_kind')
      .orderBy('subject_id')
      .execute();
    return rows.map(positionOf);
  }

  /** One subject's positions from `from` to `to` (inclusive, at most a day), oldest first. */
  async track(tenantId: number, subjectKind: SubjectKind, subjectId: number, from: number, to: number): Promise<Position[]> {
    if (!isSubjectKind(subjectKind)) throw badRequest('对象类型（subjectKind）必须是 person 或 uav');
    if (!Number.isInteger(subjectId) || subjectId < 1 || subjectId > MAX_ID) throw badRequest('对象编号（subjectId）必须是正整数');
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0) throw badRequest('开始和结束时间必须是毫秒时间戳');
    if (to < from) throw badRequest('结束时间不能早于开始时间');
    if (to - from > TRACK_MAX_RANGE_MS) throw badRequest('轨迹一次最多查询 24 小时');
    const rows = await this.db
      .selectFrom('positions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('subject_kind', '=', subjectKind)
      .where('subject_id', '=', subjectId)
      .where('at', '>=', from)
      .where('at', '<=', to)
      .orderBy('at')
      .execute();
    return rows.map(positionOf);
  }

  /**
   * The situation at time `at`: each subject's newest position at or before it, if that is at most
   * `horizon` ms older (a subject silent longer is not shown). The subjects are those whose last position
   * is within the horizon or later; each is one backwards seek on the positions' key (max(at) of a key
   * prefix reads one index entry on both databases), not a scan of the window.
   */
  async situationAt(tenantId: number, at: number, horizon = SITUATION_HORIZON_MS): Promise<Position[]> {
    if (!Number.isInteger(at) || at < 0) throw badRequest('时间（at）必须是毫秒时间戳');
    if (!Number.isInteger(horizon) || horizon < 1 || horizon > SITUATION_MAX_HORIZON_MS)
      throw badRequest('时间窗（horizon）必须在 1 毫秒到 24 小时之间');
    const since = at - horizon;
    const newest = sql`from positions q
      where q.tenant_id = s.tenant_id and q.subject_kind = s.subject_kind and q.subject_id = s.subject_id and q.at <= ${at} and q.at >= ${since}
      order by q.at desc limit 1`;
    // The subjects drive the join on both databases, one seek each: PostgreSQL's LATERAL says so; SQLite
    // keeps a CROSS JOIN's order (with an inner join it chose to read the tenant's positions first).
    const query =
      dialectOf(this.db) === 'postgres'
        ? sql<PositionRow>`select p.* from last_positions s cross join lateral (select q.* ${newest}) p
            where s.tenant_id = ${tenantId} and s.at >= ${since} order by s.subject_kind, s.subject_id`
        : sql<PositionRow>`select p.* from last_positions s cross join positions p
            where s.tenant_id = ${tenantId} and s.at >= ${since}
              and p.tenant_id = s.tenant_id and p.subject_kind = s.subject_kind and p.subject_id = s.subject_id
              and p.at = (select q.at ${newest})
            order by s.subject_kind, s.subject_id`;
    const { rows } = await query.execute(this.db);
    return rows.map(positionOf);
  }
}
