/**
 * Field work's tables (migration 025; server/field/): the A/B/C teams' members and the positions of
 * people and UAVs. Part of `Database`; same conventions (times epoch ms, booleans 0/1).
 */
export interface FieldTables {
  /** A member of a tenant's A, B or C team, with the walkie-talkie and law-enforcement recorder bound to them (device ids). */
  field_members: {
    member_id: number | undefined;
    tenant_id: number;
    team: string;
    name: string;
    role: string;
    shift: string;
    on_duty: number;
    walkie_device_id: number | null;
    recorder_device_id: number | null;
  };
  /** Every position of a person (a member's id) or a UAV (its device id): key tenant, kind, subject, time. */
  positions: PositionRow;
  /** Each subject's newest position (upserted with every ingested batch): key tenant, kind, subject. */
  last_positions: PositionRow;
  /** The work-order team (`teams`) each of a tenant's A, B and C teams is dispatched through (migration 029). */
  field_teams: { tenant_id: number; team: string; work_team_id: number | null };
  /** The members' audit trail: on-duty changes and walkie-talkie calls (migration 029). */
  field_member_events: {
    id: number | undefined;
    tenant_id: number;
    member_id: number;
    at: number;
    /** null: the system (the shift clock). */
    user_id: number | null;
    action: string;
    from_value: string | null;
    to_value: string | null;
    note: string;
  };
}

/** One stored position. */
export type PositionRow = {
  tenant_id: number;
  subject_kind: string;
  subject_id: number;
  at: number;
  longitude: number;
  latitude: number;
  altitude: number | null;
  speed: number | null;
  heading: number | null;
};
