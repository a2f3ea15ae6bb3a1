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
