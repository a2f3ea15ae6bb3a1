/**
 * The patrol tables (migration 027; server/patrols/): planned routes, their checkpoints, the check-ins and
 * the checkpoints missed. Part of `Database`; same conventions (times epoch ms).
 */
export interface PatrolTables {
  patrol_routes: {
    route_id: number | undefined;
    tenant_id: number;
    name: string;
    kind: string;
    team: string;
    member_id: number;
    created_at: number;
  };
  patrol_checkpoints: {
    checkpoint_id: number | undefined;
    tenant_id: number;
    route_id: number;
    seq: number;
    name: string;
    longitude: number;
    latitude: number;
    radius_m: number;
    /** Minutes of the Asia/Shanghai day: due from ≤ check-in < to. */
    due_from_minute: number;
    due_to_minute: number;
  };
  patrol_check_ins: {
    check_in_id: number | undefined;
    tenant_id: number;
    route_id: number;
    checkpoint_id: number;
    member_id: number;
    kind: string;
    /** The Asia/Shanghai midnight (epoch ms) of the day of `at`. */
    day: number;
    at: number;
    longitude: number;
    latitude: number;
    distance_m: number;
    note: string;
    photo_file: string | null;
    photo_mime: string | null;
  };
  /** A checkpoint missed on a day (key checkpoint + day): its alarm is raised once. */
  patrol_missed: {
    checkpoint_id: number;
    day: number;
    tenant_id: number;
    route_id: number;
    raised_at: number;
    alarm_id: number | null;
  };
}
