/** What an event can draw on nearby (hydrants, water levels, cameras, shelters, routes) and the sensors' stored readings. */

// ---- resources -------------------------------------------------------------------------------------

export interface EmergencyHydrant {
  deviceId: number;
  name: string;
  longitude: number;
  latitude: number;
  online: boolean;
  /** MPa, from the device's telemetry (null before any report). */
  pressure: number | null;
  /** Below EMERGENCY_HYDRANT_LOW_MPA. */
  low: boolean;
  /** 阀门: 开启 / 关闭 (null before any report). */
  valve: string | null;
  /** Metres from the event's position; null when no event was named. */
  distance: number | null;
}
/** A hydrant's pressure under this (MPa) is too low to fight a fire with. */
export const EMERGENCY_HYDRANT_LOW_MPA = 0.15;

export interface EmergencyWaterLevel {
  deviceId: number;
  name: string;
  /** The device kind's page name (smartManhole today: the kinds whose telemetry has waterLevel). */
  kind: string;
  longitude: number;
  latitude: number;
  online: boolean;
  /** cm (null before any report). */
  waterLevel: number | null;
  /** At or above EMERGENCY_WATER_LEVEL_HIGH_CM. */
  high: boolean;
  distance: number | null;
}
export const EMERGENCY_WATER_LEVEL_HIGH_CM = 80;

/** A camera near the event (现场视频): the fire pages play it through the stream endpoint. */
export interface EmergencyCamera {
  deviceId: number;
  name: string;
  /** The device kind's page name: fireCamera (高点消防摄像) or camera. */
  kind: string;
  /** A fire camera (the kinds the fire pages prefer). */
  fire: boolean;
  longitude: number;
  latitude: number;
  online: boolean;
  /** Metres from the event's position. */
  distance: number;
}
/** Cameras further than this from the event do not see it. */
export const EMERGENCY_CAMERA_RANGE_M = 1_000;
/** The 现场视频 switcher offers this many. */
export const EMERGENCY_CAMERA_LIMIT = 3;

/** An emergency shelter (避难场所) of the tenant. */
export interface EmergencyShelter {
  shelterId: number;
  name: string;
  /** People it holds. */
  capacity: number;
  address: string;
  longitude: number;
  latitude: number;
  distance: number | null;
}

/** An evacuation route (疏散路线): a polyline from a gathering point to a shelter. */
export interface EmergencyRoute {
  routeId: number;
  name: string;
  fromName: string;
  toName: string;
  /** The shelter it leads to (null if it leads elsewhere). */
  shelterId: number | null;
  /** [longitude, latitude] points, in order. */
  path: [number, number][];
  /** Metres along the path. */
  length: number;
  /** Metres from the event's position to the nearest point of the path; null when no event was named. */
  distance: number | null;
}

/**
 * GET /security/emergency/resources?eventId=: what is near the event (within EMERGENCY_RESOURCE_RANGE_M
 * of its position, or 3 × its radius if larger), nearest first; without eventId: all of the tenant's
 * (hydrants and water levels at most EMERGENCY_RESOURCE_LIMIT each), distance null.
 * Cameras: only with an event — the EMERGENCY_CAMERA_LIMIT best within EMERGENCY_CAMERA_RANGE_M, online
 * ones first, then fire cameras before ordinary ones, then nearest first.
 */
export interface EmergencyResources {
  /** The event's position and radius, or null when none was named. */
  center: { longitude: number; latitude: number; radius: number } | null;
  hydrants: EmergencyHydrant[];
  waterLevels: EmergencyWaterLevel[];
  cameras: EmergencyCamera[];
  shelters: EmergencyShelter[];
  routes: EmergencyRoute[];
}
export const EMERGENCY_RESOURCE_RANGE_M = 2_000;
export const EMERGENCY_RESOURCE_LIMIT = 200;

// ---- sensor readings (水情 trends) ------------------------------------------------------------------

/** What the sensors' stored readings measure: water level (cm, the kinds with `waterLevel`) and hydrant pressure (MPa). */
export const SENSOR_METRICS = ['waterLevel', 'pressure'] as const;
export type SensorMetric = (typeof SENSOR_METRICS)[number];
export const SENSOR_METRIC_LABELS: Record<SensorMetric, string> = { waterLevel: '水位', pressure: '水压' };
export const SENSOR_METRIC_UNITS: Record<SensorMetric, string> = { waterLevel: 'cm', pressure: 'MPa' };
/** A series is averaged into at most this many points, whatever the window. */
export const SENSOR_READINGS_MAX_POINTS = 100;
/** The longest window asked for (hours): 30 days, the default retention. */
export const SENSOR_READINGS_MAX_HOURS = 720;
/** At most this many sensors per request (without deviceIds: the tenant's first ones). */
export const SENSOR_READINGS_MAX_DEVICES = 50;

/**
 * GET /security/emergency/readings: metric required; hours 1..720 (default 24); deviceIds a comma list
 * of the tenant's sensors of that metric (absent: all of them, at most SENSOR_READINGS_MAX_DEVICES). An
 * id that is not such a sensor of the tenant (another tenant's, missing, another kind) answers 404.
 */
export interface SensorReadingsQuery {
  metric: SensorMetric;
  hours?: number;
  deviceIds?: string;
}

export interface SensorSeries {
  deviceId: number;
  name: string;
  /** [epoch ms, value]: each point the average of its bucket, at the bucket's last reading; oldest first. */
  points: [number, number][];
}

export interface SensorReadings {
  metric: SensorMetric;
  unit: string;
  /** The window (epoch ms). */
  from: number;
  to: number;
  /** Each point averages the readings of this many ms. */
  bucketMs: number;
  /** One per sensor asked for (in the order asked, else by device id), also those with no reading in the window. */
  series: SensorSeries[];
}
