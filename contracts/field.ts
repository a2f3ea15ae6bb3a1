/**
 * 班组 (team/aTeam, bTeam, cTeam): the A, B and C teams' members with role, shift, on-duty state and the
 * walkie-talkie and law-enforcement recorder bound to each, their positions (people and UAVs share the
 * tracks), today's work, and a call to a member over their walkie-talkie. Shared by the server
 * (server/field/) and the team pages (plugins/module/field-teams).
 */

export const FIELD_TEAMS = ['A', 'B', 'C'] as const;
export type FieldTeam = (typeof FIELD_TEAMS)[number];
/** The spec's child pages of the team module, by team. */
export const FIELD_TEAM_PAGES: Record<FieldTeam, string> = { A: 'aTeam', B: 'bTeam', C: 'cTeam' };

export const FIELD_ROLES = ['队长', '队员', '执法员', '巡查员', '环卫员', '绿化员'] as const;
export type FieldRole = (typeof FIELD_ROLES)[number];

export const FIELD_SHIFTS = ['早班', '中班', '晚班', '全天'] as const;
export type FieldShift = (typeof FIELD_SHIFTS)[number];
/** Each shift's hours of the day (Beijing time, UTC+8): [from, to), 全天 the whole day. */
export const SHIFT_HOURS: Record<FieldShift, [number, number]> = { 早班: [6, 14], 中班: [14, 22], 晚班: [22, 30], 全天: [0, 24] };

export const FIELD_SUBJECT_KINDS = ['person', 'uav'] as const;
export type FieldSubjectKind = (typeof FIELD_SUBJECT_KINDS)[number];

/** A stored position of a person (a member's id) or a UAV (its device id). */
export interface FieldPosition {
  subjectKind: FieldSubjectKind;
  subjectId: number;
  /** Epoch ms. */
  at: number;
  longitude: number;
  latitude: number;
  /** Metres; null when the fix has none. */
  altitude: number | null;
  /** Metres per second. */
  speed: number | null;
  /** Degrees clockwise from north. */
  heading: number | null;
}

/** A device bound to a member: its name, code, whether it is online, and (a walkie-talkie) its call state. */
export interface BoundDevice {
  deviceId: number;
  name: string;
  code: string;
  online: boolean;
  /** The walkie-talkie's 通话状态 (idle | talking | group), from its device state; '' for a recorder. */
  call: string;
  /** Who the walkie-talkie talks to now ('' when idle). */
  peer: string;
}

export interface FieldMember {
  memberId: number;
  team: FieldTeam;
  name: string;
  role: string;
  shift: string;
  onDuty: boolean;
  walkie: BoundDevice | null;
  recorder: BoundDevice | null;
  /** The member's newest position, or null when none was ever reported. */
  lastPosition: FieldPosition | null;
}

/** A team's head count: members, on duty, seen in the last 10 minutes. */
export interface FieldTeamCount {
  team: FieldTeam;
  members: number;
  onDuty: number;
  /** Members whose last position is at most LIVE_WITHIN_MS old. */
  live: number;
}
/** A position this recent counts as live (在线). */
export const LIVE_WITHIN_MS = 10 * 60_000;

/** A work order of the member's team (the work-order team the A/B/C team is dispatched through). */
export interface FieldTask {
  orderId: number;
  orderNo: string;
  title: string;
  status: string;
  priority: string;
  createdAt: number;
  closedAt: number | null;
}

/** What one member did today (since local midnight): walked, on duty, the team's tasks. */
export interface MemberWork {
  memberId: number;
  /** Local midnight the day starts at (epoch ms). */
  since: number;
  /** Metres walked today, summed over the day's track. */
  distanceM: number;
  /** Fixes stored today. */
  fixes: number;
  firstSeenAt: number | null;
  lastSeenAt: number | null;
  /** The work-order team the member's A/B/C team is dispatched through (null: none bound). */
  workTeam: string | null;
  /** The team's open work orders and those closed today, newest first (at most 50). */
  tasks: FieldTask[];
  /** The member's patrol check-ins today (null: a backend without check-ins). */
  checkIns: number | null;
}

/** A call placed over a member's walkie-talkie (呼叫) or ended (挂断). */
export interface MemberCall {
  memberId: number;
  walkie: BoundDevice;
  /** The device command's outcome as the control path worded it. */
  message: string;
}

export const MEMBER_CALL_ACTIONS = ['call', 'hangup'] as const;
export type MemberCallAction = (typeof MEMBER_CALL_ACTIONS)[number];

/**
 * FIELD_POSITIONS: each simulator tick's positions of a tenant, packed (≤ 1 message a second per tenant):
 * `positions` holds FIELD_POSITION_STRIDE numbers per subject — kind (0 person, 1 uav), id, at, longitude,
 * latitude, heading (−1 unknown) and altitude (metres, 0 unknown).
 */
export interface FieldPositionsPushed {
  at: number;
  positions: number[];
}
export const FIELD_POSITION_STRIDE = 7;

/** Packs positions for the push topic (see FieldPositionsPushed). */
export function packPositions(positions: readonly FieldPosition[]): number[] {
  const packed: number[] = [];
  for (const position of positions)
    packed.push(
      position.subjectKind === 'uav' ? 1 : 0,
      position.subjectId,
      position.at,
      Math.round(position.longitude * 1e6) / 1e6,
      Math.round(position.latitude * 1e6) / 1e6,
      position.heading === null ? -1 : Math.round(position.heading),
      position.altitude === null ? 0 : Math.round(position.altitude * 10) / 10,
    );
  return packed;
}

/** The positions of a FIELD_POSITIONS message; a truncated tail is dropped. */
export function unpackPositions(packed: readonly number[]): FieldPosition[] {
  const positions: FieldPosition[] = [];
  for (let index = 0; index + FIELD_POSITION_STRIDE <= packed.length; index += FIELD_POSITION_STRIDE) {
    const [kind, subjectId, at, longitude, latitude, heading, altitude] = packed.slice(index, index + FIELD_POSITION_STRIDE);
    positions.push({
      subjectKind: kind === 1 ? 'uav' : 'person',
      subjectId: subjectId ?? 0,
      at: at ?? 0,
      longitude: longitude ?? 0,
      latitude: latitude ?? 0,
      altitude: kind === 1 ? (altitude ?? null) : null,
      speed: null,
      heading: heading === undefined || heading < 0 ? null : heading,
    });
  }
  return positions;
}
