import manifest from './plugin.json';

/** Spec section 9, as plugin.json declares it: heading 0.8, pitch 20.65, start alpha 0.2, a cyan-like colour. */
const { heading, pitch, roll, alpha, color } = manifest.contributes.defaults;
export const CONE_DEFAULTS = { heading, pitch, roll, alpha, color } as const;

export type ConeMode = 1 | 2 | 3;
export type ConeStage = 1 | 2;

export interface ViewConeState {
  mode: ConeMode;
  heading: number;
  headingDirection: 1 | -1;
  far: number;
  alpha: number;
  /** Stages whose callback has fired. */
  fired: ConeStage[];
  done: boolean;
}

// Mode 1 sweeps between these headings; the spec says "about -0.1 and 0.9".
export const SWEEP_MIN = -0.1;
export const SWEEP_MAX = 0.9;
export const SWEEP_STEP = 0.02;

export function createViewCone(mode: ConeMode, far = 0): ViewConeState {
  return { mode, heading: CONE_DEFAULTS.heading, headingDirection: 1, far, alpha: CONE_DEFAULTS.alpha, fired: [], done: false };
}

/**
 * One tick of the cone's animation.
 * Mode 1: the heading sweeps back and forth while the far distance grows by 30 up to 900; stage 1
 * fires when the far distance reaches 900, stage 2 when the sweep next comes back to its low end.
 * Mode 2: the far distance grows by 50 up to 600, then stage 2 fires.
 * Mode 3: the alpha fades from 0.2 by 0.005 per tick, down to 0.
 */
export function advanceCone(state: ViewConeState, onStage: (stage: ConeStage) => void = () => undefined): ViewConeState {
  if (state.done) return state;
  const fire = (next: ViewConeState, stage: ConeStage): ViewConeState => {
    if (next.fired.includes(stage)) return next;
    onStage(stage);
    return { ...next, fired: [...next.fired, stage] };
  };
  if (state.mode === 1) {
    let heading = state.heading + state.headingDirection * SWEEP_STEP;
    let headingDirection = state.headingDirection;
    let turnedAtLowEnd = false;
    if (heading >= SWEEP_MAX) {
      heading = SWEEP_MAX;
      headingDirection = -1;
    } else if (heading <= SWEEP_MIN) {
      heading = SWEEP_MIN;
      headingDirection = 1;
      turnedAtLowEnd = true;
    }
    let next: ViewConeState = { ...state, heading: Number(heading.toFixed(4)), headingDirection, far: Math.min(900, state.far + 30) };
    if (next.far >= 900) next = fire(next, 1);
    if (turnedAtLowEnd && next.fired.includes(1)) next = { ...fire(next, 2), done: true };
    return next;
  }
  if (state.mode === 2) {
    const next: ViewConeState = { ...state, far: Math.min(600, state.far + 50) };
    return next.far >= 600 ? { ...fire(next, 2), done: true } : next;
  }
  const alpha = Math.max(0, Number((state.alpha - 0.005).toFixed(4)));
  return { ...state, alpha, done: alpha === 0 };
}
