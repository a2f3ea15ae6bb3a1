import { SHIFT_HOURS, type FieldShift } from '../../contracts/field';
import { seededRandom } from '../simulation/seededRandom';

/** A point a member walks to: a lamp post (on a street), or a patrol route's checkpoint. */
export interface WalkPoint {
  lng: number;
  lat: number;
  /** The patrol checkpoint it is (a route from `waypointsOf`); undefined for a street point. */
  checkpointId?: number;
}

/** Where a walker is at one instant. */
export interface WalkFix {
  longitude: number;
  latitude: number;
  /** Degrees clockwise from north, [0, 360). */
  heading: number;
  /** Metres per second. */
  speed: number;
  /** Index of the point walked to next. */
  nextIndex: number;
}

const EARTH_METRES_PER_DEGREE = 111_320;
const HOUR_MS = 3_600_000;
/** Beijing time: the shifts' hours are local (UTC+8). */
const LOCAL_OFFSET_MS = 8 * HOUR_MS;
/** GPS noise: up to this many metres either way. */
const NOISE_METRES = 3;
/** A walker's rhythm: 20 minutes walking in every 30. */
const REST_CYCLE_MS = 30 * 60_000;
const WALK_MS = 20 * 60_000;

/** Metres east and north from a to b (an equirectangular approximation: good over a district). */
function offsetMetres(a: WalkPoint, b: WalkPoint): { east: number; north: number } {
  const cosLat = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return { east: (b.lng - a.lng) * EARTH_METRES_PER_DEGREE * cosLat, north: (b.lat - a.lat) * EARTH_METRES_PER_DEGREE };
}

export function walkDistance(a: WalkPoint, b: WalkPoint): number {
  const { east, north } = offsetMetres(a, b);
  return Math.hypot(east, north);
}

/** A member's stroll through their area's street points: `count` of them in nearest-neighbour order (a loop), drawn from `seed`. */
export function streetLoop(points: readonly WalkPoint[], seed: number, count = 6): WalkPoint[] {
  if (points.length <= 1) return [...points];
  const random = seededRandom(seed);
  const pool = [...points];
  const picked: WalkPoint[] = [];
  while (picked.length < Math.min(count, points.length)) picked.push(...pool.splice(Math.floor(random() * pool.length), 1));
  const ordered = [picked.shift()!];
  while (picked.length) {
    const last = ordered[ordered.length - 1]!;
    picked.sort((a, b) => walkDistance(last, a) - walkDistance(last, b));
    ordered.push(picked.shift()!);
  }
  return ordered;
}

/**
 * The GPS error of a member's fix at `at`, in metres [-NOISE_METRES, NOISE_METRES]: a sum of slow waves of
 * the member's own phases (deterministic, so the history and the live walk agree, and smooth, so a 1 Hz
 * track wanders a little instead of zigzagging).
 */
function noise(memberId: number, at: number, axis: number): number {
  const seconds = at / 1000;
  return NOISE_METRES * (0.6 * Math.sin(seconds / 11 + memberId * 1.7 + axis) + 0.4 * Math.sin(seconds / 29 + memberId * 0.3 + axis * 2));
}

/**
 * Where a member walking round `loop` (closed: the last point leads back to the first) at `speed` m/s is
 * at time `at`: a function of time alone (the distance walked since the epoch plus the member's phase),
 * so the history and the live simulator draw the same walk, with a few metres of GPS noise.
 */
export function walkAt(loop: readonly WalkPoint[], memberId: number, speed: number, phaseMetres: number, at: number): WalkFix | undefined {
  const first = loop[0];
  if (!first) return undefined;
  if (loop.length === 1) return { longitude: first.lng, latitude: first.lat, heading: 0, speed: 0, nextIndex: 0 };
  const lengths = loop.map((point, index) => walkDistance(point, loop[(index + 1) % loop.length]!));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (total <= 0) return { longitude: first.lng, latitude: first.lat, heading: 0, speed: 0, nextIndex: 0 };
  // Walks WALK_MS of every REST_CYCLE_MS (a pause at a corner, a word with a shopkeeper), then stands.
  const shifted = at + memberId * 97_000;
  const cycleAt = ((shifted % REST_CYCLE_MS) + REST_CYCLE_MS) % REST_CYCLE_MS;
  const walkedMs = Math.floor(shifted / REST_CYCLE_MS) * WALK_MS + Math.min(cycleAt, WALK_MS);
  const moving = cycleAt < WALK_MS;
  let along = ((((speed * walkedMs) / 1000 + phaseMetres) % total) + total) % total;
  let index = 0;
  while (along > lengths[index]! && index < loop.length - 1) along -= lengths[index++]!;
  const from = loop[index]!;
  const to = loop[(index + 1) % loop.length]!;
  const share = lengths[index]! > 0 ? Math.min(1, along / lengths[index]!) : 0;
  const { east, north } = offsetMetres(from, to);
  const cosLat = Math.cos((from.lat * Math.PI) / 180);
  const longitude = from.lng + (to.lng - from.lng) * share + noise(memberId, at, 1) / (EARTH_METRES_PER_DEGREE * cosLat);
  const latitude = from.lat + (to.lat - from.lat) * share + noise(memberId, at, 2) / EARTH_METRES_PER_DEGREE;
  const heading = ((Math.atan2(east, north) * 180) / Math.PI + 360) % 360;
  return {
    longitude,
    latitude,
    heading: (Math.round(heading * 10) / 10) % 360,
    speed: moving ? speed : 0,
    nextIndex: (index + 1) % loop.length,
  };
}

const isShift = (shift: string): shift is FieldShift => shift in SHIFT_HOURS;

/** Whether a shift works at `at` (Beijing time; 晚班 runs past midnight, 全天 always; an unknown shift never). */
export function onShiftAt(shift: string, at: number): boolean {
  if (!isShift(shift)) return false;
  const [from, to] = SHIFT_HOURS[shift];
  const hour = ((((at + LOCAL_OFFSET_MS) % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;
  return (hour >= from && hour < to) || (to > 24 && hour < to - 24);
}

/** Local (Beijing) midnight at or before `at`. */
export function localMidnight(at: number): number {
  const day = 24 * HOUR_MS;
  return Math.floor((at + LOCAL_OFFSET_MS) / day) * day - LOCAL_OFFSET_MS;
}

/** A member's walking speed (m/s, 1.1–1.5) and phase along their loop, drawn from their id. */
export function walkerOf(memberId: number): { speed: number; phaseMetres: number } {
  const random = seededRandom(memberId * 7919 + 17);
  return { speed: Math.round((1.1 + random() * 0.4) * 100) / 100, phaseMetres: random() * 5_000 };
}
