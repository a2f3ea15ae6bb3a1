import {
  AGE_BANDS,
  FACE_ATTRIBUTES,
  NON_MOTOR_TYPES,
  VEHICLE_COLORS,
  type AgeBand,
  type FaceAttribute,
  type NonMotorType,
  type RecognitionKind,
  type TargetType,
  type VehicleColor,
  type VehicleType,
} from '../../contracts/recognition';
import type { Database } from '../db/Database';
import { chinesePlate } from '../simulation/chinesePlates';
import { seededRandom } from '../simulation/seededRandom';
import { DAY_MS, HOUR_MS, SHANGHAI_OFFSET_MS } from '../stats/periods';

export type RecognitionRow = Omit<Database['recognition_records'], 'record_id'>;

/** A camera that recognises: where it is (its records carry its position). */
export interface RecognitionCameraSite {
  deviceId: number;
  longitude: number;
  latitude: number;
}

/**
 * Records per camera per hour by Shanghai hour: a few at night, about one and a half at the daytime
 * peaks. With the ~50 cameras of a demo tenant that is ~1,000 records a day (one every minute or so by
 * day): enough for every search and chart to have rows, and a month of history that costs little at a
 * fresh start (bench/history.ts).
 */
export const RECORDS_PER_CAMERA_HOUR = [
  0.15, 0.1, 0.06, 0.06, 0.1, 0.2, 0.5, 1.0, 1.6, 1.4, 1.2, 1.2, 1.3, 1.2, 1.2, 1.2, 1.4, 1.6, 1.5, 1.2, 0.9, 0.6, 0.4, 0.25,
];

export const localHour = (at: number) => Math.floor((at + SHANGHAI_OFFSET_MS) / HOUR_MS) % 24;

/** The share of each kind among a camera's records. */
const KIND_WEIGHTS: readonly (readonly [RecognitionKind, number])[] = [
  ['vehicle', 45],
  ['face', 30],
  ['nonMotor', 12],
  ['peopleCount', 8],
  ['target', 5],
];
const VEHICLE_TYPE_WEIGHTS: readonly (readonly [VehicleType, number])[] = [
  ['CAR', 55],
  ['SUV', 22],
  ['MPV', 8],
  ['VAN', 6],
  ['BUS', 4],
  ['TRUCK', 5],
];
const VEHICLE_COLOR_WEIGHTS: readonly (readonly [VehicleColor, number])[] = VEHICLE_COLORS.map(
  (color) => [color, { WHITE: 30, BLACK: 22, SILVER: 16, GREY: 12, RED: 7, BLUE: 8, OTHER: 5 }[color]] as const,
);
const AGE_WEIGHTS: readonly (readonly [AgeBand, number])[] = AGE_BANDS.map(
  (band) => [band, { CHILD: 8, YOUTH: 30, ADULT: 32, MIDDLE: 20, SENIOR: 10 }[band]] as const,
);
const NON_MOTOR_WEIGHTS: readonly (readonly [NonMotorType, number])[] = NON_MOTOR_TYPES.map(
  (type) => [type, { BICYCLE: 30, E_BIKE: 55, MOTORCYCLE: 10, TRICYCLE: 5 }[type]] as const,
);
const TARGET_WEIGHTS: readonly (readonly [TargetType, number])[] = [
  ['NO_HELMET', 30],
  ['INTRUSION', 20],
  ['CROWD', 18],
  ['LOITERING', 17],
  ['SMOKE_PLUME', 10],
  ['FIRE', 5],
];
/** How often a face wears each attribute. */
const ATTRIBUTE_SHARES: Record<FaceAttribute, number> = { GLASSES: 0.28, SUNGLASSES: 0.06, MASK: 0.15, HAT: 0.12, BACKPACK: 0.2 };

/** A vehicle as a camera sees it: the same plate always on the same type, colour and power. */
type Vehicle = Pick<RecognitionRow, 'plate' | 'plate_color' | 'vehicle_type' | 'vehicle_color' | 'power_type'>;
/** The share of vehicle records that are one of the tenant's regular vehicles (residents, commuters, fleets): their plates repeat. */
const REGULAR_SHARE = 0.8;
/** Regular vehicles per tenant. */
const REGULAR_VEHICLES = 5000;
/**
 * How skewed the regulars' visits are: the regular at rank i (of N) is drawn with u^SKEW·N, so the most
 * frequent holds about 1/√N of the regulars' passes (1.4 %), the ten most frequent 4.5 %.
 */
const REGULAR_SKEW = 2;
const regularsByTenant = new Map<number, readonly Vehicle[]>();

/** Any vehicle: its type, colour and a plate (chinesePlate: mostly the home province 浙, 浙A most of all). */
function drawVehicle(random: () => number): Vehicle {
  const type = pickWeighted(VEHICLE_TYPE_WEIGHTS, random);
  const drawn = chinesePlate(random, type === 'BUS' || type === 'TRUCK');
  return {
    vehicle_type: type,
    vehicle_color: pickWeighted(VEHICLE_COLOR_WEIGHTS, random),
    plate: drawn.plate,
    plate_color: drawn.plateColor,
    power_type: drawn.powerType,
  };
}

/**
 * One of the tenant's REGULAR_VEHICLES regulars, the frequent ones far more often (REGULAR_SKEW). The
 * regulars are drawn once per tenant from their own seed: the same vehicles in every run, whatever
 * `random` (the simulator's, the history's or the bulk seed's) has drawn before.
 */
export function regularVehicle(tenantId: number, random: () => number): Vehicle {
  let regulars = regularsByTenant.get(tenantId);
  if (!regulars) {
    const own = seededRandom(0x7e9_1a25 + 104_729 * tenantId);
    // One vehicle per plate (a draw can repeat a plate: 浙A and five digits are ~100k plates).
    const byPlate = new Map<string, Vehicle>();
    while (byPlate.size < REGULAR_VEHICLES) {
      const vehicle = drawVehicle(own);
      if (!byPlate.has(vehicle.plate!)) byPlate.set(vehicle.plate!, vehicle);
    }
    regulars = [...byPlate.values()];
    regularsByTenant.set(tenantId, regulars);
  }
  return regulars[Math.floor(random() ** REGULAR_SKEW * regulars.length)]!;
}

export function pickWeighted<T>(options: readonly (readonly [T, number])[], random: () => number): T {
  const total = options.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [value, weight] of options) {
    draw -= weight;
    if (draw < 0) return value;
  }
  return options[options.length - 1]![0];
}

/** A Poisson count with mean `mean` (normal approximation for large means). */
export function poisson(mean: number, random: () => number): number {
  if (!(mean > 0)) return 0;
  if (mean < 30) {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let product = random(); product > limit; product *= random()) k++;
    return k;
  }
  const z = Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
}

let lastDay = { start: Number.NaN, name: '' };

/** A snapshot's file name under the tenant's folder: the Shanghai day's folder, then time, camera and a draw (unique enough, known before the insert). */
export function snapshotName(at: number, deviceId: number, random: () => number): string {
  const dayStart = Math.floor((at + SHANGHAI_OFFSET_MS) / DAY_MS) * DAY_MS;
  // The day's folder formatted once per day (records come in time order: a month's are ~60k names).
  if (dayStart !== lastDay.start) lastDay = { start: dayStart, name: new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '') };
  const day = lastDay.name;
  const token = Math.floor(random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0');
  return `${day}/${at}-${deviceId}-${token}.png`;
}

/** One record of `camera` at `at`, its kind and attributes drawn from the model. */
export function drawRecord(tenantId: number, camera: RecognitionCameraSite, at: number, random: () => number): RecognitionRow {
  const kind = pickWeighted(KIND_WEIGHTS, random);
  const row: RecognitionRow = {
    tenant_id: tenantId,
    device_id: camera.deviceId,
    at,
    // Where the camera looks: a few metres off its pole.
    longitude: camera.longitude + (random() - 0.5) * 0.0003,
    latitude: camera.latitude + (random() - 0.5) * 0.0003,
    kind,
    age_band: null,
    gender: null,
    attributes: '',
    plate: null,
    plate_color: null,
    vehicle_type: null,
    vehicle_color: null,
    power_type: null,
    non_motor_type: null,
    people_count: null,
    target_type: null,
    snapshot: null,
  };
  switch (kind) {
    case 'face': {
      row.age_band = pickWeighted(AGE_WEIGHTS, random);
      row.gender = random() < 0.03 ? '2' : random() < 0.52 ? '0' : '1';
      const worn = FACE_ATTRIBUTES.filter((attribute) => random() < ATTRIBUTE_SHARES[attribute]);
      row.attributes = worn.length ? `,${worn.join(',')},` : '';
      break;
    }
    case 'vehicle':
      Object.assign(row, random() < REGULAR_SHARE ? regularVehicle(tenantId, random) : drawVehicle(random));
      break;
    case 'nonMotor':
      row.non_motor_type = pickWeighted(NON_MOTOR_WEIGHTS, random);
      break;
    case 'peopleCount': {
      // More people by day.
      const busy = RECORDS_PER_CAMERA_HOUR[localHour(at)]! / 1.6;
      row.people_count = 1 + Math.floor(random() * random() * 60 * busy);
      break;
    }
    case 'target':
      row.target_type = pickWeighted(TARGET_WEIGHTS, random);
      break;
  }
  row.snapshot = snapshotName(at, camera.deviceId, random);
  return row;
}

/**
 * The records `cameras` produce over [from, to): per hour slice a Poisson count at the hour's rate,
 * each on a camera drawn evenly, at a time drawn within the slice; in time order. The simulator calls it
 * for the seconds since its last tick, the history for a month: the same model both ways.
 */
export function produceRecords(
  tenantId: number,
  cameras: readonly RecognitionCameraSite[],
  from: number,
  to: number,
  random: () => number,
): RecognitionRow[] {
  if (!cameras.length || to <= from) return [];
  const rows: RecognitionRow[] = [];
  for (let sliceStart = from; sliceStart < to;) {
    const sliceEnd = Math.min(to, (Math.floor(sliceStart / HOUR_MS) + 1) * HOUR_MS);
    const mean = ((RECORDS_PER_CAMERA_HOUR[localHour(sliceStart)]! * cameras.length) / HOUR_MS) * (sliceEnd - sliceStart);
    const count = poisson(mean, random);
    const times = Array.from({ length: count }, () => sliceStart + Math.floor(random() * (sliceEnd - sliceStart))).sort((a, b) => a - b);
    for (const at of times) rows.push(drawRecord(tenantId, cameras[Math.floor(random() * cameras.length)]!, at, random));
    sliceStart = sliceEnd;
  }
  return rows;
}

/** Records a tenant's cameras produce in a day on average (the model's own sum). */
export const recordsPerDay = (cameras: number) => RECORDS_PER_CAMERA_HOUR.reduce((sum, rate) => sum + rate, 0) * cameras;
