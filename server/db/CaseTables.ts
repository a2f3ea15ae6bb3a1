/**
 * The case tables (migration 028; server/cases/): cases, their audit trail and evidence files. Part of
 * `Database`; same conventions (times epoch ms).
 */
export interface CaseTables {
  /** A case of 综合执法: kind, source, place and where it stands (registered → assigned → handled → closed, or rejected). */
  cases: {
    case_id: number | undefined;
    tenant_id: number;
    /** AJ-yyyymmdd-nnnn. */
    case_no: string;
    kind: string;
    source: string;
    status: string;
    title: string;
    description: string;
    reporter_name: string;
    reporter_phone: string;
    longitude: number;
    latitude: number;
    area: string;
    team: string | null;
    work_order_id: number | null;
    alarm_id: number | null;
    created_at: number;
    assigned_at: number | null;
    handled_at: number | null;
    closed_at: number | null;
    updated_at: number;
    /** 'live' or 'seed' (the history of a fresh start). */
    origin: string;
  };
  /** One step of a case (registration, each move, an evidence upload), written in the step's transaction. */
  case_events: {
    event_id: number | undefined;
    case_id: number;
    tenant_id: number;
    at: number;
    user_id: number | null;
    action: string;
    from_status: string | null;
    to_status: string | null;
    note: string;
  };
  /** An evidence image of a case: the file under DATA_DIR/cases/ and the status it was taken in. */
  case_evidence: {
    evidence_id: number | undefined;
    case_id: number;
    tenant_id: number;
    status: string;
    file: string;
    mime: string;
    size: number;
    user_id: number | null;
    created_at: number;
  };
}
