/**
 * 巡查与打卡 (cityManagement: cityPatrol, greenCheckIn, sanitationCheckIn; lawEnforcement: lawCityPatrol,
 * lawGreenCheckIn, lawSanitationCheckIn): planned patrol routes of ordered checkpoints, each due within a
 * window of the day, the members' check-ins at them, and the checkpoints missed (each raising its kind's
 * alarm once a day). Shared by the server (server/patrols/) and the plugin plugins/module/field-patrols.
 */

export const PATROL_KINDS = ['cityPatrol', 'lawPatrol', 'greening', 'sanitation'] as const;
export type PatrolKind = (typeof PATROL_KINDS)[number];
export const PATROL_KIND_LABELS: Record<PatrolKind, string> = {
  cityPatrol: '城市巡查',
  lawPatrol: '执法巡查',
  greening: '绿化',
  sanitation: '环卫',
};
/** The alarm type (plugins/alarm/*) a missed checkpoint of each kind raises. */
export const PATROL_MISSED_ALARM_TYPES: Record<PatrolKind, string> = {
  cityPatrol: 'MUNICIPAL',
  lawPatrol: 'LAW_ENFORCEMENT',
  greening: 'GREENING',
  sanitation: 'SANITATION',
};

export const isPatrolKind = (value: unknown): value is PatrolKind => PATROL_KINDS.some((kind) => kind === value);
/** A stored kind as its type (a row written by this version always holds one; anything else reads as cityPatrol). */
export const patrolKindOf = (value: unknown): PatrolKind => (isPatrolKind(value) ? value : 'cityPatrol');

export const PATROL_TEAMS = ['A', 'B', 'C'] as const;
export type PatrolTeam = (typeof PATROL_TEAMS)[number];
export const patrolTeamOf = (value: unknown): PatrolTeam => PATROL_TEAMS.find((team) => team === value) ?? 'A';

/** A checkpoint's state on a day: checked in, its window ended without a check-in, or still to do. */
export const CHECKPOINT_STATES = ['done', 'missed', 'due'] as const;
export type CheckpointState = (typeof CHECKPOINT_STATES)[number];

/** How far (metres) a check-in may be from its checkpoint at most, whatever the checkpoint says. */
export const PATROL_MAX_RADIUS_M = 1000;
export const PATROL_NOTE_MAX_LENGTH = 200;
export const PATROL_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const MINUTES_PER_DAY = 1440;

export interface Checkpoint {
  checkpointId: number;
  /** Its place on the route, from 1. */
  seq: number;
  name: string;
  longitude: number;
  latitude: number;
  radiusM: number;
  /** The window it is due in, minutes of the Asia/Shanghai day: from ≤ check-in < to. */
  dueFromMinute: number;
  dueToMinute: number;
}

/** A checkpoint with its state on the day asked for, and the check-in that did it. */
export interface CheckpointOfDay extends Checkpoint {
  state: CheckpointState;
  checkInId: number | null;
  checkedInAt: number | null;
  /** The alarm its miss raised (null unless missed and raised). */
  alarmId: number | null;
}

/** A route with each checkpoint's state on a day, and how many are in each. */
export interface PatrolRoute {
  routeId: number;
  name: string;
  kind: PatrolKind;
  team: PatrolTeam;
  memberId: number;
  memberName: string;
  /** The Asia/Shanghai day the states are of (its midnight, epoch ms). */
  day: number;
  done: number;
  missed: number;
  due: number;
  checkpoints: CheckpointOfDay[];
}

export interface CheckIn {
  checkInId: number;
  routeId: number;
  routeName: string;
  kind: PatrolKind;
  team: PatrolTeam;
  checkpointId: number;
  checkpointName: string;
  memberId: number;
  memberName: string;
  at: number;
  longitude: number;
  latitude: number;
  /** Metres from the checkpoint. */
  distanceM: number;
  note: string;
  hasPhoto: boolean;
}

/** A checkpoint whose window ended on its day without a check-in, and the alarm it raised. */
export interface MissedCheckpoint {
  routeId: number;
  routeName: string;
  kind: PatrolKind;
  team: PatrolTeam;
  checkpointId: number;
  checkpointName: string;
  memberId: number;
  memberName: string;
  longitude: number;
  latitude: number;
  day: number;
  raisedAt: number;
  alarmId: number | null;
}

export interface PatrolFigures {
  done: number;
  missed: number;
  due: number;
  checkIns: number;
}

/** A day's figures of the tenant's checkpoints (optionally of one kind), by kind and by team. */
export interface PatrolStatistics {
  day: number;
  total: PatrolFigures;
  byKind: ({ kind: PatrolKind } & PatrolFigures)[];
  byTeam: ({ team: PatrolTeam } & PatrolFigures)[];
}

/** Where a member walks today (the people simulator's seam): the route's checkpoints in order. */
export interface PatrolWaypoint {
  lng: number;
  lat: number;
  checkpointId: number;
}

/** PATROL_CHECK_IN (silent): a check-in was stored; the patrol pages refresh. */
export interface PatrolCheckedIn {
  checkInId: number;
  routeId: number;
  checkpointId: number;
  kind: PatrolKind;
  at: number;
}

/** CITY_PATROL_EVENT, GREEN_CHECK_IN_EVENT, SANITATION_CHECK_IN_EVENT: a checkpoint was missed; the alarm as a toast reads it. */
export interface PatrolMissedPushed {
  alarmId: number;
  alarmType: string;
  alarmTypeName: string;
  grade: string;
  alarmContent: string;
  createTime: number;
  routeId: number;
  routeName: string;
  kind: PatrolKind;
  checkpointId: number;
  checkpointName: string;
  memberName: string;
  longitude: number;
  latitude: number;
}

export const PATROL_API = {
  photo: '/patrols/checkIns/:checkInId/photo',
} as const;
