/**
 * 低空管理 (lowAltitude/lowUav): UAV flights with their task and planned route, geofences (no-fly areas
 * between two altitudes) and the UAV alarm a flight's entry into a fence raises. Shared by the server
 * (server/lowAltitude/) and the low-altitude pages.
 */

export const FLIGHT_TASK_KINDS = ['river_inspection', 'patrol'] as const;
export type FlightTaskKind = (typeof FLIGHT_TASK_KINDS)[number];
export const FLIGHT_TASK_LABELS: Record<FlightTaskKind, string> = { river_inspection: '河道巡检', patrol: '巡逻' };

/** planned → flying → landed; landed is final. */
export const FLIGHT_STATUSES = ['planned', 'flying', 'landed'] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];
export const FLIGHT_STATUS_LABELS: Record<FlightStatus, string> = { planned: '已计划', flying: '飞行中', landed: '已降落' };

export const FLIGHT_ACTIONS = ['start', 'land'] as const;
export type FlightAction = (typeof FLIGHT_ACTIONS)[number];
export const FLIGHT_ACTION_LABELS: Record<FlightAction, string> = { start: '起飞', land: '降落' };
/** The status each action moves from and to; any other move is refused (409) and changes nothing. */
export const FLIGHT_MOVES: Record<FlightAction, { from: FlightStatus; to: FlightStatus }> = {
  start: { from: 'planned', to: 'flying' },
  land: { from: 'flying', to: 'landed' },
};
export const FLIGHT_MAX_WAYPOINTS = 500;

export const GEOFENCE_ACTIONS = ['activate', 'deactivate'] as const;
export type GeofenceAction = (typeof GEOFENCE_ACTIONS)[number];
export const GEOFENCE_MAX_CORNERS = 200;
/** The highest a fence's ceiling or a route's waypoint may be: low-altitude airspace (metres above ground). */
export const LOW_ALTITUDE_CEILING_M = 1000;

/** A corner of a fence: [longitude, latitude]. */
export type LngLat = [number, number];
/** A waypoint of a planned route: [longitude, latitude, altitude in metres]. */
export type Waypoint = [number, number, number];

/** The alarm type (plugins/alarm/uav-alarm) a fence entry raises. */
export const UAV_ALARM_TYPE = 'UAV_ALARM';

export interface Flight {
  flightId: number;
  deviceId: number;
  taskKind: FlightTaskKind;
  route: Waypoint[];
  status: FlightStatus;
  startedAt: number | null;
  endedAt: number | null;
  result: string | null;
  createdAt: number;
}

export interface Geofence {
  fenceId: number;
  name: string;
  polygon: LngLat[];
  floorM: number;
  ceilingM: number;
  active: boolean;
}

/** One position of a flying UAV (1 Hz): what the geofence check is given. */
export interface UavPosition {
  flightId: number;
  at: number;
  longitude: number;
  latitude: number;
  altitude: number;
}

/** What a position changed: the fences the flight entered and those it left. */
export interface FenceCrossings {
  entered: { fenceId: number; eventId: number; alarmId: number }[];
  exited: { fenceId: number; eventId: number }[];
}

/** A flight's stay inside a fence (its UAV alarm): the page's list of UAV alarms. */
export interface FenceStay {
  eventId: number;
  flightId: number;
  deviceId: number;
  fenceId: number;
  fenceName: string;
  enteredAt: number;
  /** Null while the flight is inside. */
  exitedAt: number | null;
  alarmId: number | null;
}

/** UAV_ALARM_PROCESS_EVENT: a UAV entered a geofence; the alarm as a toast reads it, the flight, the fence and where. */
export interface UavAlarmPushed {
  alarmId: number;
  alarmType: string;
  alarmTypeName: string;
  grade: string;
  alarmContent: string;
  deviceId: number;
  deviceName: string;
  createTime: number;
  flightId: number;
  fenceId: number;
  fenceName: string;
  longitude: number;
  latitude: number;
  altitude: number;
}

/** A flying UAV as the live map shows it: where it is now and its flight. */
export interface UavLive {
  deviceId: number;
  deviceName: string;
  flightId: number;
  taskKind: FlightTaskKind;
  at: number;
  longitude: number;
  latitude: number;
  /** Metres above ground. */
  altitude: number;
  /** Degrees clockwise from north. */
  heading: number;
  /** Metres per second. */
  speed: number;
  /** Per cent. */
  battery: number;
}

/** GET /lowAltitude/live: the flying UAVs with their planned route and their track of the last minutes. */
export interface UavLiveFlight extends UavLive {
  route: Waypoint[];
  /** The track of the last minutes, oldest first: [lng, lat, alt]. */
  trail: Waypoint[];
}

/** UAV_GIS_EVENT: every flying UAV of the tenant at one tick (≤ 1 message a second per tenant). */
export interface UavPositionsPushed {
  at: number;
  uavs: UavLive[];
}

/**
 * low_altitude_management: a landed flight's task found something to act on (a river inspection's
 * findings); the toast reads alarmContent and opens 低空管理 on the flight.
 */
export interface UavTaskPushed {
  flightId: number;
  deviceId: number;
  deviceName: string;
  taskKind: FlightTaskKind;
  action: FlightAction;
  createTime: number;
  alarmContent: string;
  result: string | null;
}

/** A stored position of a flight (the replay): [at, lng, lat, alt, heading]. */
export interface FlightTrackPoint {
  at: number;
  longitude: number;
  latitude: number;
  altitude: number;
  heading: number;
  speed: number;
}

/** GET /lowAltitude/flights/:flightId/replay: a past flight's stored track, its fence stays and the planned route. */
export interface FlightReplay {
  flight: Flight;
  deviceName: string;
  track: FlightTrackPoint[];
  stays: FenceStay[];
}

/** A named route the 调度 page offers when planning a flight. */
export interface RoutePreset {
  presetId: string;
  name: string;
  taskKind: FlightTaskKind;
  route: Waypoint[];
}

/** GET /lowAltitude/uavs: a tenant's UAV and the flight it flies now (null on the ground). */
export interface UavDevice {
  deviceId: number;
  name: string;
  online: boolean;
  flyingFlightId: number | null;
}
