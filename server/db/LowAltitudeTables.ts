/**
 * The low-altitude tables (migration 026; server/lowAltitude/): UAV flights, geofences and the flights'
 * fence entries and exits. A UAV's positions are the tracks' `positions` rows (subject kind 'uav'). Part
 * of `Database`; same conventions.
 */
export interface LowAltitudeTables {
  /** A UAV's flight: its task, planned route and lifecycle. */
  low_altitude_flights: {
    flight_id: number | undefined;
    tenant_id: number;
    device_id: number;
    /** 'river_inspection' or 'patrol'. */
    task_kind: string;
    /** The planned route as JSON [[lng, lat, alt], …]. */
    route: string;
    /** 'planned', 'flying' or 'landed'. */
    status: string;
    started_at: number | null;
    ended_at: number | null;
    result: string | null;
    created_by: number | null;
    created_at: number;
  };
  /** A no-fly area: a polygon of [lng, lat] corners (JSON) between two altitudes in metres. */
  low_altitude_geofences: {
    fence_id: number | undefined;
    tenant_id: number;
    name: string;
    polygon: string;
    floor_m: number;
    ceiling_m: number;
    /** 1 active, 0 not. */
    active: number;
    created_at: number;
  };
  /** A flight inside a fence: from its entry to its exit (null while inside; at most one open per flight and fence). */
  low_altitude_fence_events: {
    event_id: number | undefined;
    tenant_id: number;
    flight_id: number;
    fence_id: number;
    entered_at: number;
    exited_at: number | null;
    /** The UAV alarm the entry raised. */
    alarm_id: number | null;
  };
}
