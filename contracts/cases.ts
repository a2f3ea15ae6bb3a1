/**
 * Cases (案件): complaints and suggestions from the public, illegal parking, environment and greening
 * violations and other events, for 综合执法. A case is registered, assigned to a team (as a work order),
 * handled and closed, or refused; statuses move only along CASE_TRANSITIONS and the server refuses
 * anything else with 409 naming the current status and the action.
 */

export const CASE_KINDS = ['complaint', 'suggestion', 'illegalParking', 'environment', 'greening', 'other'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  complaint: '投诉',
  suggestion: '建议',
  illegalParking: '违停',
  environment: '环境',
  greening: '绿化',
  other: '其他',
};

/** The case pages: which kinds each shows (a page's `group` query). */
export const CASE_GROUPS = {
  complaintSuggestion: ['complaint', 'suggestion'],
  other: ['other'],
  greenEnv: ['environment', 'greening'],
  parking: ['illegalParking'],
} as const satisfies Record<string, readonly CaseKind[]>;
export type CaseGroup = keyof typeof CASE_GROUPS;
export const CASE_GROUP_NAMES = Object.keys(CASE_GROUPS) as CaseGroup[];

export const CASE_SOURCES = ['public', 'patrol', 'video'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];
export const CASE_SOURCE_LABELS: Record<CaseSource, string> = { public: '市民热线/APP', patrol: '巡查上报', video: '视频发现' };

/** The field teams a case is dispatched to (the A, B and C teams of field_members). */
export const CASE_TEAMS = ['A', 'B', 'C'] as const;
export type CaseTeam = (typeof CASE_TEAMS)[number];
export const CASE_TEAM_LABELS: Record<CaseTeam, string> = { A: 'A 班组', B: 'B 班组', C: 'C 班组' };

export const CASE_STATUSES = ['registered', 'assigned', 'handled', 'closed', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  registered: '已登记',
  assigned: '已派遣',
  handled: '已处置',
  closed: '已结案',
  rejected: '不予受理',
};
/** Statuses of a case still to be done (its age counts; overdue ones are flagged). */
export const OPEN_CASE_STATUSES: readonly CaseStatus[] = ['registered', 'assigned', 'handled'];
/** A case open longer than this is overdue (超期). */
export const CASE_OVERDUE_HOURS = 48;

export const CASE_ACTIONS = ['assign', 'handle', 'close', 'reject'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
export const CASE_ACTION_LABELS: Record<CaseAction | 'register' | 'evidence', string> = {
  register: '登记',
  assign: '派遣',
  handle: '处置',
  close: '结案',
  reject: '不予受理',
  evidence: '上传证据',
};
/** From which statuses each action may be taken, and the status it leads to. */
export const CASE_TRANSITIONS: Record<CaseAction, { from: readonly CaseStatus[]; to: CaseStatus }> = {
  assign: { from: ['registered'], to: 'assigned' },
  handle: { from: ['assigned'], to: 'handled' },
  close: { from: ['handled'], to: 'closed' },
  reject: { from: ['registered', 'assigned'], to: 'rejected' },
};
/** The actions a case in `status` allows (the detail's buttons). */
export function caseActionsOf(status: CaseStatus): CaseAction[] {
  return CASE_ACTIONS.filter((action) => CASE_TRANSITIONS[action].from.includes(status));
}

/** Evidence files: images, told by their bytes. */
export const CASE_EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CASE_EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const CASE_EVIDENCE_MAX_COUNT = 20;

/** A case as the list, the detail and every action return it. */
export interface CaseRow {
  caseId: number;
  /** AJ-yyyymmdd-nnnn: consecutive per tenant and day (Asia/Shanghai). */
  caseNo: string;
  kind: CaseKind;
  kindName: string;
  source: CaseSource;
  sourceName: string;
  status: CaseStatus;
  statusName: string;
  title: string;
  description: string;
  reporterName: string;
  reporterPhone: string;
  longitude: number;
  latitude: number;
  /** The tenant's named place nearest to the case. */
  area: string;
  team: CaseTeam | null;
  teamName: string;
  workOrderId: number | null;
  /** The alarm a new case raised (complaints, illegal parking, other), null otherwise. */
  alarmId: number | null;
  createTime: number;
  assignedAt: number | null;
  handledAt: number | null;
  closedAt: number | null;
  /** Open longer than CASE_OVERDUE_HOURS. */
  overdue: boolean;
}

export interface CaseEvent {
  eventId: number;
  action: CaseAction | 'register' | 'evidence';
  actionName: string;
  fromStatus: CaseStatus | null;
  toStatus: CaseStatus | null;
  note: string;
  /** The operator; null when the field (the simulator) did it. */
  userId: number | null;
  userName: string;
  time: number;
}

export interface CaseEvidence {
  evidenceId: number;
  mime: string;
  size: number;
  /** The status the case was in when it was uploaded. */
  status: CaseStatus;
  createTime: number;
  /** GET it with the session (ApiFiles). */
  url: string;
}

export interface CaseDetail extends CaseRow {
  events: CaseEvent[];
  evidence: CaseEvidence[];
  actions: CaseAction[];
}

/** POST /cases: a new case. */
export interface RegisterCaseBody {
  kind: CaseKind;
  source?: CaseSource;
  title: string;
  description?: string;
  reporterName?: string;
  reporterPhone?: string;
  longitude: number;
  latitude: number;
}

export interface CaseCount {
  name: string;
  value: number;
}

/** Figures of a group's cases over a range (SQL aggregates). */
export interface CaseStats {
  /** Registered today (Asia/Shanghai). */
  today: number;
  open: number;
  overdue: number;
  /** Closed within the range. */
  closed: number;
  byKind: CaseCount[];
  byArea: CaseCount[];
  byTeam: CaseCount[];
  byStatus: CaseCount[];
  /** Open cases by age: <1 天, 1–2 天, 2–7 天, >7 天. */
  openAges: CaseCount[];
}

/** CASE_CHANGED: a committed change of a case (the case pages refresh on it). */
export interface CaseChanged {
  caseId: number;
  caseNo: string;
  kind: CaseKind;
  status: CaseStatus;
  action: CaseAction | 'register' | 'evidence';
  time: number;
}

/** A new case's city event (COMPLAINT_SUGGESTION_EVENT, PARKING_EVENT, OTHER_EVENT): the alarm it raised, as a toast reads it. */
export interface CaseAlarmPushed {
  alarmId: number;
  alarmType: string;
  alarmTypeName: string;
  grade: string;
  alarmContent: string;
  createTime: number;
  caseId: number;
  caseNo: string;
  kind: CaseKind;
  longitude: number;
  latitude: number;
}

/** The city events a new case of a kind publishes, and the alarm type it raises (registry/pushEvents.json). */
export const CASE_CITY_EVENTS: Partial<Record<CaseKind, { eventType: CaseCityEventType; alarmType: string }>> = {
  complaint: { eventType: 'COMPLAINT_SUGGESTION_EVENT', alarmType: 'COMPLAINT_SUGGESTION' },
  suggestion: { eventType: 'COMPLAINT_SUGGESTION_EVENT', alarmType: 'COMPLAINT_SUGGESTION' },
  illegalParking: { eventType: 'PARKING_EVENT', alarmType: 'PARKING' },
  other: { eventType: 'OTHER_EVENT', alarmType: 'LAW_ENFORCEMENT' },
};
export const CASE_CITY_EVENT_TYPES = ['COMPLAINT_SUGGESTION_EVENT', 'PARKING_EVENT', 'OTHER_EVENT'] as const;
export type CaseCityEventType = (typeof CASE_CITY_EVENT_TYPES)[number];

/** A named place of the tenant a case may be registered at (the 登记 form's list). */
export interface CasePlace {
  name: string;
  longitude: number;
  latitude: number;
}

/** A parking lot (a smartParking device) with its occupancy now. */
export interface ParkingLot {
  deviceId: number;
  name: string;
  longitude: number;
  latitude: number;
  online: boolean;
  capacity: number;
  occupied: number;
  /** occupied / capacity, 0..1. */
  occupancy: number;
}
