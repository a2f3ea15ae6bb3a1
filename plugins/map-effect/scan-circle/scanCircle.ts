import manifest from './plugin.json';

/** Spec section 9, as plugin.json declares it: the scan circle's height oscillates between 2000 and 22000 in steps of 1000. */
const { minHeight, maxHeight, heightStep, duration, look } = manifest.contributes.defaults;
export const SCAN_DEFAULTS = { minHeight, maxHeight, heightStep, duration } as const;
/** How the scope is drawn: fill, wake and ring opacities, the wake's angle (radians) and the ring's line. */
export const SCAN_LOOK = look;

export interface ScanCircleState {
  height: number;
  direction: 1 | -1;
}

export const initialScan = (): ScanCircleState => ({ height: SCAN_DEFAULTS.minHeight, direction: 1 });

export function advanceScan(state: ScanCircleState): ScanCircleState {
  const next = state.height + state.direction * SCAN_DEFAULTS.heightStep;
  if (next >= SCAN_DEFAULTS.maxHeight) return { height: SCAN_DEFAULTS.maxHeight, direction: -1 };
  if (next <= SCAN_DEFAULTS.minHeight) return { height: SCAN_DEFAULTS.minHeight, direction: 1 };
  return { height: next, direction: state.direction };
}

/** Angle of the sweep at a time, one turn per duration (ms). */
export const scanAngle = (timeMs: number, durationMs: number = SCAN_DEFAULTS.duration) =>
  ((timeMs % durationMs) / durationMs) * 2 * Math.PI;
