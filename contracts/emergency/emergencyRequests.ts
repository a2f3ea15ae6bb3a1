/** The emergency routes: their paths, queries and bodies. */
import type { EmergencyEventStatus, EmergencyKind, EmergencyLevel } from './emergencyKinds';

// ---- requests --------------------------------------------------------------------------------------

/** GET /security/emergency/list: RuoYi paging ({ code, msg, rows, total }), newest first; filters optional. */
export interface EmergencyEventQuery {
  pageNum?: number;
  pageSize?: number;
  status?: EmergencyEventStatus;
  kind?: EmergencyKind;
  /** In the title or the description. */
  keyword?: string;
}

/** POST /security/emergency/create: by hand. */
export interface CreateEmergencyEventBody {
  kind: EmergencyKind;
  title: string;
  description?: string;
  /** Default MEDIUM. */
  level?: EmergencyLevel;
  longitude: number;
  latitude: number;
  /** Metres; default EMERGENCY_DEFAULT_RADIUS of the kind. */
  radius?: number;
}

/**
 * POST /security/emergency/fromAlarm: an operator opens an event from an existing alarm (any type; kind
 * the kind its alarm type opens (alarmEmergencies), else OTHER unless given). 409 if the alarm already belongs to an event;
 * 400 if the alarm has no position and none is given.
 */
export interface AlarmEmergencyEventBody {
  alarmId: number;
  kind?: EmergencyKind;
  title?: string;
  description?: string;
  radius?: number;
  /** The position when the alarm has none (both or neither). */
  longitude?: number;
  latitude?: number;
}

/** POST /security/emergency/close: only when no task is open (409 naming the open tasks otherwise). */
export interface CloseEmergencyEventBody {
  eventId: number;
  result: string;
}

/** POST /security/emergency/task/dispatch: a task of an active event to a team of the tenant. */
export interface DispatchEmergencyTaskBody {
  eventId: number;
  title: string;
  description?: string;
  teamId: number;
  /** Epoch ms, later than now; default now + 30 minutes. */
  dueAt?: number;
}

/** POST /security/emergency/task/{accept|finish|cancel} (note required for cancel). */
export interface EmergencyTaskNoteBody {
  taskId: number;
  note?: string;
}

/** POST /security/emergency/task/progress: percent 0..99 (finish sets 100), note required. */
export interface EmergencyTaskProgressBody {
  taskId: number;
  percent: number;
  note: string;
}

/** POST /security/emergency/task/reassign: to another team of the tenant (back to 待接收). */
export interface ReassignEmergencyTaskBody {
  taskId: number;
  teamId: number;
  note?: string;
}

/** Minutes a dispatched task is due in when no due time is given. */
export const EMERGENCY_TASK_DEFAULT_DUE_MINUTES = 30;

// ---- routes and push -------------------------------------------------------------------------------

/**
 * The sensor readings' path (contracts/api/sensorRoutes.ts). The emergency routes themselves are declared
 * once, with their schemas and replies, in contracts/api/emergencyRoutes.ts.
 */
export const EMERGENCY_API = {
  /** GET SensorReadingsQuery → SensorReadings (water levels and hydrant pressures over time). */
  readings: '/security/emergency/readings',
} as const;
