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
 * The API paths (under the API prefix). All need a session holding platform:securityEmergency or one of
 * its pages. Answers: { code, msg, data } (list: { code, msg, rows, total }); another tenant's event,
 * task or team answers 404 like a missing one; bad input 400 with a Chinese message naming the field.
 */
export const EMERGENCY_API = {
  /** GET, EmergencyEventQuery → rows: EmergencyEventRow[]. */
  list: '/security/emergency/list',
  /** GET → EmergencyEventDetail. */
  detail: (eventId: number) => `/security/emergency/${eventId}`,
  /** GET ?alarmId= → EmergencyEventDetail of the event the alarm belongs to (404 if none). */
  byAlarm: '/security/emergency/byAlarm',
  /** POST CreateEmergencyEventBody → EmergencyEventDetail. */
  create: '/security/emergency/create',
  /** POST AlarmEmergencyEventBody → EmergencyEventDetail. */
  fromAlarm: '/security/emergency/fromAlarm',
  /** POST CloseEmergencyEventBody → EmergencyEventDetail. */
  close: '/security/emergency/close',
  /** POST DispatchEmergencyTaskBody → EmergencyTaskRow. */
  dispatch: '/security/emergency/task/dispatch',
  /** POST EmergencyTaskNoteBody → EmergencyTaskRow. */
  accept: '/security/emergency/task/accept',
  /** POST EmergencyTaskProgressBody → EmergencyTaskRow. */
  progress: '/security/emergency/task/progress',
  /** POST EmergencyTaskNoteBody → EmergencyTaskRow. */
  finish: '/security/emergency/task/finish',
  /** POST EmergencyTaskNoteBody (note required) → EmergencyTaskRow. */
  cancel: '/security/emergency/task/cancel',
  /** POST ReassignEmergencyTaskBody → EmergencyTaskRow. */
  reassign: '/security/emergency/task/reassign',
  /** GET → EmergencyTeamLoad[]. */
  teams: '/security/emergency/teams',
  /** GET ?eventId= (optional) → EmergencyResources. */
  resources: '/security/emergency/resources',
  /** GET → EmergencyStats. */
  stats: '/security/emergency/stats',
  /** GET SensorReadingsQuery → SensorReadings (water levels and hydrant pressures over time). */
  readings: '/security/emergency/readings',
  /** GET ?limit=1..100 (default 30) → EmergencyFeedEntry[], newest first. */
  feed: '/security/emergency/feed',
} as const;
