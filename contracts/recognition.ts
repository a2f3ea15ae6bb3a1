/**
 * Recognition records of the AI cameras (数据检索): what a record holds, the codes of its coded fields
 * and the limits of a search. The codes are data both sides validate against; their Chinese labels are
 * the server's dictionaries (`GET /system/dict/data/type/{type}`, type in RECOGNITION_DICTS), never a
 * table in the browser.
 */

/** What a record recognised: a face, a vehicle, a non-motor vehicle, a people count or a target (helmet, smoke…). */
export const RECOGNITION_KINDS = ['face', 'vehicle', 'nonMotor', 'peopleCount', 'target'] as const;
export type RecognitionKind = (typeof RECOGNITION_KINDS)[number];

export const AGE_BANDS = ['CHILD', 'YOUTH', 'ADULT', 'MIDDLE', 'SENIOR'] as const;
/** The values of the seeded dictionary sys_user_sex the faces use (0 男, 1 女, 2 未知). */
export const GENDERS = ['0', '1', '2'] as const;
export const FACE_ATTRIBUTES = ['GLASSES', 'SUNGLASSES', 'MASK', 'HAT', 'BACKPACK'] as const;
export const PLATE_COLORS = ['BLUE', 'YELLOW', 'GREEN', 'WHITE', 'BLACK'] as const;
export const VEHICLE_TYPES = ['CAR', 'SUV', 'MPV', 'BUS', 'TRUCK', 'VAN'] as const;
export const VEHICLE_COLORS = ['WHITE', 'BLACK', 'SILVER', 'GREY', 'RED', 'BLUE', 'OTHER'] as const;
/** The seeded dictionary vehicle_power_type: 燃油, 纯电动, 混合动力. */
export const POWER_TYPES = ['RYC', 'XNYS', 'XNYD'] as const;
export const NON_MOTOR_TYPES = ['BICYCLE', 'E_BIKE', 'MOTORCYCLE', 'TRICYCLE'] as const;
export const TARGET_TYPES = ['NO_HELMET', 'SMOKE_PLUME', 'FIRE', 'CROWD', 'INTRUSION', 'LOITERING'] as const;

export type AgeBand = (typeof AGE_BANDS)[number];
export type Gender = (typeof GENDERS)[number];
export type FaceAttribute = (typeof FACE_ATTRIBUTES)[number];
export type PlateColor = (typeof PLATE_COLORS)[number];
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export type VehicleColor = (typeof VEHICLE_COLORS)[number];
export type PowerType = (typeof POWER_TYPES)[number];
export type NonMotorType = (typeof NON_MOTOR_TYPES)[number];
export type TargetType = (typeof TARGET_TYPES)[number];

/** The dictionary type of each coded field (seeded by server/seed/seedData.ts; the page's selects and labels read them). */
export const RECOGNITION_DICTS = {
  kind: 'recognition_kind',
  ageBand: 'face_age_band',
  gender: 'sys_user_sex',
  faceAttribute: 'face_attribute',
  plateColor: 'plate_color',
  vehicleType: 'vehicle_type',
  vehicleColor: 'vehicle_color',
  powerType: 'vehicle_power_type',
  nonMotorType: 'non_motor_type',
  targetType: 'target_type',
} as const;
export type RecognitionDictField = keyof typeof RECOGNITION_DICTS;

/** The codes each dictionary must hold (a test holds the seeds to them). */
export const RECOGNITION_DICT_CODES: Record<RecognitionDictField, readonly string[]> = {
  kind: RECOGNITION_KINDS,
  ageBand: AGE_BANDS,
  gender: GENDERS,
  faceAttribute: FACE_ATTRIBUTES,
  plateColor: PLATE_COLORS,
  vehicleType: VEHICLE_TYPES,
  vehicleColor: VEHICLE_COLORS,
  powerType: POWER_TYPES,
  nonMotorType: NON_MOTOR_TYPES,
  targetType: TARGET_TYPES,
};

/** One record as the search returns it; the fields of other kinds are null. */
export interface RecognitionRecord {
  recordId: number;
  deviceId: number;
  deviceName: string;
  /** Epoch ms. */
  at: number;
  longitude: number;
  latitude: number;
  kind: RecognitionKind;
  ageBand: AgeBand | null;
  gender: Gender | null;
  /** A face's attributes (glasses, mask…); empty for other kinds. */
  faceAttributes: FaceAttribute[];
  /** As stored: no separator (浙A12345); shown with formatPlate. */
  plate: string | null;
  plateColor: PlateColor | null;
  vehicleType: VehicleType | null;
  vehicleColor: VehicleColor | null;
  powerType: PowerType | null;
  nonMotorType: NonMotorType | null;
  peopleCount: number | null;
  targetType: TargetType | null;
  /** Whether the snapshot is still kept (RECOGNITION_SNAPSHOT_DAYS); an older record keeps its row without image. */
  hasSnapshot: boolean;
}

/** A search may span at most this long (the time index bounds every search, the partial plate one included). */
export const RECOGNITION_MAX_RANGE_DAYS = 31;
export const RECOGNITION_MAX_PAGE_SIZE = 100;
/** A CSV export refuses more rows than this (it streams, but a file of more is no use to anyone). */
export const RECOGNITION_EXPORT_MAX_ROWS = 1_000_000;
export const RECOGNITION_MAX_CAMERAS = 50;
/** A plate text (whole or partial) is at most this long. */
export const PLATE_TEXT_MAX_LENGTH = 10;

/** The search's filters (the query of /recognition/list and /recognition/export, without paging). */
export interface RecognitionQuery {
  beginTime: number;
  endTime: number;
  /** Camera device ids, comma separated (1,2,3). */
  deviceIds?: string;
  kind?: RecognitionKind;
  ageBand?: AgeBand;
  gender?: Gender;
  faceAttribute?: FaceAttribute;
  plate?: string;
  plateColor?: PlateColor;
  vehicleType?: VehicleType;
  vehicleColor?: VehicleColor;
  powerType?: PowerType;
  nonMotorType?: NonMotorType;
  targetType?: TargetType;
}

/** A camera the search may name: the tenant's recognition cameras. */
export interface RecognitionCamera {
  deviceId: number;
  name: string;
}

/** A plate as typed: no separator or spaces, capitals (浙a·123 → 浙A123). */
export const normalizePlate = (text: string) => text.replace(/[\s·.-]/g, '').toUpperCase();

/** A stored plate as shown: province and letter, a middle dot, the rest (浙A12345 → 浙A·12345). */
export const formatPlate = (plate: string) => (plate.length > 2 ? `${plate.slice(0, 2)}·${plate.slice(2)}` : plate);

export const RECOGNITION_API = {
  list: '/recognition/list',
  export: '/recognition/export',
  cameras: '/recognition/cameras',
  snapshot: '/recognition/snapshot/:recordId',
} as const;

/** The snapshot's path under the API (fetched with the session through ApiFiles). */
export const recognitionSnapshotPath = (recordId: number) => RECOGNITION_API.snapshot.replace(':recordId', String(recordId));

/** What is wrong with a search's time range, in Chinese naming the field; null when it is fine. */
export function recognitionRangeProblem(beginTime: number, endTime: number): string | null {
  if (endTime < beginTime) return '结束时间（endTime）不能早于开始时间（beginTime）';
  if (endTime - beginTime > RECOGNITION_MAX_RANGE_DAYS * 86_400_000)
    return `时间范围（beginTime 至 endTime）不能超过 ${RECOGNITION_MAX_RANGE_DAYS} 天，请缩小时间范围`;
  return null;
}
