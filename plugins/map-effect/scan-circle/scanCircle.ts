/** Spec section 9: the scan circle's height oscillates between 2000 and 22000 in steps of 1000. */
export const SCAN_DEFAULTS = { minHeight: 2000, maxHeight: 22000, heightStep: 1000, duration: 4000 } as const;

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
export const scanAngle = (timeMs: number, durationMs: number = SCAN_DEFAULTS.duration) => ((timeMs % durationMs) / durationMs) * 2 * Math.PI;
