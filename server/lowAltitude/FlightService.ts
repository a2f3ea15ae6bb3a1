import {
  FLIGHT_ACTION_LABELS,
  FLIGHT_MAX_WAYPOINTS,
  FLIGHT_MOVES,
  FLIGHT_STATUS_LABELS,
  LOW_ALTITUDE_CEILING_M,
  type Flight,
  type FlightAction,
  type FlightStatus,
  type FlightTaskKind,
  type Waypoint,
} from '../../contracts/lowAltitude';
import type { Db, Database } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import { isCoordinate } from './fenceGeometry';
import type { GeofenceService } from './GeofenceService';

export interface NewFlight {
  deviceId: number;
  taskKind: FlightTaskKind;
  route: number[][];
}

export interface FlightFilter {
  pageNum: number;
  pageSize: number;
  status?: FlightStatus;
  deviceId?: number;
}

type FlightRow = Database['low_altitude_flights'];

const toFlight = (row: FlightRow): Flight => ({
  flightId: Number(row.flight_id),
  deviceId: row.device_id,
  taskKind: row.task_kind as FlightTaskKind,
  route: JSON.parse(row.route) as Waypoint[],
  status: row.status as FlightStatus,
  startedAt: row.started_at,
  endedAt: row.ended_at,
  result: row.result,
  createdAt: row.created_at,
});

/** A planned route, checked: a Chinese reason for the first waypoint that is wrong. */
export function checkedRoute(route: readonly number[][]): Waypoint[] {
  if (!Array.isArray(route) || route.length < 2 || route.length > FLIGHT_MAX_WAYPOINTS)
    throw badRequest(`航线（route）必须是 2 到 ${FLIGHT_MAX_WAYPOINTS} 个航点的列表`);
  return route.map((waypoint, index) => {
    const [longitude = NaN, latitude = NaN, altitude = NaN] = waypoint;
    if (waypoint.length !== 3 || !isCoordinate(longitude, 180) || !isCoordinate(latitude, 90))
      throw badRequest(`航线第 ${index + 1} 个航点不是有效的 [经度, 纬度, 高度]`);
    if (!Number.isFinite(altitude) || altitude < 0 || altitude > LOW_ALTITUDE_CEILING_M)
      throw badRequest(`航线第 ${index + 1} 个航点的高度必须在 0 到 ${LOW_ALTITUDE_CEILING_M} 米之间`);
    return [longitude, latitude, altitude];
  });
}

/**
 * UAV flights: planned with a task and a route, started (起飞: at most one flight of a UAV flies at a
 * time) and landed (降落, with the task's result; the flight's stays in fences end there). Every read and
 * write names the tenant; a move from the wrong status is refused (409) and changes nothing.
 */
export class FlightService {
  constructor(
    private readonly db: Db,
    private readonly geofences: GeofenceService,
    private readonly now: () => number,
  ) {}

  async plan(tenantId: number, userId: number | null, input: NewFlight): Promise<Flight> {
    const route = checkedRoute(input.route);
    const device = await this.db
      .selectFrom('devices')
      .select('device_id')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', input.deviceId)
      .where('kind', '=', 'uav')
      .executeTakeFirst();
    if (!device) throw new AppError(404, `无人机不存在：${input.deviceId}`);
    const row = await this.db
      .insertInto('low_altitude_flights')
      .values({
        flight_id: undefined,
        tenant_id: tenantId,
        device_id: input.deviceId,
        task_kind: input.taskKind,
        route: JSON.stringify(route),
        status: 'planned',
        started_at: null,
        ended_at: null,
        result: null,
        created_by: userId,
        created_at: this.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toFlight(row);
  }

  async detail(tenantId: number, flightId: number): Promise<Flight> {
    const row = await this.db
      .selectFrom('low_altitude_flights')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('flight_id', '=', flightId)
      .executeTakeFirst();
    if (!row) throw new AppError(404, `飞行任务不存在：${flightId}`);
    return toFlight(row);
  }

  async list(tenantId: number, filter: FlightFilter): Promise<{ rows: Flight[]; total: number }> {
    let query = this.db.selectFrom('low_altitude_flights').where('tenant_id', '=', tenantId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.deviceId) query = query.where('device_id', '=', filter.deviceId);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('flight_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return { rows: rows.map(toFlight), total: Number(counted.n) };
  }

  async act(tenantId: number, flightId: number, action: FlightAction, result?: string): Promise<Flight> {
    const current = await this.detail(tenantId, flightId);
    const move = FLIGHT_MOVES[action];
    if (current.status !== move.from)
      throw new AppError(409, `飞行任务 ${flightId} ${FLIGHT_STATUS_LABELS[current.status]}，不能${FLIGHT_ACTION_LABELS[action]}`);
    if (action === 'start') {
      const flying = await this.db
        .selectFrom('low_altitude_flights')
        .select('flight_id')
        .where('tenant_id', '=', tenantId)
        .where('device_id', '=', current.deviceId)
        .where('status', '=', 'flying')
        .executeTakeFirst();
      if (flying) throw new AppError(409, `该无人机正在执行飞行任务 ${Number(flying.flight_id)}，不能再起飞`);
    }
    const at = this.now();
    const moved = await this.db
      .updateTable('low_altitude_flights')
      .set(action === 'start' ? { status: move.to, started_at: at } : { status: move.to, ended_at: at, result: result?.trim() || null })
      .where('tenant_id', '=', tenantId)
      .where('flight_id', '=', flightId)
      // A racing move of the same flight finds the status changed and moves nothing.
      .where('status', '=', move.from)
      .executeTakeFirst();
    if (!Number(moved.numUpdatedRows)) throw new AppError(409, `飞行任务 ${flightId} 的状态已变化，请刷新后重试`);
    if (action === 'land') await this.geofences.closeAll(tenantId, flightId, at);
    return this.detail(tenantId, flightId);
  }
}
