/**
 * The perception tables (migrations 019–021): the AI cameras' recognition records (server/recognition/),
 * their rollups (RecognitionRollup.ts) and the watchlists matched against them (server/watchlists/). Part
 * of `Database`; same conventions.
 */
export interface PerceptionTables {
  /** A recognition record of an AI camera (migration 019; server/recognition/): the kind's columns, the others null. */
  recognition_records: {
    record_id: number | undefined;
    tenant_id: number;
    device_id: number;
    at: number;
    longitude: number;
    latitude: number;
    kind: string;
    age_band: string | null;
    gender: string | null;
    /** A face's attributes as ",GLASSES,MASK,"; '' for other kinds. */
    attributes: string;
    /** Without separator: 浙A12345. */
    plate: string | null;
    plate_color: string | null;
    vehicle_type: string | null;
    vehicle_color: string | null;
    power_type: string | null;
    non_motor_type: string | null;
    people_count: number | null;
    target_type: string | null;
    /** The snapshot's file name under DATA_DIR/snapshots/<tenant>/ (null: none). */
    snapshot: string | null;
    /** 'live' (default) or 'seed': written by a fresh start's history. */
    origin?: string;
    /** Who a simulated face is: a watchlist person target's id (migration 020); null or absent for anyone else. */
    person_id?: number | null;
  };
  /** How often a plate was seen per tenant, UTC day (at / 86,400,000) and kind (migration 024, kept by triggers): 车辆管控's plate figures. */
  recognition_plate_days: {
    tenant_id: number;
    day: number;
    kind: string;
    plate: string;
    n: number;
  };
  /**
   * Records counted per tenant, hour, kind, dimension and value (migration 021): dimension '' (value '')
   * the kind's total, a coded column's name (value: the code), 'demographic' (value: age band/gender),
   * 'attribute' (value: an attribute worn) or 'people' (n: the people counts, with their sum and maximum).
   */
  recognition_hourly: {
    tenant_id: number;
    hour_at: number;
    kind: string;
    dimension: string;
    value: string;
    n: number;
    people_sum: number | null;
    people_max: number | null;
  };
  /** Records counted per tenant, Shanghai day (its start), camera and kind, with the last one's time (migration 021). */
  recognition_camera_daily: {
    tenant_id: number;
    day_at: number;
    device_id: number;
    kind: string;
    n: number;
    last_at: number;
    /** Of the records, those with a people count, and the counts' sum. */
    people_n: number;
    people_sum: number;
  };
  /** A watchlist deployment (布防, migration 020; server/watchlists/): cameras as ",1,2,3,". */
  watchlist_deployments: {
    deployment_id: number | undefined;
    tenant_id: number;
    kind: string;
    name: string;
    event_type: string;
    alarm_type: string;
    grade: string;
    device_ids: string;
    /** The areas named, as ",江南大道,滨盛路," ('' for none: migration 023). */
    areas: string;
    valid_from: number;
    valid_until: number;
    interval_minutes: number;
    status: string;
    created_by: number | null;
    created_at: number;
    updated_at: number;
  };
  /** A person's photo uploaded for a face deployment, under DATA_DIR/watchlists/<tenant>/. */
  watchlist_photos: {
    photo_id: number | undefined;
    tenant_id: number;
    file: string;
    mime: string;
    size: number;
    created_by: number | null;
    created_at: number;
  };
  /** A deployment's target: a whole plate, a plate pattern or a person (value: the name; photo_id). */
  watchlist_targets: {
    target_id: number | undefined;
    tenant_id: number;
    deployment_id: number;
    kind: string;
    value: string;
    photo_id: number | null;
  };
  /** A record that matched a deployment's target; alarm_id null inside the interval after an alarm. */
  watchlist_hits: {
    hit_id: number | undefined;
    tenant_id: number;
    deployment_id: number;
    target_id: number;
    record_id: number;
    device_id: number;
    at: number;
    label: string;
    alarm_id: number | null;
  };
}
