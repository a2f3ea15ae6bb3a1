/**
 * Device operation (设备运维) and video diagnosis (视频诊断): the calls under `/operation/…`, shared by the
 * web app and the server. Fault statuses move only along FAULT_TRANSITIONS; the server refuses anything
 * else with code 409 and a message naming the current status and the action.
 */

/** Availability windows: the last 24 hours by hour, the last 7 or 30 Shanghai days by day. */
export const AVAILABILITY_RANGES = ['24h', '7d', '30d'] as const;
export type AvailabilityRange = (typeof AVAILABILITY_RANGES)[number];

/** One device kind's availability over a window. */
export interface KindAvailability {
  /** The kind's page name (camera, streetLamp, …). */
  kind: string;
  kindName: string;
  /** Mean over the kind's devices of (time online / time observed) in the window, 0..1; null when no device was observed. */
  availability: number | null;
  /** Devices observed in the window. */
  devices: number;
  /** Command results in the window: successes / all; null without commands. */
  commandSuccessRate: number | null;
  commands: number;
}

/** GET /operation/availability?range=24h|7d|30d. */
export interface AvailabilityReport {
  range: AvailabilityRange;
  bucket: 'hour' | 'day';
  /** Bucket starts (epoch ms), oldest first; the last bucket ends now. */
  buckets: number[];
  /** Per kind: availability per bucket (null where nothing was observed). */
  series: { kind: string; kindName: string; values: (number | null)[] }[];
  /** Per kind over the whole window. */
  kinds: KindAvailability[];
  /** Over every device of the tenant in the window (mean of the devices). */
  overall: number | null;
  /** Devices online now / all devices. */
  onlineNow: number;
  devicesNow: number;
  /** Since when status changes are recorded for this tenant (epoch ms); null before any. */
  observedSince: number | null;
}

export const FAULT_STATUSES = ['OPEN', 'ORDERED', 'CLOSED'] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];
export const FAULT_STATUS_LABELS: Record<FaultStatus, string> = { OPEN: '待处理', ORDERED: '已转工单', CLOSED: '已关闭' };
/** Faults still to be dealt with. */
export const OPEN_FAULT_STATUSES: readonly FaultStatus[] = ['OPEN', 'ORDERED'];

export const FAULT_CAUSES = ['offline', 'command', 'inspection'] as const;
export type FaultCause = (typeof FAULT_CAUSES)[number];
export const FAULT_CAUSE_LABELS: Record<FaultCause, string> = { offline: '设备离线', command: '命令失败', inspection: '巡检异常' };

export const FAULT_ACTIONS = ['close', 'toWorkOrder'] as const;
export type FaultAction = (typeof FAULT_ACTIONS)[number];
export const FAULT_ACTION_LABELS: Record<FaultAction | 'raise' | 'autoClose', string> = {
  raise: '产生',
  close: '关闭',
  toWorkOrder: '转工单',
  autoClose: '自动关闭',
};
export const FAULT_TRANSITIONS: Record<FaultAction, { from: readonly FaultStatus[]; to: FaultStatus }> = {
  close: { from: ['OPEN', 'ORDERED'], to: 'CLOSED' },
  toWorkOrder: { from: ['OPEN'], to: 'ORDERED' },
};

export interface FaultRow {
  faultId: number;
  deviceId: number;
  deviceName: string;
  kind: string;
  kindName: string;
  cause: FaultCause;
  causeName: string;
  status: FaultStatus;
  statusName: string;
  detail: string;
  openedAt: number;
  closedAt: number | null;
  closeNote: string;
  /** The work order it was turned into, if any. */
  workOrderId: number | null;
  workOrderNo: string | null;
}

/** GET /operation/faults: RuoYi paging and filters. */
export interface FaultQuery {
  pageNum?: number;
  pageSize?: number;
  status?: FaultStatus;
  /** 'open': OPEN and ORDERED. */
  open?: '0' | '1';
  cause?: FaultCause;
  kind?: string;
  deviceId?: number;
}

/** One step of a fault's audit trail (GET /operation/fault/:faultId). */
export interface FaultEvent {
  id: number;
  time: number;
  action: string;
  actionName: string;
  fromStatus: string | null;
  toStatus: string | null;
  note: string;
  userName: string;
}

/** A fault with its audit trail, oldest first. */
export interface FaultDetail extends FaultRow {
  events: FaultEvent[];
}

export interface FaultCloseBody {
  faultId: number;
  note: string;
}

export interface FaultWorkOrderBody {
  faultId: number;
  title?: string;
  teamId?: number;
}

/** A maintenance plan (保养计划): a kind (all its devices) or a list of devices, every intervalDays. */
export interface MaintenancePlan {
  planId: number;
  name: string;
  kind: string;
  kindName: string;
  /** Empty: every device of the kind. */
  deviceIds: number[];
  intervalDays: number;
  teamId: number | null;
  teamName: string | null;
  nextDueAt: number;
  /** Raise an INSPECTION work order with each inspection. */
  createWorkOrder: boolean;
  enabled: boolean;
  createTime: number;
  updateTime: number;
}

export interface PlanBody {
  name: string;
  kind: string;
  deviceIds?: number[];
  intervalDays: number;
  teamId?: number | null;
  /** Epoch ms; default: now (the first inspection is due at once). */
  nextDueAt?: number;
  createWorkOrder?: boolean;
  enabled?: boolean;
}

/** GET /operation/plan/devices?kind=…: the tenant's devices of a kind, by name, to pick a plan's devices from. */
export interface PlanDeviceOption {
  deviceId: number;
  deviceName: string;
  deviceCode: string;
  online: boolean;
}

export interface PlanUpdateBody extends PlanBody {
  planId: number;
}

export const INSPECTION_STATUSES = ['PENDING', 'DONE'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_STATUS_LABELS: Record<InspectionStatus, string> = { PENDING: '待巡检', DONE: '已完成' };
export const INSPECTION_RESULTS = ['NORMAL', 'ABNORMAL'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
export const INSPECTION_RESULT_LABELS: Record<InspectionResult, string> = { NORMAL: '正常', ABNORMAL: '异常' };

export interface InspectionRow {
  inspectionId: number;
  planId: number;
  planName: string;
  kind: string;
  kindName: string;
  teamId: number | null;
  teamName: string | null;
  dueAt: number;
  status: InspectionStatus;
  statusName: string;
  result: InspectionResult | null;
  resultName: string | null;
  note: string;
  /** The device an 异常 result names (its fault). */
  deviceId: number | null;
  deviceName: string | null;
  faultId: number | null;
  workOrderId: number | null;
  doneAt: number | null;
  createTime: number;
}

export interface InspectionQuery {
  pageNum?: number;
  pageSize?: number;
  status?: InspectionStatus;
  planId?: number;
}

/** POST /operation/inspection/result: an 异常 result names the device at fault. */
export interface InspectionResultBody {
  inspectionId: number;
  result: InspectionResult;
  note?: string;
  deviceId?: number;
}

/** GET /operation/kpi. */
export interface OperationKpi {
  onlineRate: number | null;
  online: number;
  devices: number;
  openFaults: number;
  faultsToday: number;
  inspectionsDueToday: number;
  inspectionsDoneToday: number;
}

// ---- video diagnosis ------------------------------------------------------------------------------

export const PICTURE_STATES = ['ok', 'frozen', 'black', 'blurred'] as const;
export type PictureState = (typeof PICTURE_STATES)[number];
export const PICTURE_STATE_LABELS: Record<PictureState, string> = {
  ok: '画面正常',
  frozen: '画面冻结',
  black: '黑屏',
  blurred: '画面模糊',
};

/** Why a camera's check failed. */
export const DIAGNOSIS_REASONS = ['offline', 'noStream', 'frozen', 'black', 'blurred'] as const;
export type DiagnosisReason = (typeof DIAGNOSIS_REASONS)[number];
export const DIAGNOSIS_REASON_LABELS: Record<DiagnosisReason, string> = {
  offline: '设备离线',
  noStream: '视频流无响应',
  frozen: '画面冻结',
  black: '黑屏',
  blurred: '画面模糊',
};

/** One check of one camera. */
export interface DiagnosisCheck {
  checkId: number;
  deviceId: number;
  at: number;
  online: boolean;
  streamOk: boolean;
  /** null: no diagnosis reported (an MQTT camera without picture telemetry). */
  picture: PictureState | null;
  healthy: boolean;
  reasons: DiagnosisReason[];
  reasonNames: string[];
}

/** A camera's latest check (the health grid). */
export interface CameraHealth extends DiagnosisCheck {
  deviceName: string;
  kind: string;
  kindName: string;
}

/** GET /operation/video/summary. */
export interface DiagnosisSummary {
  /** The latest run's time; null before the first. */
  lastRunAt: number | null;
  cameras: number;
  healthy: number;
  faulty: number;
  /** Faulty cameras by reason (a camera may count under several). */
  byReason: { reason: DiagnosisReason; reasonName: string; count: number }[];
  /** Whether the stream endpoint can serve video at all (ffmpeg). */
  streamAvailable: boolean;
  /** How often the server diagnoses (ms; 0: only on demand). */
  intervalMs: number;
}

export const CAMERA_HEALTH_FILTERS = ['healthy', 'faulty'] as const;
export type CameraHealthFilter = (typeof CAMERA_HEALTH_FILTERS)[number];

/** The spans GET /operation/video/trend covers, and their hours. */
export const DIAGNOSIS_TREND_RANGES = ['24h', '7d'] as const;
export type DiagnosisTrendRange = (typeof DIAGNOSIS_TREND_RANGES)[number];
export const DIAGNOSIS_TREND_HOURS: Record<DiagnosisTrendRange, number> = { '24h': 24, '7d': 7 * 24 };

/** GET /operation/video/history: a camera's checks, newest first. */
export interface CameraDiagnosisHistory {
  camera: { deviceId: number; deviceName: string; kind: string; kindName: string; online: boolean };
  checks: DiagnosisCheck[];
}

/** GET /operation/video/trend?range=24h|7d: the share of healthy cameras per hour. */
export interface DiagnosisTrend {
  buckets: number[];
  /** 0..1 per bucket; null where no check ran. */
  healthyShare: (number | null)[];
  checks: number[];
}

/** POST /operation/video/run: the run's outcome. */
export interface DiagnosisRun {
  at: number;
  cameras: number;
  healthy: number;
  faulty: number;
}

/** Push event types (registry/pushEvents.json): the pages refresh on them. */
export const OPERATION_FAULT_EVENT = 'OPERATION_FAULT';
export const VIDEO_DIAGNOSIS_EVENT = 'VIDEO_DIAGNOSIS';
/** Their bus topics (registry/pushEvents.json), which the pages subscribe to. */
export const OPERATION_FAULT_TOPIC = 'operation.fault';
export const VIDEO_DIAGNOSIS_TOPIC = 'operation.videoDiagnosis';
