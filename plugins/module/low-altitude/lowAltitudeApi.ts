import type { ApiCaller } from '@ops/sdk';
import {
  routes,
  type FenceStay,
  type Flight,
  type FlightAction,
  type FlightReplay,
  type FlightStatus,
  type FlightTaskKind,
  type Geofence,
  type GeofenceAction,
  type LngLat,
  type RoutePreset,
  type UavDevice,
  type UavLiveFlight,
  type Waypoint,
} from '@ops/contracts';

/** Reads are quiet (a panel shows its own error); actions toast the server's refusal as well. */
const READ = { loading: false, quiet: true } as const;
const ACT = { loading: false } as const;
const low = routes.lowAltitude;

export interface Page<T> {
  rows: T[];
  total: number;
}

/** What the 低空管理 pages call (contracts/api/lowAltitudeRoutes.ts). */
export interface LowAltitudeApi {
  live(): Promise<UavLiveFlight[]>;
  uavs(): Promise<UavDevice[]>;
  presets(): Promise<RoutePreset[]>;
  flights(filter: { pageNum: number; pageSize: number; status?: FlightStatus; deviceId?: number }): Promise<Page<Flight>>;
  flight(flightId: number): Promise<Flight>;
  stays(filter: { pageNum: number; pageSize: number; flightId?: number; alarmId?: number }): Promise<Page<FenceStay>>;
  replay(flightId: number): Promise<FlightReplay>;
  geofences(): Promise<Geofence[]>;
  plan(body: { deviceId: number; taskKind: FlightTaskKind; route: Waypoint[] }): Promise<Flight>;
  act(flightId: number, action: FlightAction, result?: string): Promise<Flight>;
  createFence(body: { name: string; polygon: LngLat[]; floorM: number; ceilingM: number }): Promise<Geofence>;
  actOnFence(fenceId: number, action: GeofenceAction): Promise<Geofence>;
}

export function createLowAltitudeApi(api: ApiCaller): LowAltitudeApi {
  return {
    live: async () => (await api.call(low.live, {}, READ)).data ?? [],
    uavs: async () => (await api.call(low.uavs, {}, READ)).data ?? [],
    presets: async () => (await api.call(low.routePresets, {}, READ)).data ?? [],
    async flights(query) {
      const reply = await api.call(low.flights, { query }, READ);
      return { rows: reply.rows ?? [], total: reply.total ?? 0 };
    },
    flight: async (flightId) => (await api.call(low.flight, { params: { flightId } }, READ)).data,
    async stays(query) {
      const reply = await api.call(low.fenceStays, { query }, READ);
      return { rows: reply.rows ?? [], total: reply.total ?? 0 };
    },
    replay: async (flightId) => (await api.call(low.replay, { params: { flightId } }, READ)).data,
    geofences: async () => (await api.call(low.geofences, {}, READ)).data ?? [],
    plan: async (body) => (await api.call(low.planFlight, { body }, ACT)).data,
    act: async (flightId, action, result) =>
      (await api.call(low.actOnFlight, { params: { flightId, action }, body: result ? { result } : {} }, ACT)).data,
    createFence: async (body) => (await api.call(low.createGeofence, { body }, ACT)).data,
    actOnFence: async (fenceId, action) => (await api.call(low.actOnGeofence, { params: { fenceId, action } }, ACT)).data,
  };
}
