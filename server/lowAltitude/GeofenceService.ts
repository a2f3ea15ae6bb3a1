import {
  GEOFENCE_MAX_CORNERS,
  LOW_ALTITUDE_CEILING_M,
  UAV_ALARM_TYPE,
  type FenceCrossings,
  type FenceStay,
  type Geofence,
  type LngLat,
  type UavPosition,
} from '../../contracts/lowAltitude';
import { uavAlarmPushTopic } from '../../contracts/push/uavAlarmPushTopic';
import type { AlarmService } from '../alarms/AlarmService';
import type { Db } from '../db/Database';
import { AppError, badRequest } from '../envelope';
import type { PushPublisher } from '../push/PushPublisher';
import { fenceSide, isCoordinate, polygonArea } from './fenceGeometry';

const MAX_NAME_LENGTH = 40;
/** What a UAV's reported altitude can be at all (metres): outside it the report is refused as broken. */
const POSITION_ALTITUDE_RANGE_M = [-100, 10_000] as const;

export interface NewGeofence {
  name: string;
  polygon: LngLat[];
  floorM: number;
  ceilingM: number;
}

/** A fence as asked for, checked: a Chinese reason for the first thing wrong, else the fence cleaned up. */
export function checkedGeofence(input: NewGeofence): NewGeofence {
  const name = input.name.trim();
  if (!name) throw badRequest('请填写电子围栏名称（name）');
  if (name.length > MAX_NAME_LENGTH) throw badRequest(`电子围栏名称不能超过 ${MAX_NAME_LENGTH} 个字`);
  if (!Array.isArray(input.polygon) || input.polygon.length < 3) throw badRequest('电子围栏至少需要 3 个顶点（polygon）');
  if (input.polygon.length > GEOFENCE_MAX_CORNERS) throw badRequest(`电子围栏的顶点不能超过 ${GEOFENCE_MAX_CORNERS} 个`);
  input.polygon.forEach((corner, index) => {
    if (!Array.isArray(corner) || corner.length !== 2 || !isCoordinate(corner[0], 180) || !isCoordinate(corner[1], 90))
      throw badRequest(`电子围栏第 ${index + 1} 个顶点不是有效的经纬度 [经度, 纬度]`);
  });
  if (polygonArea(input.polygon) < 1) throw badRequest('电子围栏的顶点不能在一条直线上或重合');
  if (!Number.isFinite(input.floorM) || input.floorM < 0) throw badRequest('电子围栏的最低高度（floorM）不能小于 0 米');
  if (!Number.isFinite(input.ceilingM) || input.ceilingM > LOW_ALTITUDE_CEILING_M)
    throw badRequest(`电子围栏的最高高度（ceilingM）不能超过 ${LOW_ALTITUDE_CEILING_M} 米`);
  if (input.ceilingM <= input.floorM) throw badRequest('电子围栏的最高高度必须大于最低高度');
  return { name, polygon: input.polygon.map(([lng, lat]) => [lng, lat]), floorM: input.floorM, ceilingM: input.ceilingM };
}

function checkedPosition(position: UavPosition): void {
  if (!Number.isSafeInteger(position.flightId) || position.flightId <= 0) throw badRequest('飞行编号（flightId）不正确');
  if (!Number.isSafeInteger(position.at) || position.at <= 0) throw badRequest('位置时间（at）不正确');
  if (!isCoordinate(position.longitude, 180) || !isCoordinate(position.latitude, 90)) throw badRequest('无人机位置不是有效的经纬度');
  const [lowest, highest] = POSITION_ALTITUDE_RANGE_M;
  if (!Number.isFinite(position.altitude) || position.altitude < lowest || position.altitude > highest)
    throw badRequest(`无人机高度（altitude）应在 ${lowest} 到 ${highest} 米之间`);
}

/**
 * The tenants' geofences (no-fly areas) and the check of each position of a flying UAV against them.
 * A flight is inside a fence from its entry to its exit (one open `low_altitude_fence_events` row per
 * flight and fence, held unique by the database), so each entry and each exit is recorded once however
 * often or concurrently positions arrive; between the two, positions in the edge band (fenceGeometry.ts)
 * change nothing. An entry raises the UAV alarm and publishes UAV_ALARM_PROCESS_EVENT.
 */
export class GeofenceService {
  constructor(
    private readonly db: Db,
    private readonly alarms: AlarmService,
    private readonly push: PushPublisher,
    private readonly now: () => number,
  ) {}

  async create(tenantId: number, input: NewGeofence): Promise<Geofence> {
    const fence = checkedGeofence(input);
    const row = await this.db
      .insertInto('low_altitude_geofences')
      .values({
        fence_id: undefined,
        tenant_id: tenantId,
        name: fence.name,
        polygon: JSON.stringify(fence.polygon),
        floor_m: fence.floorM,
        ceiling_m: fence.ceilingM,
        active: 1,
        created_at: this.now(),
      })
      .returning('fence_id')
      .executeTakeFirstOrThrow();
    return { fenceId: Number(row.fence_id), ...fence, active: true };
  }

  async list(tenantId: number, onlyActive = false): Promise<Geofence[]> {
    let query = this.db.selectFrom('low_altitude_geofences').selectAll().where('tenant_id', '=', tenantId);
    if (onlyActive) query = query.where('active', '=', 1);
    const rows = await query.orderBy('fence_id').execute();
    return rows.map((row) => ({
      fenceId: Number(row.fence_id),
      name: row.name,
      polygon: JSON.parse(row.polygon) as LngLat[],
      floorM: row.floor_m,
      ceilingM: row.ceiling_m,
      active: row.active === 1,
    }));
  }

  async detail(tenantId: number, fenceId: number): Promise<Geofence> {
    const fence = (await this.list(tenantId)).find((candidate) => candidate.fenceId === fenceId);
    if (!fence) throw new AppError(404, `电子围栏不存在：${fenceId}`);
    return fence;
  }

  async setActive(tenantId: number, fenceId: number, active: boolean): Promise<void> {
    const result = await this.db
      .updateTable('low_altitude_geofences')
      .set({ active: active ? 1 : 0 })
      .where('tenant_id', '=', tenantId)
      .where('fence_id', '=', fenceId)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) throw new AppError(404, `电子围栏不存在：${fenceId}`);
  }

  /** Checks one position of a flying UAV against the tenant's active fences: the entries and exits it made. */
  async update(tenantId: number, position: UavPosition): Promise<FenceCrossings> {
    checkedPosition(position);
    const flight = await this.db
      .selectFrom('low_altitude_flights')
      .select(['flight_id', 'device_id', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('flight_id', '=', position.flightId)
      .executeTakeFirst();
    if (!flight) throw new AppError(404, `飞行任务不存在：${position.flightId}`);
    if (flight.status !== 'flying') throw new AppError(409, `飞行任务 ${position.flightId} 不在飞行中，不能上报位置`);
    const fences = await this.list(tenantId, true);
    const open = await this.openEvents(tenantId, position.flightId);
    const crossings: FenceCrossings = { entered: [], exited: [] };
    for (const fence of fences) {
      const side = fenceSide(fence, position.longitude, position.latitude, position.altitude);
      const openEvent = open.get(fence.fenceId);
      if (side === 'inside' && openEvent === undefined) {
        const entered = await this.enter(tenantId, flight.device_id, fence, position);
        if (entered) crossings.entered.push(entered);
      } else if (side === 'outside' && openEvent !== undefined && (await this.exit(tenantId, openEvent, position.at)))
        crossings.exited.push({ fenceId: fence.fenceId, eventId: openEvent });
    }
    // A fence switched off while the flight was inside it: the flight has left it.
    const activeIds = new Set(fences.map((fence) => fence.fenceId));
    for (const [fenceId, eventId] of open)
      if (!activeIds.has(fenceId) && (await this.exit(tenantId, eventId, position.at))) crossings.exited.push({ fenceId, eventId });
    return crossings;
  }

  /** The tenant's stays inside fences, latest entry first; one flight's when given. */
  async stays(
    tenantId: number,
    filter: { pageNum: number; pageSize: number; flightId?: number; alarmId?: number },
  ): Promise<{ rows: FenceStay[]; total: number }> {
    let query = this.db
      .selectFrom('low_altitude_fence_events as e')
      .innerJoin('low_altitude_flights as f', (join) =>
        join.onRef('f.flight_id', '=', 'e.flight_id').onRef('f.tenant_id', '=', 'e.tenant_id'),
      )
      .innerJoin('low_altitude_geofences as g', (join) =>
        join.onRef('g.fence_id', '=', 'e.fence_id').onRef('g.tenant_id', '=', 'e.tenant_id'),
      )
      .where('e.tenant_id', '=', tenantId);
    if (filter.flightId) query = query.where('e.flight_id', '=', filter.flightId);
    if (filter.alarmId) query = query.where('e.alarm_id', '=', filter.alarmId);
    const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .select(['e.event_id', 'e.flight_id', 'f.device_id', 'e.fence_id', 'g.name', 'e.entered_at', 'e.exited_at', 'e.alarm_id'])
      .orderBy('e.entered_at', 'desc')
      .orderBy('e.event_id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize)
      .execute();
    return {
      total: Number(counted.n),
      rows: rows.map((row) => ({
        eventId: Number(row.event_id),
        flightId: Number(row.flight_id),
        deviceId: row.device_id,
        fenceId: Number(row.fence_id),
        fenceName: row.name,
        enteredAt: row.entered_at,
        exitedAt: row.exited_at,
        alarmId: row.alarm_id === null ? null : Number(row.alarm_id),
      })),
    };
  }

  /** Ends every stay of a flight inside a fence (it landed): its exits at `at`. */
  async closeAll(tenantId: number, flightId: number, at: number): Promise<void> {
    await this.db
      .updateTable('low_altitude_fence_events')
      .set({ exited_at: at })
      .where('tenant_id', '=', tenantId)
      .where('flight_id', '=', flightId)
      .where('exited_at', 'is', null)
      .execute();
  }

  /** The flight's fences it is inside: fence id → its open event. */
  private async openEvents(tenantId: number, flightId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('low_altitude_fence_events')
      .select(['fence_id', 'event_id'])
      .where('tenant_id', '=', tenantId)
      .where('flight_id', '=', flightId)
      .where('exited_at', 'is', null)
      .execute();
    return new Map(rows.map((row) => [Number(row.fence_id), Number(row.event_id)]));
  }

  private async enter(
    tenantId: number,
    deviceId: number,
    fence: Geofence,
    position: UavPosition,
  ): Promise<FenceCrossings['entered'][number] | undefined> {
    // The open row first: a racing update that also saw the flight outside inserts nothing, so raises nothing.
    const inserted = await this.db
      .insertInto('low_altitude_fence_events')
      .values({
        event_id: undefined,
        tenant_id: tenantId,
        flight_id: position.flightId,
        fence_id: fence.fenceId,
        entered_at: position.at,
        exited_at: null,
        alarm_id: null,
      })
      .onConflict((conflict) => conflict.columns(['flight_id', 'fence_id']).where('exited_at', 'is', null).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    const eventId = Number(inserted.event_id);
    const device = await this.db
      .selectFrom('devices')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
    const deviceName = device?.name ?? `无人机 ${deviceId}`;
    const alarm = await this.alarms.raise({
      tenantId,
      alarmType: UAV_ALARM_TYPE,
      deviceId: device ? deviceId : undefined,
      content: `${deviceName} 闯入电子围栏「${fence.name}」`,
      description: `飞行任务 ${position.flightId} 于高度 ${Math.round(position.altitude)} 米进入禁飞区「${fence.name}」（${fence.floorM}–${fence.ceilingM} 米）`,
    });
    await this.db
      .updateTable('low_altitude_fence_events')
      .set({ alarm_id: alarm.alarmId })
      .where('tenant_id', '=', tenantId)
      .where('event_id', '=', eventId)
      .execute();
    await this.push.publish(tenantId, uavAlarmPushTopic, {
      alarmId: alarm.alarmId,
      alarmType: alarm.alarmType,
      alarmTypeName: alarm.alarmTypeName,
      grade: alarm.grade,
      alarmContent: alarm.alarmContent,
      deviceId,
      deviceName,
      createTime: alarm.createTime,
      flightId: position.flightId,
      fenceId: fence.fenceId,
      fenceName: fence.name,
      longitude: position.longitude,
      latitude: position.latitude,
      altitude: position.altitude,
    });
    return { fenceId: fence.fenceId, eventId, alarmId: alarm.alarmId };
  }

  /** Closes an open stay; false when another update closed it first. */
  private async exit(tenantId: number, eventId: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('low_altitude_fence_events')
      .set({ exited_at: at })
      .where('tenant_id', '=', tenantId)
      .where('event_id', '=', eventId)
      .where('exited_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
