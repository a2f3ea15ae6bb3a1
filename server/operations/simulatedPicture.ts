import { PICTURE_STATE_LABELS, PICTURE_STATES, type PictureState } from '../../contracts/operations';

/** A camera's simulated picture keeps its state for a spell of this long (a fault persists for hours). */
export const PICTURE_SPELL_MS = 2 * 3_600_000;
/** Share of cameras with a picture problem in any one spell. */
export const PICTURE_FAULT_SHARE = 0.08;
const FAULTS: PictureState[] = ['frozen', 'black', 'blurred'];

/** A 32-bit mix of two integers (murmur3's finaliser): the same inputs give the same draw on every instance. */
function mix(a: number, b: number): number {
  let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The simulator's picture analysis of a camera at a time: deterministic in (camera, spell), so every
 * instance of a cluster and every re-run agree, most cameras are fine and a few are frozen, black or
 * blurred for a whole spell (PICTURE_SPELL_MS) before they may recover.
 */
export function simulatedPicture(deviceId: number, at: number): PictureState {
  const spell = Math.floor(at / PICTURE_SPELL_MS);
  const draw = mix(deviceId, spell) / 0x1_0000_0000;
  if (draw >= PICTURE_FAULT_SHARE) return 'ok';
  return FAULTS[Math.floor((draw / PICTURE_FAULT_SHARE) * FAULTS.length)] ?? 'frozen';
}

/** The telemetry field a camera reports its picture analysis in (its manifest declares it, options PICTURE_STATE_LABELS). */
export const PICTURE_FIELD = 'picture';

/** A picture state from a reported value: the manifest's label (画面冻结) or the code (frozen); null for anything else. */
export function pictureFromTelemetry(value: unknown): PictureState | null {
  if (typeof value !== 'string') return null;
  if ((PICTURE_STATES as readonly string[]).includes(value)) return value as PictureState;
  return PICTURE_STATES.find((state) => PICTURE_STATE_LABELS[state] === value) ?? null;
}

/**
 * A simulated camera's report carries its picture analysis, as a real one would: sets the declared
 * `picture` field (the label) on `telemetry` when the kind declares it.
 */
export function reportSimulatedPicture(
  kind: { telemetry?: { key: string }[] } | undefined,
  deviceId: number,
  at: number,
  telemetry: Record<string, string | number | boolean>,
): void {
  if (kind?.telemetry?.some((field) => field.key === PICTURE_FIELD))
    telemetry[PICTURE_FIELD] = PICTURE_STATE_LABELS[simulatedPicture(deviceId, at)];
}
