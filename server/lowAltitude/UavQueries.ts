import type { FlightReplay, FlightTrackPoint, UavDevice, UavLiveFlight } from '../../contracts/lowAltitude';
import type { Db } from '../db/Database';
import { AppError } from '../envelope';
import { TRACK_MAX_RANGE_MS, type Position, type TrackService } from '../field/TrackService';
import type { FlightService } from './FlightService';
import type { StatGroupData } from '../../contracts/panels';
import { DAY_MS, shanghaiDayStart } from '../stats/periods';
import { batteryAt } from './flightPath';
import type { GeofenceService } from './GeofenceService';

/** The live map's trail behind each flying UAV. */
const TRAIL_MS = 3 * 60_000;
/** A replay reads at most this many fence stays of its flight (a flight crosses a handful of fences). */
const REPLAY_MAX_STAYS = 100;

const trackPointOf = (position: Position): FlightTrackPoint => ({
  at: position.at,
  longitude: position.longitude,
  latitude: position.latitude,
  altitude: position.altitude ?? 0,
  heading: position.heading ?? 0,
  speed: position.speed ?? 0,
});

/** The reads of the 低空管理 pages over flights, tracks and fences: every one names the tenant. */
export class UavQueries {
  constructor(
    private readonly db: Db,
    private readonly flights: FlightService,
    private readonly geofences: GeofenceService,
    private readonly tracks: TrackService,
    private readonly now: () => number,
  ) {}

  private async deviceNames(tenantId: number): Promise<Map<number, { name: string; online: boolean }>> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['device_id', 'name', 'online'])
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'uav')
      .orderBy('device_id')
      .execute();
    return new Map(rows.map((row) => [row.device_id, { name: row.name, online: Boolean(row.online) }]));
  }

  async uavs(tenantId: number): Promise<UavDevice[]> {
    const devices = await this.deviceNames(tenantId);
    const { rows: flying } = await this.flights.list(tenantId, { pageNum: 1, pageSize: 100, status: 'flying' });
    return [...devices].map(([deviceId, device]) => ({
      deviceId,
      name: device.name,
      online: device.online,
      flyingFlightId: flying.find((flight) => flight.deviceId === deviceId)?.flightId ?? null,
    }));
  }

  /** Flying now, flights started today and fence entries today (Beijing days), each today's with yesterday's. */
  async summary(tenantId: number): Promise<StatGroupData> {
    const today = shanghaiDayStart(this.now());
    const yesterday = today - DAY_MS;
    const flights = await this.db
      .selectFrom('low_altitude_flights')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('status', '=', 'flying').then(1).else(0).end()).as('flying'),
        eb.fn.sum<number>(eb.case().when('started_at', '>=', today).then(1).else(0).end()).as('today'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('started_at', '>=', yesterday), eb('started_at', '<', today)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('yesterday'),
      ])
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('status', '=', 'flying'), eb('started_at', '>=', yesterday)]))
      .executeTakeFirstOrThrow();
    const stays = await this.db
      .selectFrom('low_altitude_fence_events')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when('entered_at', '>=', today).then(1).else(0).end()).as('today'),
        eb.fn.sum<number>(eb.case().when('entered_at', '<', today).then(1).else(0).end()).as('yesterday'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('entered_at', '>=', yesterday)
      .executeTakeFirstOrThrow();
    return {
      items: [
        { name: '飞行中', value: Number(flights.flying ?? 0), unit: '架' },
        { name: '今日飞行', value: Number(flights.today ?? 0), previous: Number(flights.yesterday ?? 0), unit: '架次' },
        { name: '今日闯入禁飞区', value: Number(stays.today ?? 0), previous: Number(stays.yesterday ?? 0), unit: '次' },
      ],
    };
  }

  /** The flying UAVs: where each is now (its newest stored position), its route and its trail of the last minutes. */
  async live(tenantId: number): Promise<UavLiveFlight[]> {
    const now = this.now();
    const { rows: flying } = await this.flights.list(tenantId, { pageNum: 1, pageSize: 100, status: 'flying' });
    const devices = await this.deviceNames(tenantId);
    const live: UavLiveFlight[] = [];
    for (const flight of flying) {
      const startedAt = flight.startedAt ?? now;
      const track = await this.tracks.track(tenantId, 'uav', flight.deviceId, Math.max(startedAt, now - TRAIL_MS), now);
      const last = track.at(-1);
      const [longitude, latitude, altitude] = last ? [last.longitude, last.latitude, last.altitude ?? 0] : flight.route[0]!;
      live.push({
        deviceId: flight.deviceId,
        deviceName: devices.get(flight.deviceId)?.name ?? `无人机 ${flight.deviceId}`,
        flightId: flight.flightId,
        taskKind: flight.taskKind,
        at: last?.at ?? startedAt,
        longitude,
        latitude,
        altitude,
        heading: last?.heading ?? 0,
        speed: last?.speed ?? 0,
        battery: batteryAt(startedAt, now),
        route: flight.route,
        trail: track.map((position) => [position.longitude, position.latitude, position.altitude ?? 0]),
      });
    }
    return live;
  }

  /** A flight's stored track (take-off to landing, or to now while it flies), its fence stays and its planned route. */
  async replay(tenantId: number, flightId: number): Promise<FlightReplay> {
    const flight = await this.flights.detail(tenantId, flightId);
    if (flight.startedAt === null) throw new AppError(409, `飞行任务 ${flightId} 尚未起飞，没有可回放的轨迹`);
    const to = Math.min(flight.endedAt ?? this.now(), flight.startedAt + TRACK_MAX_RANGE_MS);
    const track = await this.tracks.track(tenantId, 'uav', flight.deviceId, flight.startedAt, Math.max(flight.startedAt, to));
    const { rows: stays } = await this.geofences.stays(tenantId, { pageNum: 1, pageSize: REPLAY_MAX_STAYS, flightId });
    const devices = await this.deviceNames(tenantId);
    return {
      flight,
      deviceName: devices.get(flight.deviceId)?.name ?? `无人机 ${flight.deviceId}`,
      track: track.map(trackPointOf),
      stays: stays.reverse(),
    };
  }
}
