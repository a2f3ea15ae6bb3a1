import { FLIGHT_TASK_LABELS, type FlightTaskKind, type UavLive, type Waypoint } from '../../contracts/lowAltitude';
import { uavPositionPushTopic, uavTaskPushTopic } from '../../contracts/push/uavPositionPushTopic';
import type { Db } from '../db/Database';
import { AppError } from '../envelope';
import type { Position, TrackService } from '../field/TrackService';
import type { PushPublisher } from '../push/PushPublisher';
import type { FlightService } from './FlightService';
import { batteryAt, flightDurationMs, landingResult, pointAlong, simulatedFindings } from './flightPath';
import type { GeofenceService } from './GeofenceService';
import { routePresetsOf } from './uavRoutePresets';

/** A UAV waits this long on the ground between flights, plus up to PAUSE_SPREAD_MS by its id. */
const PAUSE_MIN_MS = 4 * 60_000;
const PAUSE_SPREAD_MS = 8 * 60_000;
/** UAVs that never flew take off one after another, this far apart, from the simulator's first step. */
const FIRST_TAKEOFF_GAP_MS = 40_000;

export interface UavSimulatorDeps {
  db: Db;
  flights: FlightService;
  geofences: GeofenceService;
  tracks: TrackService;
  push: PushPublisher;
  now: () => number;
}

interface FlyingRow {
  flightId: number;
  deviceId: number;
  taskKind: FlightTaskKind;
  route: Waypoint[];
  startedAt: number;
}

/** The ground pause of a UAV after a landing: fixed by its id, so the fleet does not take off together. */
export const groundPauseMs = (deviceId: number) => PAUSE_MIN_MS + ((deviceId * 7_919) % PAUSE_SPREAD_MS);

/**
 * The demo tenants' UAVs at 1 Hz (a leader job; tests call step). Every flying flight of a tenant — the
 * simulator's and those an operator started — moves along its planned route at its speed (flightPath.ts):
 * each position is stored through TrackService.ingest (one batch per tenant and tick) and checked by
 * GeofenceService.update; a flight at its route's end lands (降落) with its task's findings. A UAV of a
 * tenant with route presets takes off again (起飞 through FlightService.act) after its ground pause.
 * Where a flight is follows from its start time, so nothing is lost when the leader changes.
 */
export class UavSimulator {
  private firstStepAt: number | undefined;
  /** Tenants whose last message had UAVs in it: one more (empty) message tells the map they landed. */
  private readonly pushedUavs = new Set<number>();

  constructor(private readonly deps: UavSimulatorDeps) {}

  async step(now = this.deps.now()): Promise<void> {
    this.firstStepAt ??= now;
    const tenants = await this.deps.db.selectFrom('tenants').select('tenant_id').orderBy('tenant_id').execute();
    for (const { tenant_id: tenantId } of tenants) await this.stepTenant(tenantId, now);
  }

  private async stepTenant(tenantId: number, now: number): Promise<void> {
    const { db, tracks, push } = this.deps;
    const devices = await db
      .selectFrom('devices')
      .select(['device_id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'uav')
      .orderBy('device_id')
      .execute();
    if (!devices.length) return;
    const names = new Map(devices.map((device) => [device.device_id, device.name]));
    const inAir = await this.flying(tenantId);
    // Those taking off now report their first position in this tick.
    const flying = [...inAir, ...(await this.takeOff(tenantId, devices, new Set(inAir.map((flight) => flight.deviceId)), now))];
    const live: UavLive[] = [];
    const positions: Position[] = [];
    const landing: FlyingRow[] = [];
    for (const flight of flying) {
      const elapsed = now - flight.startedAt;
      const done = elapsed >= flightDurationMs(flight.route, flight.flightId);
      const point = pointAlong(flight.route, flight.flightId, elapsed);
      positions.push({ subjectKind: 'uav', subjectId: flight.deviceId, at: now, ...point });
      if (done) landing.push(flight);
      else
        live.push({
          deviceId: flight.deviceId,
          deviceName: names.get(flight.deviceId) ?? `无人机 ${flight.deviceId}`,
          flightId: flight.flightId,
          taskKind: flight.taskKind,
          at: now,
          ...point,
          battery: batteryAt(flight.startedAt, now),
        });
    }
    await tracks.ingest(tenantId, positions);
    for (const [index, flight] of flying.entries()) {
      const { longitude, latitude, altitude = 0 } = positions[index]!;
      const position = { flightId: flight.flightId, at: now, longitude, latitude, altitude: altitude ?? 0 };
      await this.ignoringRaces(() => this.deps.geofences.update(tenantId, position));
    }
    for (const flight of landing) await this.land(tenantId, flight, names.get(flight.deviceId) ?? `无人机 ${flight.deviceId}`, now);
    if (live.length || this.pushedUavs.has(tenantId)) await push.publish(tenantId, uavPositionPushTopic, { at: now, uavs: live });
    if (live.length) this.pushedUavs.add(tenantId);
    else this.pushedUavs.delete(tenantId);
  }

  private async flying(tenantId: number): Promise<FlyingRow[]> {
    const rows = await this.deps.db
      .selectFrom('low_altitude_flights')
      .select(['flight_id', 'device_id', 'task_kind', 'route', 'started_at'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'flying')
      .orderBy('flight_id')
      .execute();
    return rows.map((row) => ({
      flightId: Number(row.flight_id),
      deviceId: row.device_id,
      taskKind: row.task_kind as FlightTaskKind,
      route: JSON.parse(row.route) as Waypoint[],
      startedAt: Number(row.started_at ?? 0),
    }));
  }

  /** 降落 at the route's end with what the task found; a notable finding is announced (low_altitude_management). */
  private async land(tenantId: number, flight: FlyingRow, deviceName: string, now: number): Promise<void> {
    const findings = simulatedFindings(flight.flightId, flight.taskKind);
    const { total: stays } = await this.deps.geofences.stays(tenantId, { pageNum: 1, pageSize: 1, flightId: flight.flightId });
    const result = landingResult(findings.text, stays, batteryAt(flight.startedAt, now));
    const landed = await this.ignoringRaces(() => this.deps.flights.act(tenantId, flight.flightId, 'land', result));
    if (!landed || !findings.notable) return;
    await this.deps.push.publish(tenantId, uavTaskPushTopic, {
      flightId: flight.flightId,
      deviceId: flight.deviceId,
      deviceName,
      taskKind: flight.taskKind,
      action: 'land',
      createTime: now,
      alarmContent: `${deviceName}${FLIGHT_TASK_LABELS[flight.taskKind]}：${findings.text}`,
      result,
    });
  }

  /** UAVs on the ground past their pause fly their preset route again (only tenants with presets): the flights started. */
  private async takeOff(tenantId: number, devices: { device_id: number }[], inAir: ReadonlySet<number>, now: number): Promise<FlyingRow[]> {
    const presets = routePresetsOf(tenantId);
    if (!presets.length) return [];
    const lastLanded = await this.deps.db
      .selectFrom('low_altitude_flights')
      .select(['device_id', (eb) => eb.fn.max('ended_at').as('ended')])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'landed')
      .groupBy('device_id')
      .execute();
    const endedAt = new Map(lastLanded.map((row) => [row.device_id, Number(row.ended ?? 0)]));
    const started: FlyingRow[] = [];
    for (const [index, { device_id: deviceId }] of devices.entries()) {
      if (inAir.has(deviceId)) continue;
      const ended = endedAt.get(deviceId);
      const due = ended === undefined ? (this.firstStepAt ?? now) + index * FIRST_TAKEOFF_GAP_MS : ended + groundPauseMs(deviceId);
      if (due > now) continue;
      const preset = presets[index % presets.length]!;
      const planned = await this.deps.flights.plan(tenantId, null, { deviceId, taskKind: preset.taskKind, route: preset.route });
      const flight = await this.ignoringRaces(() => this.deps.flights.act(tenantId, planned.flightId, 'start'));
      if (flight?.startedAt) started.push({ ...flight, startedAt: flight.startedAt });
    }
    return started;
  }

  /** An operator's 降落 or 起飞 between the read and the write: the flight moved on, nothing to do. */
  private async ignoringRaces<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 409) return undefined;
      throw error;
    }
  }
}
