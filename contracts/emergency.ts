/**
 * Emergency dispatch (安防应急): the calls under `/security/emergency/…`, shared by the web app (the
 * emergency-dispatch pages 调度事件任务 / 调度面板 and the emergency-map pages 人群疏散 / 火情 / 消防救援 /
 * 防汛 / 水情) and the server (server/emergency/).
 *
 * An emergency event (应急事件) is opened automatically when an alarm of a type in EMERGENCY_ALARM_KINDS
 * is raised (an alarm of the same kind within an active event's radius joins that event instead), from an
 * existing alarm by an operator, or by hand. It starts with the tasks of its kind's plan (EMERGENCY_PLANS,
 * offered one click each) and any the operator adds; each task is dispatched to a team (the tenant's
 * teams, shared with work orders) and moves only along EMERGENCY_TASK_TRANSITIONS. An event is closed
 * (处置中 → 已结束) only when every task is finished or cancelled. Every refused action answers 409 with a
 * message naming the current state and the action, and changes nothing. Every change is recorded in the
 * event's history (and in its alarms' history) and pushed to the tenant as EMERGENCY_PUSH_EVENT.
 *
 * Stable: later changes are additive only (new optional fields, new routes).
 */
import type { AlarmRow } from './alarms';

// ---- kinds, levels, statuses ----------------------------------------------------------------------

export const EMERGENCY_KINDS = ['FIRE', 'FLOOD', 'STAMPEDE', 'HYDRANT', 'OTHER'] as const;
export type EmergencyKind = (typeof EMERGENCY_KINDS)[number];
export const EMERGENCY_KIND_LABELS: Record<EmergencyKind, string> = {
  FIRE: '火情',
  FLOOD: '防汛',
  STAMPEDE: '人群踩踏',
  HYDRANT: '消防栓水压',
  OTHER: '其他',
};

/** Alarm types (plugins/alarm/*: contributes.code) that open or join an event of this kind when raised. */
export const EMERGENCY_ALARM_KINDS: Readonly<Record<string, EmergencyKind>> = {
  FIRE_FIGHTING: 'FIRE',
  FIRE: 'FIRE',
  FLOOD_PREVENTION: 'FLOOD',
  CROWD_STAMPEDE: 'STAMPEDE',
  HYDRANT_PRESSURE: 'HYDRANT',
};

/** The affected radius (metres) an event gets when none is given. */
export const EMERGENCY_DEFAULT_RADIUS: Record<EmergencyKind, number> = { FIRE: 300, FLOOD: 500, STAMPEDE: 200, HYDRANT: 150, OTHER: 200 };
/** Limits of the affected radius (metres). */
export const EMERGENCY_RADIUS_MIN = 10;
export const EMERGENCY_RADIUS_MAX = 10_000;

/** An event's level; from its alarm's grade (ALARM_GRADE_HIGH → HIGH …), MEDIUM by hand unless given. */
export const EMERGENCY_LEVELS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type EmergencyLevel = (typeof EMERGENCY_LEVELS)[number];
export const EMERGENCY_LEVEL_LABELS: Record<EmergencyLevel, string> = { HIGH: '重大', MEDIUM: '较大', LOW: '一般' };
export const EMERGENCY_LEVEL_OF_GRADE: Readonly<Record<string, EmergencyLevel>> = {
  ALARM_GRADE_HIGH: 'HIGH',
  ALARM_GRADE_MEDIUM: 'MEDIUM',
  ALARM_GRADE_LOW: 'LOW',
};

export const EMERGENCY_EVENT_STATUSES = ['ACTIVE', 'CLOSED'] as const;
export type EmergencyEventStatus = (typeof EMERGENCY_EVENT_STATUSES)[number];
export const EMERGENCY_EVENT_STATUS_LABELS: Record<EmergencyEventStatus, string> = { ACTIVE: '处置中', CLOSED: '已结束' };

export const EMERGENCY_TASK_STATUSES = ['PENDING', 'ACCEPTED', 'PROCESSING', 'DONE', 'CANCELLED'] as const;
export type EmergencyTaskStatus = (typeof EMERGENCY_TASK_STATUSES)[number];
export const EMERGENCY_TASK_STATUS_LABELS: Record<EmergencyTaskStatus, string> = {
  PENDING: '待接收',
  ACCEPTED: '已接收',
  PROCESSING: '处理中',
  DONE: '已完成',
  CANCELLED: '已取消',
};
/** Tasks still to be done: a team with one of these is busy; an event with one cannot be closed. */
export const OPEN_EMERGENCY_TASK_STATUSES: readonly EmergencyTaskStatus[] = ['PENDING', 'ACCEPTED', 'PROCESSING'];

export const EMERGENCY_TASK_ACTIONS = ['accept', 'progress', 'finish', 'cancel', 'reassign'] as const;
export type EmergencyTaskAction = (typeof EMERGENCY_TASK_ACTIONS)[number];
/** From which statuses each task action may be taken and the status it leads to. */
export const EMERGENCY_TASK_TRANSITIONS: Record<EmergencyTaskAction, { from: readonly EmergencyTaskStatus[]; to: EmergencyTaskStatus }> = {
  accept: { from: ['PENDING'], to: 'ACCEPTED' },
  // The first progress report of an accepted task starts it (处理中).
  progress: { from: ['ACCEPTED', 'PROCESSING'], to: 'PROCESSING' },
  finish: { from: ['PROCESSING'], to: 'DONE' },
  cancel: { from: ['PENDING', 'ACCEPTED'], to: 'CANCELLED' },
  // Another team must accept it again.
  reassign: { from: ['PENDING', 'ACCEPTED'], to: 'PENDING' },
};

/** Every action recorded in an event's history (event-level and task-level). */
export const EMERGENCY_ACTIONS = ['open', 'join', 'close', 'dispatch', ...EMERGENCY_TASK_ACTIONS] as const;
export type EmergencyAction = (typeof EMERGENCY_ACTIONS)[number];
export const EMERGENCY_ACTION_LABELS: Record<EmergencyAction, string> = {
  open: '启动事件',
  join: '关联告警',
  close: '结束事件',
  dispatch: '派发任务',
  accept: '接收',
  progress: '上报进度',
  finish: '完成',
  cancel: '取消',
  reassign: '改派',
};

// ---- plans (预案) --------------------------------------------------------------------------------

export interface EmergencyPlanTask {
  title: string;
  description: string;
  /** A word of the team's name or duty this task suits (the UI preselects the first matching team). */
  teamHint: string;
  /** Minutes from dispatch to its due time. */
  dueMinutes: number;
}

/** The plan of each kind: the tasks an event is offered one click each (按预案派发). */
export const EMERGENCY_PLANS: Record<EmergencyKind, readonly EmergencyPlanTask[]> = {
  FIRE: [
    { title: '灭火救援', description: '出动消防力量，利用就近消火栓扑灭火情，防止蔓延', teamHint: '消防', dueMinutes: 30 },
    { title: '人员疏散', description: '按疏散路线将周边人员转移至避难场所，清点人数', teamHint: '巡', dueMinutes: 20 },
    { title: '警戒封控', description: '在影响范围外设置警戒线，禁止无关人员和车辆进入', teamHint: '巡', dueMinutes: 15 },
    { title: '医疗救护', description: '在安全区域设置救护点，处置伤员并联系医院转运', teamHint: '救', dueMinutes: 30 },
  ],
  FLOOD: [
    { title: '排涝抢险', description: '调集抽水设备排除积水，疏通排水管网与井口', teamHint: '抢修', dueMinutes: 60 },
    { title: '转移群众', description: '将低洼地带群众转移至避难场所，做好安置', teamHint: '救', dueMinutes: 45 },
    { title: '道路封闭', description: '对积水路段设置围挡和警示，引导车辆绕行', teamHint: '巡', dueMinutes: 20 },
  ],
  STAMPEDE: [
    { title: '疏导分流', description: '在拥挤区域设置单向通道，分批放行，疏导人流', teamHint: '巡', dueMinutes: 15 },
    { title: '医疗救护', description: '就近设置救护点，处置摔倒受伤人员', teamHint: '救', dueMinutes: 20 },
    { title: '广播引导', description: '通过广播和信息屏发布疏导信息，安抚游客情绪', teamHint: '运维', dueMinutes: 10 },
  ],
  HYDRANT: [
    { title: '检修消防栓', description: '现场检查消火栓水压与阀门，排除故障并复测', teamHint: '消防', dueMinutes: 120 },
    { title: '管网排查', description: '排查供水管网是否泄漏或阀门关闭，联系供水单位', teamHint: '抢修', dueMinutes: 180 },
  ],
  OTHER: [
    { title: '现场核实', description: '赶赴现场核实情况并回报指挥中心', teamHint: '巡', dueMinutes: 30 },
    { title: '现场处置', description: '按指挥中心要求开展现场处置', teamHint: '救', dueMinutes: 60 },
  ],
};

// ---- rows ------------------------------------------------------------------------------------------

/** An event as the list, the detail, every action and the push return it. */
export interface EmergencyEventRow {
  eventId: number;
  kind: EmergencyKind;
  kindName: string;
  title: string;
  description: string;
  level: EmergencyLevel;
  levelName: string;
  status: EmergencyEventStatus;
  statusName: string;
  longitude: number;
  latitude: number;
  /** Affected radius in metres. */
  radius: number;
  /** The alarm it was opened from (null when opened by hand). */
  alarmId: number | null;
  /** Every alarm linked to it: the source first, then alarms that joined it. */
  alarmIds: number[];
  createdBy: number | null;
  /** 系统 when opened automatically from an alarm. */
  createdByName: string;
  createTime: number;
  closedBy: number | null;
  closedByName: string | null;
  closedAt: number | null;
  /** The result summary given when closed ('' while active). */
  result: string;
  updateTime: number;
  /** Its tasks by status. */
  taskCounts: Record<EmergencyTaskStatus, number>;
}

/** A dispatched task (调度任务). */
export interface EmergencyTaskRow {
  taskId: number;
  eventId: number;
  eventTitle: string;
  title: string;
  description: string;
  teamId: number;
  teamName: string;
  status: EmergencyTaskStatus;
  statusName: string;
  /** 0..100; 100 once finished. */
  percent: number;
  /** The last progress note ('' before any). */
  lastNote: string;
  dueAt: number;
  /** Open and past its due time. */
  overdue: boolean;
  createdBy: number | null;
  createdByName: string;
  createTime: number;
  updateTime: number;
  finishedAt: number | null;
}

/** One line of an event's history (who, when, what); taskId null for event-level lines. */
export interface EmergencyHistoryEntry {
  id: number;
  eventId: number;
  taskId: number | null;
  taskTitle: string | null;
  /** The task's team when the line was written (the new team for 改派). */
  teamName: string | null;
  time: number;
  action: EmergencyAction;
  actionName: string;
  fromStatus: string | null;
  toStatus: string | null;
  percent: number | null;
  note: string;
  userId: number | null;
  /** 系统 for automatic changes; the team's name for the field-work simulator's. */
  userName: string;
}

/** GET /security/emergency/{id} (spec section 7): the event with its tasks, its history and its alarms. */
export interface EmergencyEventDetail extends EmergencyEventRow {
  /** Oldest first. */
  tasks: EmergencyTaskRow[];
  /** Oldest first, event- and task-level lines. */
  history: EmergencyHistoryEntry[];
  /** The linked alarms (contracts/alarms.ts), source first. */
  alarms: AlarmRow[];
}

/** A line of the tenant's live feed (GET /security/emergency/feed and every push). */
export interface EmergencyFeedEntry extends EmergencyHistoryEntry {
  eventTitle: string;
  eventKind: EmergencyKind;
}

/** GET /security/emergency/teams: each team of the tenant and what it is doing now (调度面板). */
export interface EmergencyTeamLoad {
  teamId: number;
  name: string;
  duty: string;
  /** Has an open task (待接收 / 已接收 / 处理中). */
  busy: boolean;
  /** Its open tasks, oldest first. */
  tasks: EmergencyTaskRow[];
  /** Work orders assigned to it and not finished (已派发 / 处理中). */
  openWorkOrders: number;
}

/** GET /security/emergency/stats. */
export interface EmergencyStats {
  activeEvents: number;
  closedEvents: number;
  /** Active events by kind. */
  activeByKind: Record<EmergencyKind, number>;
  /** Tasks of active events by status. */
  tasksByStatus: Record<EmergencyTaskStatus, number>;
  /** Teams with an open task / all teams. */
  busyTeams: number;
  teams: number;
}

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
 * from EMERGENCY_ALARM_KINDS, else OTHER unless given). 409 if the alarm already belongs to an event;
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
 * The sensor readings' path (server/sensors). The emergency routes themselves are declared once, with
 * their schemas and replies, in contracts/api/emergencyRoutes.ts.
 */
export const EMERGENCY_API = {
  /** GET SensorReadingsQuery → SensorReadings (water levels and hydrant pressures over time). */
  readings: '/security/emergency/readings',
} as const;

/** The push event type of every event and task change (registry/pushEvents.json: silent, topic EMERGENCY_PUSH_TOPIC). */
export const EMERGENCY_PUSH_EVENT = 'EMERGENCY_TASK';
export const EMERGENCY_PUSH_TOPIC = 'emergency.task';

/** The data of an EMERGENCY_TASK push. */
export interface EmergencyPushData {
  eventId: number;
  /** null for event-level changes (open, join, close). */
  taskId: number | null;
  action: EmergencyAction;
  entry: EmergencyFeedEntry;
  event: EmergencyEventRow;
  task: EmergencyTaskRow | null;
}
